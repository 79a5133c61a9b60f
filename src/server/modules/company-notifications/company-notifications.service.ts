import type { FastifyBaseLogger } from 'fastify';
import type { ApplicationNotificationChoice } from '../../../shared/company/application-notifications.ts';
import type { Database } from '../../db/client.ts';
import { mailLocaleOf, renderMail } from '../../mail/mail-layout.ts';
import { enqueueMails, type OutboxMessage } from '../../mail/outbox.ts';
import type { UnsubscribeLinks, UnsubscribeSubject } from '../../mail/unsubscribe-token.ts';
import { latestLocalSlot, effectiveTimeZone } from '../../scheduler/local-time.ts';
import {
  claimNotificationRuns,
  forgetNotificationRunsBefore,
  recordedNotificationRuns,
} from '../../scheduler/notification-runs.ts';
import type { ScheduledTask } from '../../scheduler/scheduler.ts';
import { applicationNoticeMail, applicationSummaryMail, type NoticeEvent } from './application-notice-mails.ts';
import {
  type ApplicationActivity,
  applicationActivity,
  applicationForNotice,
  dailySummaryMembers,
  membersChoosing,
  type NotifiedMember,
} from './company-notifications.repository.ts';

// How the members of an organization hear of its applications (issue 26, item 5): members who chose 'each' get an
// e-mail per application and per withdrawal, queued in the transaction that writes it (so it exists exactly when the
// change does); members who chose 'daily' (owners, unless they chose otherwise) get one summary a day at the digest
// hour of their time zone, through the scheduled-task runner, recorded by a stable id with its outbox row so it is
// never sent twice. Every e-mail carries a signed unsubscribe link that sets the member's choice to 'none'.

export const unsubscribeKindName = 'application-notices';
export const summaryTaskName = 'application-summaries';
const summaryRunKind = 'application-summary';
const dayMs = 86_400_000;

/** What an unsubscribe link of these e-mails names: the member, the organization, and the choice it stops. */
export function noticesUnsubscribeSubject(
  member: Pick<NotifiedMember, 'organizationId' | 'uid'>,
  choice: Exclude<ApplicationNotificationChoice, 'none'>,
): UnsubscribeSubject {
  return { kind: unsubscribeKindName, value: `${member.organizationId}:${member.uid}:${choice}` };
}

export type ApplicationNotices = {
  /**
   * Queues with `tx` (the transaction of the application or the withdrawal) the e-mail of each member of the job's
   * organization who chose an e-mail per application; answers how many.
   */
  enqueue(tx: Database, event: NoticeEvent, applicationId: string): Promise<number>;
};

export type NoticesOptions = {
  /** PUBLIC_URL: the links of the e-mails. */
  appUrl: string;
  unsubscribeLinks: UnsubscribeLinks;
};

function mailTo(
  member: NotifiedMember,
  kind: string,
  causeId: string,
  content: Parameters<typeof renderMail>[0],
  appUrl: string,
  headers: Record<string, string>,
): OutboxMessage {
  const { subject, text, html } = renderMail(content, { appUrl });
  return { kind, causeId, to: member.email, subject, text, html, headers };
}

export function createApplicationNotices({ appUrl, unsubscribeLinks }: NoticesOptions): ApplicationNotices {
  return {
    async enqueue(tx, event, applicationId) {
      const application = await applicationForNotice(tx, applicationId);
      if (!application) return 0;
      const members = await membersChoosing(tx, application.organizationId, 'each');
      const messages = members.map((member) => {
        const link = unsubscribeLinks.link(noticesUnsubscribeSubject(member, 'each'));
        const content = applicationNoticeMail(mailLocaleOf(member.locale), event, application, link.url);
        return mailTo(member, 'application-notice', applicationId, content, appUrl, link.headers);
      });
      await enqueueMails(tx, messages);
      return messages.length;
    },
  };
}

export type SummaryTaskOptions = NoticesOptions & {
  db: Database;
  log: FastifyBaseLogger;
  /** The local hour the summaries go out at (DIGEST_HOUR). */
  hour: number;
  /** Told after a round queued mail (the mail sender's nudge). */
  onQueued?: () => void;
  /** How often each instance tries a round. Default 5 minutes. */
  everyMs?: number;
};

export type SummaryRound = { sent: number; empty: number; skipped: number };

/**
 * One round of daily summaries at `now`: for each member who chose them, the latest `hour`:00 of their time zone
 * names the unit (`application-summary:{org}:{uid}:{local date}`); a unit not yet recorded covers the 24 hours before
 * that time. Nothing happened: the unit is recorded with no e-mail.
 */
export async function runApplicationSummaries(
  options: SummaryTaskOptions,
  { now, renewLease, signal }: { now: Date; renewLease: () => Promise<boolean>; signal: AbortSignal },
): Promise<SummaryRound> {
  const { db, appUrl, unsubscribeLinks, hour } = options;
  const members = await dailySummaryMembers(db);
  const units = members.map((member) => {
    const timeZone = effectiveTimeZone(member.timeZone);
    const slot = latestLocalSlot(now.getTime(), timeZone, hour);
    return { member, timeZone, slot, id: `${summaryRunKind}:${member.organizationId}:${member.uid}:${slot.date}` };
  });
  const done = await recordedNotificationRuns(
    db,
    units.map((unit) => unit.id),
  );
  const round: SummaryRound = { sent: 0, empty: 0, skipped: done.size };
  // Members of one organization whose day ends at the same time share one reading of its applications.
  const activities = new Map<string, Promise<ApplicationActivity>>();
  for (const unit of units) {
    if (done.has(unit.id)) continue;
    if (signal.aborted || !(await renewLease())) break;
    const key = `${unit.member.organizationId}:${unit.slot.at}`;
    let activity = activities.get(key);
    if (!activity) {
      activity = applicationActivity(
        db,
        [unit.member.organizationId],
        new Date(unit.slot.at - dayMs),
        new Date(unit.slot.at),
      );
      activities.set(key, activity);
    }
    const { received, withdrawn } = await activity;
    const itemCount = received.length + withdrawn.length;
    const claimed = await db.transaction(async (tx) => {
      const recorded = await claimNotificationRuns(tx, [{ id: unit.id, kind: summaryRunKind, itemCount }]);
      if (!recorded.has(unit.id) || itemCount === 0) return recorded.has(unit.id);
      const link = unsubscribeLinks.link(noticesUnsubscribeSubject(unit.member, 'daily'));
      const content = applicationSummaryMail(
        mailLocaleOf(unit.member.locale),
        unit.member.organizationName,
        { received, withdrawn },
        unit.timeZone,
        link.url,
      );
      await enqueueMails(tx, [mailTo(unit.member, 'application-summary', unit.id, content, appUrl, link.headers)]);
      return true;
    });
    if (!claimed) round.skipped += 1;
    else if (itemCount === 0) round.empty += 1;
    else round.sent += 1;
  }
  // A unit's id names a past date no round computes again after a day: kept a month for the record, then forgotten.
  await forgetNotificationRunsBefore(db, new Date(now.getTime() - 31 * dayMs), summaryRunKind);
  return round;
}

/** The daily summaries as a task of the scheduled-task runner (scheduler/scheduler.ts). */
export function applicationSummaryTask(options: SummaryTaskOptions): ScheduledTask {
  return {
    name: summaryTaskName,
    everyMs: options.everyMs ?? 5 * 60_000,
    async run(run) {
      const round = await runApplicationSummaries(options, run);
      if (round.sent > 0) {
        options.log.info({ ...round }, 'application summaries queued');
        options.onQueued?.();
      }
      return round;
    },
  };
}

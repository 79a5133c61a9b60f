import { and, eq, exists, gt, isNull, lte, notInArray } from 'drizzle-orm';
import type { TrackedStage } from '../../../shared/tracked-applications/tracked-applications-api.ts';
import type { Database } from '../../db/client.ts';
import { pushSubscriptions, trackedApplications, users } from '../../db/schema.ts';
import { mailLocaleOf, renderMail } from '../../mail/mail-layout.ts';
import { enqueueMails } from '../../mail/outbox.ts';
import { enqueuePush } from '../../push/push-outbox.ts';
import { addDays, effectiveTimeZone, instantOfLocalHour, localTimeAt } from '../../scheduler/local-time.ts';
import {
  claimNotificationRuns,
  forgetNotificationRunsBefore,
  recordedNotificationRuns,
} from '../../scheduler/notification-runs.ts';
import type { ScheduledTask, TaskRun } from '../../scheduler/scheduler.ts';
import { nextStepMail, nextStepPush } from './next-step-mail.ts';

// The reminder of a tracked application's next step (an interview, an assessment deadline): one e-mail (and a push
// notification when the student turned them on for a device: the alerts' channels) at `hour`:00
// (DIGEST_HOUR) of the student's clock on the day before the step, or at once when the step is set later than that
// but is still ahead. One unit of work per application and step time, `next-step:{id}:{time}`, recorded with its
// outbox row in one transaction (scheduler/notification-runs.ts): a step moved to another time gets its own
// reminder; a round run twice, or by two instances, sends it once. Applications that ended (an offer accepted, a
// rejection, withdrawn, no answer) or were deleted get none.

export const nextStepTaskName = 'tracked-next-steps';
export const nextStepRunKind = 'next-step-reminder';
const mailKind = 'next-step-reminder';
const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
/** The day before at `hour` is at most this long before the step, whatever the zone and a daylight-saving change. */
const lookAheadMs = 2 * dayMs + 2 * hourMs;
const endedStages: TrackedStage[] = ['accepted', 'rejected', 'withdrawn', 'ghosted'];

export type NextStepReminderOptions = {
  db: Database;
  log: { info(details: object, message: string): void; warn(details: object, message: string): void };
  /** PUBLIC_URL. */
  appUrl: string;
  /** DIGEST_HOUR: the hour of the student's day the reminders go. */
  hour: number;
  /** My Applications (an app path). */
  applicationsPath: string;
  /** Told after a round queued e-mail (the mail sender's nudge). */
  onQueued?: () => void;
  /** Told after a round queued a push notification (the push sender's nudge). */
  onPushQueued?: () => void;
  everyMs?: number;
};

/** When the reminder of a step at `nextStepAt` is due: `hour`:00 on the day before, on the student's clock. */
export function reminderDueAt(nextStepAt: number, timeZone: string | null, hour: number): number {
  const zone = effectiveTimeZone(timeZone);
  return instantOfLocalHour(addDays(localTimeAt(nextStepAt, zone), -1), hour, zone);
}

export type NextStepRound = { sent: number; skipped: number; pushed: number };

export async function runNextStepReminders(
  options: NextStepReminderOptions,
  { now, renewLease, signal }: Pick<TaskRun, 'now' | 'renewLease' | 'signal'>,
): Promise<NextStepRound> {
  const { db, appUrl, hour, applicationsPath } = options;
  const rows = await db
    .select({
      id: trackedApplications.id,
      title: trackedApplications.title,
      company: trackedApplications.company,
      note: trackedApplications.note,
      nextStepAt: trackedApplications.nextStepAt,
      userUid: users.uid,
      email: users.email,
      firstName: users.firstName,
      locale: users.locale,
      timeZone: users.timeZone,
      // A device subscribed to notifications: the reminder is pushed too.
      pushed: exists(
        db
          .select({ one: pushSubscriptions.userUid })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userUid, users.uid)),
      ).mapWith(Boolean),
    })
    .from(trackedApplications)
    .innerJoin(users, eq(users.uid, trackedApplications.userUid))
    .where(
      and(
        isNull(trackedApplications.deletedAt),
        gt(trackedApplications.nextStepAt, now),
        lte(trackedApplications.nextStepAt, new Date(now.getTime() + lookAheadMs)),
        notInArray(trackedApplications.stage, endedStages),
      ),
    );
  const due = rows
    .filter((row) => reminderDueAt(row.nextStepAt!.getTime(), row.timeZone, hour) <= now.getTime())
    .map((row) => ({ row, id: `next-step:${row.id}:${row.nextStepAt!.toISOString()}` }));
  const done = await recordedNotificationRuns(
    db,
    due.map((unit) => unit.id),
  );
  const round: NextStepRound = { sent: 0, skipped: done.size, pushed: 0 };
  for (const { row, id } of due) {
    if (done.has(id)) continue;
    if (signal.aborted || !(await renewLease())) break;
    const sent = await db.transaction(async (tx) => {
      const recorded = await claimNotificationRuns(tx, [{ id, kind: nextStepRunKind, itemCount: 1 }]);
      if (!recorded.has(id)) return false;
      const rendered = renderMail(
        nextStepMail({
          locale: mailLocaleOf(row.locale),
          firstName: row.firstName,
          title: row.title,
          company: row.company,
          nextStepAt: row.nextStepAt!,
          timeZone: effectiveTimeZone(row.timeZone),
          note: row.note,
          applicationsPath,
        }),
        { appUrl },
      );
      await enqueueMails(tx, [
        {
          kind: mailKind,
          causeId: row.id,
          to: row.email,
          subject: rendered.subject,
          text: rendered.text,
          html: rendered.html,
        },
      ]);
      if (row.pushed) {
        await enqueuePush(tx, {
          userUid: row.userUid,
          kind: mailKind,
          causeId: row.id,
          payload: nextStepPush({
            locale: mailLocaleOf(row.locale),
            applicationId: row.id,
            title: row.title,
            company: row.company,
            nextStepAt: row.nextStepAt!,
            timeZone: effectiveTimeZone(row.timeZone),
            applicationsPath,
          }),
        });
        round.pushed += 1;
      }
      return true;
    });
    if (sent) round.sent += 1;
    else round.skipped += 1;
  }
  // An id names a step time; once the step is past no round looks at it again: kept a month for the record.
  await forgetNotificationRunsBefore(db, new Date(now.getTime() - 31 * dayMs), nextStepRunKind);
  return round;
}

/** The reminders as a task of the scheduled-task runner (scheduler/scheduler.ts): a round every 5 minutes. */
export function nextStepReminderTask(options: NextStepReminderOptions): ScheduledTask {
  return {
    name: nextStepTaskName,
    everyMs: options.everyMs ?? 5 * 60_000,
    async run(run) {
      const round = await runNextStepReminders(options, run);
      if (round.sent > 0) {
        options.log.info({ ...round }, 'next-step reminders queued');
        options.onQueued?.();
        if (round.pushed > 0) options.onPushQueued?.();
      }
      return round;
    },
  };
}

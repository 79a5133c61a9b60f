import { LRUCache } from 'lru-cache';
import { storedAlertFilters } from '../../../shared/alerts/alerts-api.ts';
import { filtersToSearchParams, jobFiltersCacheKey } from '../../../shared/jobs/job-filters-schema.ts';
import type { BoardJob } from '../../../shared/jobs/listing-schemas.ts';
import type { Database } from '../../db/client.ts';
import { yieldToEventLoop } from '../../db/yield-to-event-loop.ts';
import { collectGarbage } from '../../lib/release-memory.ts';
import { mailLocaleOf, renderMail } from '../../mail/mail-layout.ts';
import type { OutboxMessage } from '../../mail/outbox.ts';
import type { UnsubscribeLinks } from '../../mail/unsubscribe-token.ts';
import { effectiveTimeZone, latestLocalSlot } from '../../scheduler/local-time.ts';
import { forgetNotificationRunsBefore, recordedNotificationRuns } from '../../scheduler/notification-runs.ts';
import type { ScheduledTask, TaskRun } from '../../scheduler/scheduler.ts';
import { newJobsOfAlert } from '../alerts/index.ts';
import { dismissedJobIdsOf } from '../dismissed-jobs/index.ts';
import type { BoardIndex, BoardView, NewBoardCard } from '../jobs/index.ts';
import { alertsUnsubscribeSubject } from './alerts-unsubscribe.ts';
import { type DigestSection, digestMail, digestPush } from './digest-mail.ts';
import {
  activeDigestAlerts,
  type AlertPageRequest,
  alertTimeZones,
  type DigestAlert,
  dueDigestAlerts,
  type PreparedDigest,
  recordDigests,
} from './digests.repository.ts';

// Alert digests (docs/decisions/024-alerts-and-digests.md). Every few minutes the `alert-digests` task asks which
// alerts are due: a daily alert once its student's clock has passed DIGEST_HOUR since its last digest, a weekly one
// once it has passed DIGEST_HOUR on a Monday. For each student with due alerts, one unit of work,
// `digest:{uid}:{local date}`: the jobs new for each alert as the alerts page counts them (newJobsOfAlert: entered
// the board since its last digest, matched by the board's own rule, dismissed jobs left out, newest first), at most
// 12 cards per alert; one e-mail grouping the e-mail alerts, one push notification grouping the push alerts; recorded
// with the outbox rows and the alerts' new `last_digest_at` in one transaction (scheduler/notification-runs.ts).
// Nothing new: nothing is sent, the unit is still recorded.

/** Cards shown per alert; the rest is "and N more" with a link to the board. */
export const maxJobsPerAlert = 12;
/**
 * Students written per transaction (and between lease renewals). Requests are served between batches (the embedded
 * database answers without I/O, so a round would otherwise hold the event loop to its end): a batch of 50 takes
 * ~50-100 ms.
 */
const defaultBatchSize = 50;
/**
 * Students whose alerts a round reads at once (one query per page). The whole list of due alerts (20,000 for 10,000
 * students) stayed in memory for the round and raised its peak (docs/decisions/040-server-memory.md); a full
 * collection after each page keeps the round's garbage to one page's (docs/decisions/046-digest-round-memory.md).
 */
const defaultStudentsPerPage = 250;
/** Searches (with their cut-off) whose new cards a round keeps for the next student who has the same one. */
const sharedSearches = 500;
/**
 * Jobs must have entered the board this long before a scheduled run to be in it: a feed import or a publication still
 * committing (its rows stamped a moment earlier) is then in the next digest rather than in none.
 */
export const settleMs = 2 * 60_000;

export const digestTaskName = 'alert-digests';

export type DigestReport = {
  /** Students whose digest was computed and recorded by this run. */
  students: number;
  emails: number;
  pushes: number;
  /** Cards announced over all digests. */
  jobs: number;
};

export type DigestService = {
  /** One scheduled round: the digests due at `round.now` (run by the `alert-digests` task). */
  runDue(round: Pick<TaskRun, 'now' | 'renewLease' | 'signal'>): Promise<DigestReport>;
  /** Sends now as if every active alert (of the student with `email`) were due: operators and tests. */
  runNow(options?: { email?: string }): Promise<DigestReport>;
};

export type DigestServiceOptions = {
  db: Database;
  log: { info(details: object, message: string): void; warn(details: object, message: string): void };
  /** PUBLIC_URL. */
  appUrl: string;
  /** DIGEST_HOUR. */
  hour: number;
  /** Signs the pause links and the List-Unsubscribe headers. */
  unsubscribeLinks: UnsubscribeLinks;
  /** The student's alerts page (an app path). */
  manageAlertsPath: string;
  /** The board this instance serves (refreshed before each round, so a round sees every committed job). */
  boardIndex: Pick<BoardIndex, 'refresh' | 'view'>;
  now?: () => number;
  /** Told after a batch queued e-mail (the mail sender's nudge). */
  onMailQueued?: () => void;
  /** Told after a batch queued push notifications (the push sender's nudge). */
  onPushQueued?: () => void;
  batchSize?: number;
  /** Students read per page of alerts (tests make pages small). */
  studentsPerPage?: number;
};

/** A card as a digest lists it: every place of its postings. */
function digestCard({ job }: NewBoardCard): BoardJob {
  const locations = [...job.locations];
  for (const posting of job.alsoPosted ?? []) {
    for (const location of posting.locations) if (!locations.includes(location)) locations.push(location);
  }
  return { ...job, locations };
}

function groupByStudent(alerts: readonly DigestAlert[]): DigestAlert[][] {
  const students = new Map<string, DigestAlert[]>();
  for (const alert of alerts) {
    const own = students.get(alert.uid);
    if (own) own.push(alert);
    else students.set(alert.uid, [alert]);
  }
  return [...students.values()];
}

/** An alert's part of a digest: its newest cards (at most maxJobsPerAlert) and how many there are in all. */
type NewForAlert = { cards: NewBoardCard[]; total: number };

/**
 * The alert's new cards on `view` (newJobsOfAlert) that entered the board at or before `upToMs`. Only the first ones
 * are built as cards: the newest come first, so the few that entered after `upToMs` (the last minutes) lead.
 */
function newCardsUpTo(
  view: BoardView,
  alert: DigestAlert,
  upToMs: number,
  excludeJobIds?: ReadonlySet<string>,
): NewForAlert {
  const ask = (limit: number) =>
    newJobsOfAlert(
      view,
      { filters: alert.filters, lastDigestAt: alert.since, createdAt: alert.since },
      { excludeJobIds, limit },
    );
  let found = ask(maxJobsPerAlert + 8);
  let late = found.cards.filter((card) => card.enteredAt > upToMs).length;
  if (late === found.cards.length && found.total > found.cards.length) {
    found = ask(Infinity);
    late = found.cards.filter((card) => card.enteredAt > upToMs).length;
  }
  return { cards: found.cards.slice(late, late + maxJobsPerAlert), total: found.total - late };
}

export function createDigestService({
  db,
  log,
  appUrl,
  hour,
  unsubscribeLinks,
  manageAlertsPath,
  boardIndex,
  now = Date.now,
  onMailQueued,
  onPushQueued,
  batchSize = defaultBatchSize,
  studentsPerPage = defaultStudentsPerPage,
}: DigestServiceOptions): DigestService {
  const pauseLink = (alertIds: readonly string[]) => unsubscribeLinks.link(alertsUnsubscribeSubject(alertIds));

  /** One student's digest from the new cards of each of their alerts. */
  function prepare(
    runId: string,
    own: readonly DigestAlert[],
    newCardsOf: (alert: DigestAlert) => NewForAlert,
  ): PreparedDigest {
    const student = own[0]!;
    const locale = mailLocaleOf(student.locale);
    const timeZone = effectiveTimeZone(student.timeZone);
    const sections: (DigestSection & { alert: DigestAlert })[] = [];
    for (const alert of own) {
      const { cards, total } = newCardsOf(alert);
      if (total === 0) continue;
      sections.push({
        alert,
        alertName: alert.name,
        jobs: cards.map(digestCard),
        more: total - cards.length,
        boardPath: boardPathOf(alert),
        pauseUrl: pauseLink([alert.id]).url,
      });
    }
    const mailSections = sections.filter((section) => section.alert.channels.includes('email'));
    // Instant alerts already pushed their jobs as they appeared.
    const pushSections = sections.filter(
      (section) => section.alert.channels.includes('push') && !section.alert.instant,
    );
    let mail: OutboxMessage | null = null;
    if (mailSections.length > 0) {
      const frequencies = new Set(mailSections.map((section) => section.alert.frequency));
      const allIds = mailSections.map((section) => section.alert.id);
      const pauseAll = pauseLink(allIds);
      const rendered = renderMail(
        digestMail({
          locale,
          firstName: student.firstName,
          frequency: frequencies.size === 1 ? [...frequencies][0]! : 'mixed',
          sections: mailSections,
          manageAlertsPath,
          pauseAllUrl: pauseAll.url,
          timeZone,
        }),
        { appUrl },
      );
      mail = {
        kind: 'digest',
        causeId: runId,
        to: student.email,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        headers: pauseAll.headers,
      };
    }
    const push = pushSections.length > 0 ? digestPush(locale, pushSections, 'alert-digest', manageAlertsPath) : null;
    const counted = new Set([...mailSections, ...pushSections]);
    return {
      runId,
      uid: student.uid,
      itemCount: [...counted].reduce((sum, section) => sum + section.jobs.length + section.more, 0),
      mail,
      push,
      alertIds: own.map((alert) => alert.id),
    };
  }

  function boardPathOf(alert: DigestAlert): string {
    const query = filtersToSearchParams(storedAlertFilters(alert.filters)).toString();
    return query ? `/jobs?${query}` : '/jobs';
  }

  /**
   * Computes and records the digests of the alerts `alertsAfter` answers, a page of students at a time (grouped by
   * student), for jobs entered up to `upTo`.
   */
  async function send(
    alertsAfter: (page: AlertPageRequest) => Promise<DigestAlert[]>,
    runIdOf: (student: DigestAlert) => string,
    upTo: Date,
    at: Date,
    round?: Pick<TaskRun, 'renewLease' | 'signal'>,
  ): Promise<DigestReport> {
    const report: DigestReport = { students: 0, emails: 0, pushes: 0, jobs: 0 };
    let view: BoardView | null = null;
    const upToMs = upTo.getTime();
    // Students share searches ("software, Toronto") and cut-offs (yesterday's digest): each pair is asked once while
    // it is among the most recently used (a student's own search is asked once anyway).
    const shared = new LRUCache<string, NewForAlert>({ max: sharedSearches });
    const sharedCardsOf = (alert: DigestAlert, board: BoardView): NewForAlert => {
      const key = `${jobFiltersCacheKey(storedAlertFilters(alert.filters), at.getTime())}\u0000${alert.since.getTime()}`;
      let cards = shared.get(key);
      if (cards === undefined) {
        cards = newCardsUpTo(board, alert, upToMs);
        shared.set(key, cards);
      }
      return cards;
    };

    let afterUid: string | null = null;
    pages: for (;;) {
      // A page of students at a time: a round holds one page's alerts, not every due alert (20,000 and more).
      const page = await alertsAfter({ afterUid, students: studentsPerPage });
      if (page.length === 0) break;
      afterUid = page.at(-1)!.uid;
      const students = groupByStudent(page);
      const done = await recordedNotificationRuns(
        db,
        students.map((own) => runIdOf(own[0]!)),
      );
      const pending = students.filter((own) => !done.has(runIdOf(own[0]!)));
      if (pending.length > 0 && view === null) {
        // This instance's board, at the newest version: what the alerts page counts from.
        await boardIndex.refresh();
        view = boardIndex.view();
      }
      const board = view!;
      for (let start = 0; start < pending.length; start += batchSize) {
        if (round?.signal.aborted) break pages;
        const batch = pending.slice(start, start + batchSize);
        // The students' dismissed jobs (one query per batch): who dismissed any gets their own, exact, cards.
        const dismissed = await dismissedJobIdsOf(
          db,
          batch.map((own) => own[0]!.uid),
        );
        const prepared = batch.map((own) => {
          const hidden = dismissed.get(own[0]!.uid);
          return prepare(runIdOf(own[0]!), own, (alert) =>
            hidden === undefined ? sharedCardsOf(alert, board) : newCardsUpTo(board, alert, upToMs, hidden),
          );
        });
        const written = await recordDigests(db, prepared, upTo);
        report.students += written.length;
        report.emails += written.filter((digest) => digest.mail).length;
        report.pushes += written.filter((digest) => digest.push).length;
        report.jobs += written.reduce((sum, digest) => sum + digest.itemCount, 0);
        if (written.some((digest) => digest.mail)) onMailQueued?.();
        if (written.some((digest) => digest.push)) onPushQueued?.();
        await yieldToEventLoop();
        if (round && !(await round.renewLease())) {
          log.warn({ task: digestTaskName }, 'digest lease lost; another instance goes on');
          break pages;
        }
      }
      // A short page is the last one.
      if (students.length < studentsPerPage) break;
      // A round of several pages is a large one: its garbage (the page's alerts, rendered e-mails, statements) is
      // collected before the next page, where V8 would let it grow through the round (decision 046).
      collectGarbage();
    }
    return report;
  }

  return {
    async runDue(round) {
      const at = round.now;
      // Jobs count up to the settling margin before now, and the hour is reached by that time too: the cut-off then
      // never falls before the hour it was for (an alert would be due again).
      const upTo = new Date(at.getTime() - settleMs);
      const slots = (await alertTimeZones(db)).map((zone) => {
        const timeZone = effectiveTimeZone(zone);
        return {
          zone,
          daily: latestLocalSlot(upTo.getTime(), timeZone, hour),
          weekly: latestLocalSlot(upTo.getTime(), timeZone, hour, 1),
        };
      });
      const zoneSlots = slots.map((slot) => ({
        zone: slot.zone,
        daily: new Date(slot.daily.at),
        weekly: new Date(slot.weekly.at),
      }));
      const dateOf = new Map(slots.map((slot) => [slot.zone ?? '', slot.daily.date]));
      const report = await send(
        (page) => dueDigestAlerts(db, zoneSlots, page),
        (student) => `digest:${student.uid}:${dateOf.get(student.timeZone ?? '')}`,
        upTo,
        at,
        round,
      );
      log.info({ task: digestTaskName, ...report }, 'alert digests sent');
      return report;
    },
    async runNow({ email } = {}) {
      const at = new Date(now());
      // A run of its own: the scheduled units of the day stay as they are (their alerts' cut-off has moved).
      const report = await send(
        (page) => activeDigestAlerts(db, email, page),
        (student) => `digest:${student.uid}:now:${at.toISOString()}`,
        at,
        at,
      );
      log.info({ ...report }, 'alert digests sent now (npm run digest)');
      return report;
    },
  };
}

/** Units older than this are forgotten: no round computes a digest for a date that far back. */
const keepRunsMs = 60 * 24 * 3_600_000;

/** The scheduled task: a round every 5 minutes (a student's hour is met within 5 minutes), one instance at a time. */
export function digestTask(service: DigestService, db: Database): ScheduledTask {
  return {
    name: digestTaskName,
    everyMs: 5 * 60_000,
    leaseMs: 5 * 60_000,
    async run(round) {
      await service.runDue(round);
      await forgetNotificationRunsBefore(db, new Date(round.now.getTime() - keepRunsMs), 'digest');
    },
  };
}

import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { alerts, users } from '../../db/schema.ts';
import { enqueueMails, type OutboxMessage } from '../../mail/outbox.ts';
import { enqueuePush } from '../../push/push-outbox.ts';
import type { PushPayload } from '../../../shared/push/push-payload.ts';
import { claimNotificationRuns } from '../../scheduler/notification-runs.ts';

/** An alert that takes part in a digest, with what the digest needs of its student. */
export type DigestAlert = {
  id: string;
  uid: string;
  name: string;
  filters: Record<string, unknown>;
  frequency: 'daily' | 'weekly';
  channels: string[];
  instant: boolean;
  /** Jobs that entered the board after this are new for it. */
  since: Date;
  email: string;
  firstName: string | null;
  locale: string | null;
  timeZone: string | null;
};

/** The stored time zone's slots: when the latest daily and weekly digest hours began there. */
export type ZoneSlots = { zone: string | null; daily: Date; weekly: Date };

// Alerts that send something on a schedule: not paused, with a channel.
const activeAlert = sql`${alerts.pausedAt} is null and ${alerts.channels} && array['email', 'push']::text[]`;

const alertColumns = sql`
  a.id, a.user_uid, a.name, a.filters, a.frequency, a.channels, a.instant,
  coalesce(a.last_digest_at, a.created_at) as since, u.email, u.first_name, u.locale, u.time_zone`;

function toDigestAlert(row: Record<string, unknown>): DigestAlert {
  return {
    id: String(row.id),
    uid: String(row.user_uid),
    name: String(row.name),
    filters: (row.filters ?? {}) as Record<string, unknown>,
    frequency: row.frequency === 'weekly' ? 'weekly' : 'daily',
    channels: (row.channels ?? []) as string[],
    instant: row.instant === true,
    since: row.since instanceof Date ? row.since : new Date(String(row.since)),
    email: String(row.email),
    firstName: row.first_name === null ? null : String(row.first_name),
    locale: row.locale === null ? null : String(row.locale),
    timeZone: row.time_zone === null ? null : String(row.time_zone),
  };
}

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** The time zones stored for students with an active alert (null: none stored). */
export async function alertTimeZones(db: Database): Promise<(string | null)[]> {
  const rows = await db
    .selectDistinct({ zone: users.timeZone })
    .from(alerts)
    .innerJoin(users, eq(users.uid, alerts.userUid))
    .where(activeAlert);
  return rows.map((row) => row.zone);
}

/** Where a page of alerts starts: after this student (null: from the first) and how many students it holds. */
export type AlertPageRequest = { afterUid: string | null; students: number };

/**
 * One page of alerts (`a`, joined with their students `u` in `from`, chosen by `where`): the alerts of the next
 * `students` students after `afterUid`, a student's alerts never split across pages, ordered by student, then by
 * alert creation. (A join of a CTE with its own first students was planned as a nested loop over every alert per
 * student on a fresh database: 4 s a page.)
 */
async function alertPage(db: Database, from: SQL, where: SQL, page: AlertPageRequest): Promise<DigestAlert[]> {
  const result = await db.execute(sql`
    select * from (
      select ${alertColumns}, a.created_at as created, dense_rank() over (order by a.user_uid) as student_number
      from ${from}
      where ${where} ${page.afterUid === null ? sql`` : sql`and a.user_uid > ${page.afterUid}`}
    ) as page
    where student_number <= ${page.students}
    order by user_uid, created, id`);
  return rowsOf(result).map(toDigestAlert);
}

/**
 * The active alerts whose last digest (or creation) came before their zone's latest slot: the daily slot for daily
 * alerts, the weekly one for weekly alerts. One page of students at a time (alertPage).
 */
export async function dueDigestAlerts(
  db: Database,
  slots: readonly ZoneSlots[],
  page: AlertPageRequest,
): Promise<DigestAlert[]> {
  if (slots.length === 0) return [];
  const values = sql.join(
    slots.map(
      (slot) =>
        sql`(${slot.zone ?? ''}, ${slot.daily.toISOString()}::timestamptz, ${slot.weekly.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  return alertPage(
    db,
    sql`${alerts} a
      join ${users} u on u.uid = a.user_uid
      join (values ${values}) as z(zone, daily_slot, weekly_slot) on z.zone = coalesce(u.time_zone, '')`,
    sql`a.paused_at is null and a.channels && array['email', 'push']::text[]
      and coalesce(a.last_digest_at, a.created_at)
        < case a.frequency when 'weekly' then z.weekly_slot else z.daily_slot end`,
    page,
  );
}

/** Every active alert, or those of the student with this e-mail (`npm run digest -- --now`); one page of students. */
export async function activeDigestAlerts(
  db: Database,
  email: string | undefined,
  page: AlertPageRequest,
): Promise<DigestAlert[]> {
  return alertPage(
    db,
    sql`${alerts} a join ${users} u on u.uid = a.user_uid`,
    sql`a.paused_at is null and a.channels && array['email', 'push']::text[]
      ${email === undefined ? sql`` : sql`and lower(u.email) = lower(${email})`}`,
    page,
  );
}

/** Digest e-mails (~20 KB each, text and HTML) per INSERT. */
const mailsPerStatement = 20;

/** One student's digest for one run, ready to write. */
export type PreparedDigest = {
  /** Stable id of the unit (notification_runs). */
  runId: string;
  uid: string;
  /** Jobs announced (0: nothing new; the unit is still recorded, nothing is sent). */
  itemCount: number;
  mail: OutboxMessage | null;
  push: PushPayload | null;
  /** The alerts whose `last_digest_at` moves to the run's cut-off. */
  alertIds: string[];
};

/**
 * Writes a batch of digests in one transaction: each unit is claimed in notification_runs, and only the units this
 * transaction claimed get their e-mail, their push and their alerts' `last_digest_at` (units done meanwhile by
 * another instance are left alone). Answers the run ids written.
 */
export async function recordDigests(
  db: Database,
  digests: readonly PreparedDigest[],
  upTo: Date,
): Promise<PreparedDigest[]> {
  if (digests.length === 0) return [];
  return db.transaction(async (tx) => {
    const claimed = await claimNotificationRuns(
      tx,
      digests.map((digest) => ({ id: digest.runId, kind: 'digest', itemCount: digest.itemCount })),
    );
    const written = digests.filter((digest) => claimed.has(digest.runId));
    const mails = written.flatMap((digest) => (digest.mail ? [digest.mail] : []));
    // A few at a time: each statement's text passes through the embedded database's memory, which keeps its peak.
    for (let start = 0; start < mails.length; start += mailsPerStatement) {
      await enqueueMails(tx, mails.slice(start, start + mailsPerStatement));
    }
    for (const digest of written) {
      if (digest.push) {
        await enqueuePush(tx, { userUid: digest.uid, kind: 'digest', causeId: digest.runId, payload: digest.push });
      }
    }
    const alertIds = written.flatMap((digest) => digest.alertIds);
    for (let start = 0; start < alertIds.length; start += 5000) {
      await tx
        .update(alerts)
        .set({ lastDigestAt: upTo })
        .where(inArray(alerts.id, alertIds.slice(start, start + 5000)));
    }
    return written;
  });
}

/** Pauses the given alerts that are not paused yet (one-click unsubscribe); answers how many it paused. */
export async function pauseAlerts(db: Database, ids: readonly string[], at: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(alerts)
    .set({ pausedAt: at, updatedAt: at })
    .where(and(inArray(alerts.id, [...ids]), isNull(alerts.pausedAt)))
    .returning({ id: alerts.id });
  return rows.length;
}

/** Resumes the given alerts. */
export async function resumeAlerts(db: Database, ids: readonly string[], at: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(alerts)
    .set({ pausedAt: null, updatedAt: at })
    .where(and(inArray(alerts.id, [...ids]), sql`${alerts.pausedAt} is not null`))
    .returning({ id: alerts.id });
  return rows.length;
}

/** The alerts named by an unsubscribe link, with their owner's language (alerts deleted since are absent). */
export async function alertsForUnsubscribe(
  db: Database,
  ids: readonly string[],
): Promise<{ id: string; name: string; paused: boolean; locale: string | null }[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: alerts.id, name: alerts.name, pausedAt: alerts.pausedAt, locale: users.locale })
    .from(alerts)
    .innerJoin(users, eq(users.uid, alerts.userUid))
    .where(inArray(alerts.id, [...ids]))
    .orderBy(alerts.createdAt, alerts.id);
  return rows.map((row) => ({ id: row.id, name: row.name, paused: row.pausedAt !== null, locale: row.locale }));
}

/** An alert that pushes its new jobs as they appear. */
export type InstantAlert = Pick<DigestAlert, 'id' | 'uid' | 'name' | 'filters' | 'since' | 'locale'>;

/**
 * The active instant alerts (push channel, not paused). `since`: their last instant push, else their creation, and
 * never before their last change (turning instant on, resuming) so that no backlog is pushed at once.
 */
export async function instantAlerts(db: Database): Promise<InstantAlert[]> {
  const result = await db.execute(sql`
    select a.id, a.user_uid, a.name, a.filters,
      greatest(coalesce(a.last_instant_at, a.created_at), a.updated_at) as since, u.locale
    from ${alerts} a
    join ${users} u on u.uid = a.user_uid
    where a.instant and a.paused_at is null and 'push' = any(a.channels)
    order by a.user_uid, a.created_at, a.id`);
  return rowsOf(result).map((row) => ({
    id: String(row.id),
    uid: String(row.user_uid),
    name: String(row.name),
    filters: (row.filters ?? {}) as Record<string, unknown>,
    since: row.since instanceof Date ? row.since : new Date(String(row.since)),
    locale: row.locale === null ? null : String(row.locale),
  }));
}

export type PreparedInstantPush = { runId: string; alertId: string; uid: string; itemCount: number; push: PushPayload };

/**
 * Writes instant pushes in one transaction: each claimed unit gets its push and its alert's `last_instant_at`; units
 * already recorded (another instance) are left alone. Answers the pushes written.
 */
export async function recordInstantPushes(
  db: Database,
  pushes: readonly PreparedInstantPush[],
  upTo: Date,
): Promise<PreparedInstantPush[]> {
  if (pushes.length === 0) return [];
  return db.transaction(async (tx) => {
    const claimed = await claimNotificationRuns(
      tx,
      pushes.map((push) => ({ id: push.runId, kind: 'instant-alert', itemCount: push.itemCount })),
    );
    const written = pushes.filter((push) => claimed.has(push.runId));
    for (const push of written) {
      await enqueuePush(tx, { userUid: push.uid, kind: 'new-jobs', causeId: push.alertId, payload: push.push });
    }
    if (written.length > 0) {
      await tx
        .update(alerts)
        .set({ lastInstantAt: upTo })
        .where(
          inArray(
            alerts.id,
            written.map((push) => push.alertId),
          ),
        );
    }
    return written;
  });
}

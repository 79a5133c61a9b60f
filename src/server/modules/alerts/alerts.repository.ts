import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { AlertChannel, AlertFrequency } from '../../../shared/alerts/alerts-api.ts';
import type { JobFilters } from '../../../shared/jobs/job-filters-schema.ts';
import type { Database } from '../../db/client.ts';
import { type AlertRow, alerts, users } from '../../db/schema.ts';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type NewAlert = {
  name: string;
  filters: JobFilters;
  frequency: AlertFrequency;
  channels: AlertChannel[];
  instant: boolean;
};

export type AlertChanges = Partial<NewAlert> & { paused?: boolean };

export type AlertLimits = { alerts: number; instant: number };

/** Why a write was refused: the student already has the most alerts, or the most instant alerts, allowed. */
export type AlertLimitReached = { limitReached: 'alerts' | 'instant' };

/** The student's alerts, oldest first (the order they were made in, stable when one is edited). */
export function listAlertRows(db: Database, uid: string): Promise<AlertRow[]> {
  return db.select().from(alerts).where(eq(alerts.userUid, uid)).orderBy(asc(alerts.createdAt), asc(alerts.id));
}

// The student's row is locked for the count and the write, so two requests at once cannot both pass the limit.
async function lockStudent(tx: Transaction, uid: string): Promise<void> {
  await tx.select({ uid: users.uid }).from(users).where(eq(users.uid, uid)).for('update');
}

async function countAlerts(tx: Transaction, uid: string): Promise<{ all: number; instant: number }> {
  const [row] = await tx
    .select({ all: count(), instant: sql<number>`count(*) filter (where ${alerts.instant})`.mapWith(Number) })
    .from(alerts)
    .where(eq(alerts.userUid, uid));
  return { all: row?.all ?? 0, instant: row?.instant ?? 0 };
}

/** Saves a new alert unless the student is at a limit. */
export async function insertAlert(
  db: Database,
  uid: string,
  alert: NewAlert,
  limits: AlertLimits,
): Promise<AlertRow | AlertLimitReached> {
  return db.transaction(async (tx) => {
    await lockStudent(tx, uid);
    const counts = await countAlerts(tx, uid);
    if (counts.all >= limits.alerts) return { limitReached: 'alerts' } as const;
    if (alert.instant && counts.instant >= limits.instant) return { limitReached: 'instant' } as const;
    const [row] = await tx
      .insert(alerts)
      .values({ userUid: uid, ...alert })
      .returning();
    return row!;
  });
}

/**
 * Changes the student's own alert (`check` sees the alert as it would be and may refuse by throwing). Answers null
 * when the student has no alert with this id (another student's included).
 */
export async function updateAlert(
  db: Database,
  uid: string,
  id: string,
  changes: AlertChanges,
  limits: AlertLimits,
  check: (merged: AlertRow) => void,
): Promise<AlertRow | AlertLimitReached | null> {
  return db.transaction(async (tx) => {
    await lockStudent(tx, uid);
    const [current] = await tx
      .select()
      .from(alerts)
      .where(and(eq(alerts.id, id), eq(alerts.userUid, uid)));
    if (!current) return null;
    const { paused, ...fields } = changes;
    const pausedAt = paused === undefined ? current.pausedAt : paused ? (current.pausedAt ?? new Date()) : null;
    const merged: AlertRow = { ...current, ...fields, pausedAt };
    check(merged);
    if (merged.instant && !current.instant) {
      const counts = await countAlerts(tx, uid);
      if (counts.instant >= limits.instant) return { limitReached: 'instant' } as const;
    }
    const [row] = await tx
      .update(alerts)
      .set({ ...fields, pausedAt, updatedAt: sql`now()` })
      .where(and(eq(alerts.id, id), eq(alerts.userUid, uid)))
      .returning();
    return row!;
  });
}

/** Deletes the student's own alert; false when they have none with this id. */
export async function deleteAlert(db: Database, uid: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(alerts)
    .where(and(eq(alerts.id, id), eq(alerts.userUid, uid)))
    .returning({ id: alerts.id });
  return deleted.length > 0;
}

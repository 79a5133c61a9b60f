import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { notificationRuns } from '../db/schema.ts';

// Units of scheduled notification work, by stable id (see scheduler.ts, guarantee 2). A unit is done exactly when
// its row exists: it is written in the transaction that writes the unit's outbox rows, so both commit or neither.

export type NotificationRun = {
  /** Stable for the unit of work whatever run does it: `digest:{uid}:{local date}`, `summary:{org}:{uid}:{date}`. */
  id: string;
  /** 'digest', 'instant-alert', ...: for counts. */
  kind: string;
  /** How many items it announced (0: nothing was new, nothing was sent). */
  itemCount: number;
};

/**
 * Records `runs` inside `tx` (the transaction of their outbox rows) and answers the ids this transaction recorded.
 * An id recorded before (a finished unit) is left out; one being recorded by a concurrent transaction waits for it
 * and is then left out too (or recorded here, if that one rolled back). Roll back the units left out.
 */
export async function claimNotificationRuns(tx: Database, runs: readonly NotificationRun[]): Promise<Set<string>> {
  if (runs.length === 0) return new Set();
  const rows = await tx
    .insert(notificationRuns)
    .values(runs.map((run) => ({ id: run.id, kind: run.kind, itemCount: run.itemCount })))
    .onConflictDoNothing({ target: notificationRuns.id })
    .returning({ id: notificationRuns.id });
  return new Set(rows.map((row) => row.id));
}

/** Which of `ids` are already done (so a round skips them before doing any work). */
export async function recordedNotificationRuns(db: Database, ids: readonly string[]): Promise<Set<string>> {
  const done = new Set<string>();
  for (let start = 0; start < ids.length; start += 5000) {
    const rows = await db
      .select({ id: notificationRuns.id })
      .from(notificationRuns)
      .where(inArray(notificationRuns.id, ids.slice(start, start + 5000)));
    for (const row of rows) done.add(row.id);
  }
  return done;
}

/** Forgets the units of `kind` recorded before `before` (their ids name past dates no round computes again). */
export async function forgetNotificationRunsBefore(db: Database, before: Date, kind: string): Promise<number> {
  const rows = await db
    .delete(notificationRuns)
    .where(and(eq(notificationRuns.kind, kind), lt(notificationRuns.createdAt, before)))
    .returning({ id: notificationRuns.id });
  return rows.length;
}

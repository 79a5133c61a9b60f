import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { dismissedJobs } from '../../db/schema.ts';
import { jobSummaries, type JobSummary } from '../jobs/index.ts';

export type DismissedJobEntry = { jobId: string; dismissedAt: string; job: JobSummary | null };

export type DismissedJobState = { jobId: string; dismissed: boolean; changedAt: string };

/** The ids of the jobs the student dismissed (for whatever leaves them out: the board, alerts). */
export async function dismissedJobIds(db: Database, uid: string): Promise<Set<string>> {
  const rows = await db
    .select({ jobId: dismissedJobs.jobId })
    .from(dismissedJobs)
    .where(and(eq(dismissedJobs.userUid, uid), eq(dismissedJobs.dismissed, true)));
  return new Set(rows.map((row) => row.jobId));
}

/** dismissedJobIds for many students at once (a batch of digests): uid -> dismissed ids; students with none are absent. */
export async function dismissedJobIdsOf(db: Database, uids: readonly string[]): Promise<Map<string, Set<string>>> {
  const found = new Map<string, Set<string>>();
  if (uids.length === 0) return found;
  const rows = await db
    .select({ uid: dismissedJobs.userUid, jobId: dismissedJobs.jobId })
    .from(dismissedJobs)
    .where(and(inArray(dismissedJobs.userUid, [...uids]), eq(dismissedJobs.dismissed, true)));
  for (const row of rows) {
    let ids = found.get(row.uid);
    if (ids === undefined) found.set(row.uid, (ids = new Set()));
    ids.add(row.jobId);
  }
  return found;
}

/** The student's dismissed jobs, most recently dismissed first. */
export async function listDismissedJobs(db: Database, uid: string): Promise<DismissedJobEntry[]> {
  const rows = await db
    .select({ jobId: dismissedJobs.jobId, changedAt: dismissedJobs.changedAt })
    .from(dismissedJobs)
    .where(and(eq(dismissedJobs.userUid, uid), eq(dismissedJobs.dismissed, true)))
    .orderBy(sql`${dismissedJobs.changedAt} desc`, dismissedJobs.jobId);
  const jobs = await jobSummaries(
    db,
    rows.map((row) => row.jobId),
  );
  return rows.map((row) => ({
    jobId: row.jobId,
    dismissedAt: row.changedAt.toISOString(),
    job: jobs.get(row.jobId) ?? null,
  }));
}

/**
 * Records a dismissal or a restore made at `changedAt`, unless a later change of the same job is already stored (the
 * last change made wins, whatever order devices send them in). Returns the state now stored.
 */
export async function recordDismissedJob(
  db: Database,
  uid: string,
  jobId: string,
  dismissed: boolean,
  changedAt: Date,
): Promise<DismissedJobState> {
  await db
    .insert(dismissedJobs)
    .values({ userUid: uid, jobId, dismissed, changedAt })
    .onConflictDoUpdate({
      target: [dismissedJobs.userUid, dismissedJobs.jobId],
      set: { dismissed, changedAt },
      setWhere: gte(sql`excluded.changed_at`, dismissedJobs.changedAt),
    });
  const [row] = await db
    .select({ dismissed: dismissedJobs.dismissed, changedAt: dismissedJobs.changedAt })
    .from(dismissedJobs)
    .where(and(eq(dismissedJobs.userUid, uid), eq(dismissedJobs.jobId, jobId)));
  return { jobId, dismissed: row?.dismissed ?? dismissed, changedAt: (row?.changedAt ?? changedAt).toISOString() };
}

import { and, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { savedJobs } from '../../db/schema.ts';
import { jobSummaries, type JobSummary } from '../jobs/index.ts';

export type SavedJobEntry = { jobId: string; savedAt: string; job: JobSummary | null };

export type SavedJobState = { jobId: string; saved: boolean; changedAt: string };

/** The student's saved jobs, most recently saved first. */
export async function listSavedJobs(db: Database, uid: string): Promise<SavedJobEntry[]> {
  const rows = await db
    .select({ jobId: savedJobs.jobId, changedAt: savedJobs.changedAt })
    .from(savedJobs)
    .where(and(eq(savedJobs.userUid, uid), eq(savedJobs.saved, true)))
    .orderBy(sql`${savedJobs.changedAt} desc`, savedJobs.jobId);
  const jobs = await jobSummaries(
    db,
    rows.map((row) => row.jobId),
  );
  return rows.map((row) => ({
    jobId: row.jobId,
    savedAt: row.changedAt.toISOString(),
    job: jobs.get(row.jobId) ?? null,
  }));
}

/**
 * Records a save or an unsave made at `changedAt`, unless a later change of the same job is already stored (the last
 * change made wins, whatever order devices send them in). Returns the state now stored.
 */
export async function recordSavedJob(
  db: Database,
  uid: string,
  jobId: string,
  saved: boolean,
  changedAt: Date,
): Promise<SavedJobState> {
  await db
    .insert(savedJobs)
    .values({ userUid: uid, jobId, saved, changedAt })
    .onConflictDoUpdate({
      target: [savedJobs.userUid, savedJobs.jobId],
      set: { saved, changedAt },
      setWhere: gte(sql`excluded.changed_at`, savedJobs.changedAt),
    });
  const [row] = await db
    .select({ saved: savedJobs.saved, changedAt: savedJobs.changedAt })
    .from(savedJobs)
    .where(and(eq(savedJobs.userUid, uid), eq(savedJobs.jobId, jobId)));
  return { jobId, saved: row?.saved ?? saved, changedAt: (row?.changedAt ?? changedAt).toISOString() };
}

import { appDb, type AppDb } from '../../../db/app-db.ts';
import type { SavedJobRecord, SavedJobSnapshot } from '../../../db/records/saved-job-record.ts';

// The device's copy of an account's saved jobs and the changes not yet sent (docs/decisions/008-places-and-saved-jobs.md).

export function savedJobKey(uid: string, jobId: string): string {
  return `${uid}\u0000${jobId}`;
}

/** Records a save or an unsave made now, to be sent to the server. */
export async function recordSavedChange(
  uid: string,
  jobId: string,
  saved: boolean,
  job: SavedJobSnapshot | null,
  now: number = Date.now(),
  db: AppDb = appDb,
): Promise<SavedJobRecord> {
  return db.transaction('rw', db.savedJobs, async () => {
    const key = savedJobKey(uid, jobId);
    const previous = await db.savedJobs.get(key);
    // Two changes in the same millisecond must still be ordered.
    const changedAt = Math.max(now, (previous?.changedAt ?? 0) + 1);
    const record: SavedJobRecord = {
      key,
      uid,
      jobId,
      saved,
      changedAt,
      pending: true,
      job: job ?? previous?.job ?? null,
    };
    await db.savedJobs.put(record);
    return record;
  });
}

/** The account's saved jobs, most recently saved first. */
export async function listSavedJobs(uid: string, db: AppDb = appDb): Promise<SavedJobRecord[]> {
  const records = await db.savedJobs.where('uid').equals(uid).toArray();
  return records.filter((record) => record.saved).sort((a, b) => b.changedAt - a.changedAt);
}

export async function pendingSavedChanges(uid: string, db: AppDb = appDb): Promise<SavedJobRecord[]> {
  const records = await db.savedJobs.where('uid').equals(uid).toArray();
  return records.filter((record) => record.pending).sort((a, b) => a.changedAt - b.changedAt);
}

/** The server has the change made at `changedAt` (a newer change made meanwhile stays pending). */
export async function markSavedChangeSent(
  uid: string,
  jobId: string,
  changedAt: number,
  db: AppDb = appDb,
): Promise<void> {
  await db.transaction('rw', db.savedJobs, async () => {
    const key = savedJobKey(uid, jobId);
    const record = await db.savedJobs.get(key);
    if (!record || record.changedAt !== changedAt) return;
    if (record.saved) await db.savedJobs.put({ ...record, pending: false });
    else await db.savedJobs.delete(key);
  });
}

export type ServerSavedJob = { jobId: string; savedAt: number; job: SavedJobSnapshot | null };

/**
 * Takes the server's list as the truth for every job without a change still to send: saved elsewhere shows up here,
 * unsaved elsewhere goes away, and a job's details (closed or not) are refreshed.
 */
export async function applyServerSavedJobs(
  uid: string,
  server: readonly ServerSavedJob[],
  db: AppDb = appDb,
): Promise<void> {
  await db.transaction('rw', db.savedJobs, async () => {
    const local = await db.savedJobs.where('uid').equals(uid).toArray();
    const pending = new Set(local.filter((record) => record.pending).map((record) => record.jobId));
    const onServer = new Set(server.map((entry) => entry.jobId));
    const gone = local.filter((record) => !record.pending && !onServer.has(record.jobId)).map((record) => record.key);
    await db.savedJobs.bulkDelete(gone);
    const previous = new Map(local.map((record) => [record.jobId, record]));
    await db.savedJobs.bulkPut(
      server
        .filter((entry) => !pending.has(entry.jobId))
        .map((entry) => ({
          key: savedJobKey(uid, entry.jobId),
          uid,
          jobId: entry.jobId,
          saved: true,
          changedAt: entry.savedAt,
          pending: false,
          job: entry.job ?? previous.get(entry.jobId)?.job ?? null,
        })),
    );
  });
}

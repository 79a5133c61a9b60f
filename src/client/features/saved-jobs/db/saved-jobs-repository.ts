import type { Table } from 'dexie';
import { appDb, type AppDb } from '../../../db/app-db.ts';
import type { SavedJobRecord, SavedJobSnapshot } from '../../../db/records/saved-job-record.ts';
import {
  applyServerToggles,
  listToggledOn,
  markToggleSent,
  pendingToggles,
  recordToggle,
  type JobToggleStore,
} from '../../../lib/job-toggles/job-toggle-repository.ts';

// The device's copy of an account's saved jobs and the changes not yet sent (docs/decisions/008-places-and-saved-jobs.md).

export const savedJobsStore: JobToggleStore<SavedJobRecord> = {
  table: (db) => db.savedJobs as Table<SavedJobRecord, string>,
  isOn: (record) => record.saved,
  withFlag: (fields, saved) => ({ ...fields, saved }),
};

/** Records a save or an unsave made now, to be sent to the server. */
export function recordSavedChange(
  uid: string,
  jobId: string,
  saved: boolean,
  job: SavedJobSnapshot | null,
  now: number = Date.now(),
  db: AppDb = appDb,
): Promise<SavedJobRecord> {
  return recordToggle(savedJobsStore, uid, jobId, saved, job, now, db);
}

/** The account's saved jobs, most recently saved first. */
export function listSavedJobs(uid: string, db: AppDb = appDb): Promise<SavedJobRecord[]> {
  return listToggledOn(savedJobsStore, uid, db);
}

export function pendingSavedChanges(uid: string, db: AppDb = appDb): Promise<SavedJobRecord[]> {
  return pendingToggles(savedJobsStore, uid, db);
}

/** The server has the change made at `changedAt` (a newer change made meanwhile stays pending). */
export function markSavedChangeSent(uid: string, jobId: string, changedAt: number, db: AppDb = appDb): Promise<void> {
  return markToggleSent(savedJobsStore, uid, jobId, changedAt, db);
}

export type ServerSavedJob = { jobId: string; savedAt: number; job: SavedJobSnapshot | null };

/**
 * Takes the server's list as the truth for every job without a change still to send: saved elsewhere shows up here,
 * unsaved elsewhere goes away, and a job's details (closed or not) are refreshed.
 */
export function applyServerSavedJobs(uid: string, server: readonly ServerSavedJob[], db: AppDb = appDb): Promise<void> {
  const toggles = server.map(({ jobId, savedAt, job }) => ({ jobId, changedAt: savedAt, job }));
  return applyServerToggles(savedJobsStore, uid, toggles, db);
}

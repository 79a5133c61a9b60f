import type { Table } from 'dexie';
import { appDb, type AppDb } from '../../db/app-db.ts';
import type { SavedJobSnapshot } from '../../db/records/saved-job-record.ts';

// A mark a student puts on a job and takes off again, per account, on this device: saved jobs and dismissed jobs
// (docs/decisions/008-places-and-saved-jobs.md). Taking it off is kept (flag false) until the server has it, so that
// the change is sent; `pending` marks a change the server has not confirmed yet. The two features differ only in
// their table and the name of their flag.

/** What every mark record holds beside its flag. */
export interface JobToggleFields {
  /** `${uid}\u0000${jobId}`. */
  key: string;
  uid: string;
  jobId: string;
  /** When the change was made (ms since epoch): the server keeps the last change made for each job. */
  changedAt: number;
  pending: boolean;
  job: SavedJobSnapshot | null;
}

/** One kind of mark: its table, and how its records spell the flag. */
export interface JobToggleStore<R extends JobToggleFields> {
  /** The table, typed as records in and out (its key is always given, so Dexie's optional-key insert type is not needed). */
  table: (db: AppDb) => Table<R, string>;
  isOn: (record: R) => boolean;
  withFlag: (fields: JobToggleFields, on: boolean) => R;
}

/** A mark as the server lists it (marks that are on only). */
export type ServerJobToggle = { jobId: string; changedAt: number; job: SavedJobSnapshot | null };

export function jobToggleKey(uid: string, jobId: string): string {
  return `${uid}\u0000${jobId}`;
}

/** Records putting the mark on (or taking it off) now, to be sent to the server. */
export async function recordToggle<R extends JobToggleFields>(
  store: JobToggleStore<R>,
  uid: string,
  jobId: string,
  on: boolean,
  job: SavedJobSnapshot | null,
  now: number = Date.now(),
  db: AppDb = appDb,
): Promise<R> {
  const table = store.table(db);
  return db.transaction('rw', table, async () => {
    const key = jobToggleKey(uid, jobId);
    const previous = await table.get(key);
    // Two changes in the same millisecond must still be ordered.
    const changedAt = Math.max(now, (previous?.changedAt ?? 0) + 1);
    const record = store.withFlag({ key, uid, jobId, changedAt, pending: true, job: job ?? previous?.job ?? null }, on);
    await table.put(record);
    return record;
  });
}

/** The account's jobs with the mark on, most recent first. */
export async function listToggledOn<R extends JobToggleFields>(
  store: JobToggleStore<R>,
  uid: string,
  db: AppDb = appDb,
): Promise<R[]> {
  const records = await store.table(db).where('uid').equals(uid).toArray();
  return records.filter(store.isOn).sort((a, b) => b.changedAt - a.changedAt);
}

/** The changes not yet confirmed by the server, oldest first (the order they are sent in). */
export async function pendingToggles<R extends JobToggleFields>(
  store: JobToggleStore<R>,
  uid: string,
  db: AppDb = appDb,
): Promise<R[]> {
  const records = await store.table(db).where('uid').equals(uid).toArray();
  return records.filter((record) => record.pending).sort((a, b) => a.changedAt - b.changedAt);
}

/** The server has the change made at `changedAt` (a newer change made meanwhile stays pending). */
export async function markToggleSent<R extends JobToggleFields>(
  store: JobToggleStore<R>,
  uid: string,
  jobId: string,
  changedAt: number,
  db: AppDb = appDb,
): Promise<void> {
  const table = store.table(db);
  await db.transaction('rw', table, async () => {
    const key = jobToggleKey(uid, jobId);
    const record = await table.get(key);
    if (!record || record.changedAt !== changedAt) return;
    if (store.isOn(record)) await table.put({ ...record, pending: false });
    else await table.delete(key);
  });
}

/**
 * Takes the server's list as the truth for every job without a change still to send: marked elsewhere shows up here,
 * unmarked elsewhere goes away, and a job's details (closed or not) are refreshed.
 */
export async function applyServerToggles<R extends JobToggleFields>(
  store: JobToggleStore<R>,
  uid: string,
  server: readonly ServerJobToggle[],
  db: AppDb = appDb,
): Promise<void> {
  const table = store.table(db);
  await db.transaction('rw', table, async () => {
    const local = await table.where('uid').equals(uid).toArray();
    const pending = new Set(local.filter((record) => record.pending).map((record) => record.jobId));
    const onServer = new Set(server.map((entry) => entry.jobId));
    const gone = local.filter((record) => !record.pending && !onServer.has(record.jobId)).map((record) => record.key);
    await table.bulkDelete(gone);
    const previous = new Map(local.map((record) => [record.jobId, record]));
    await table.bulkPut(
      server
        .filter((entry) => !pending.has(entry.jobId))
        .map((entry) =>
          store.withFlag(
            {
              key: jobToggleKey(uid, entry.jobId),
              uid,
              jobId: entry.jobId,
              changedAt: entry.changedAt,
              pending: false,
              job: entry.job ?? previous.get(entry.jobId)?.job ?? null,
            },
            true,
          ),
        ),
    );
  });
}

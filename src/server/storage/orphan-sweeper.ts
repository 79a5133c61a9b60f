import { inArray } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../db/client.ts';
import { applications, studentProfiles } from '../db/schema.ts';
import { startRepeatingTask } from '../lib/repeating-task.ts';
import type { Storage } from './storage.ts';

// Profile resumes and application resume copies are written to the storage before the row that points at them
// is committed (so a row never points at a missing file). A process that dies in between leaves a file nobody
// references; this sweep removes such files once they are old enough that no upload can still be in flight.
// Every write uses a new random key, so a file that is old and unreferenced can never become referenced later.

/** Advisory lock id of the sweep ('file' in ASCII): one instance sweeps, the others skip. */
export const orphanSweepLockKey = 0x66696c65;

/** The folders whose every file must be named by a row (resume.service.ts, applications.service.ts). */
export const sweptPrefixes = ['resumes/', 'applications/'] as const;

export const defaultOrphanGraceMs = 60 * 60_000;
export const defaultOrphanSweepIntervalMs = 6 * 60 * 60_000;

const batchSize = 500;

export type OrphanSweepLogger = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

/** `ran: false`: another instance (or another run in this one) held the lock, nothing was done. */
export type OrphanSweepRun = { ran: false } | { ran: true; scanned: number; removed: number; failed: number };

export type OrphanSweepOptions = {
  database: DatabaseHandle;
  storage: Storage;
  log: OrphanSweepLogger;
  /** Files younger than this are left alone, referenced or not (default one hour). */
  graceMs?: number;
  now?: () => Date;
};

export async function sweepOrphanFiles({
  database,
  storage,
  log,
  graceMs = defaultOrphanGraceMs,
  now = () => new Date(),
}: OrphanSweepOptions): Promise<OrphanSweepRun> {
  const run = await database.withAdvisoryLock(orphanSweepLockKey, async () => {
    const cutoff = now().getTime() - graceMs;
    const totals = { scanned: 0, removed: 0, failed: 0 };
    for (const prefix of sweptPrefixes) {
      let candidates: string[] = [];
      const sweepBatch = async () => {
        const referenced = await referencedKeys(database.db, candidates);
        for (const key of candidates) {
          if (referenced.has(key)) continue;
          try {
            await storage.delete(key);
            totals.removed += 1;
          } catch (error) {
            totals.failed += 1;
            log.error({ err: error, key }, 'could not delete an orphan file');
          }
        }
        candidates = [];
      };
      for await (const object of storage.list(prefix)) {
        totals.scanned += 1;
        if (object.lastModified.getTime() > cutoff) continue;
        candidates.push(object.key);
        if (candidates.length >= batchSize) await sweepBatch();
      }
      if (candidates.length > 0) await sweepBatch();
    }
    return totals;
  });
  if (!run.acquired) {
    log.info({}, 'orphan file sweep already running elsewhere; skipped');
    return { ran: false };
  }
  log.info(run.result, `orphan file sweep removed ${run.result.removed} file(s)`);
  return { ran: true, ...run.result };
}

/** The keys among `keys` that a profile or an application row names (either table, whatever the folder). */
async function referencedKeys(db: Database, keys: string[]): Promise<Set<string>> {
  const [profiles, applied] = await Promise.all([
    db.select({ key: studentProfiles.resumeKey }).from(studentProfiles).where(inArray(studentProfiles.resumeKey, keys)),
    db.select({ key: applications.resumeKey }).from(applications).where(inArray(applications.resumeKey, keys)),
  ]);
  return new Set([...profiles, ...applied].flatMap((row) => (row.key ? [row.key] : [])));
}

/** Runs `sweep` now and then every `intervalMs`, until the returned stop() (which waits for a running one). */
export function startOrphanSweepSchedule(
  sweep: () => Promise<unknown>,
  { intervalMs, log }: { intervalMs: number; log: OrphanSweepLogger },
): { stop(): Promise<void> } {
  return startRepeatingTask(sweep, {
    intervalMs,
    onError: (error) => log.warn({ err: error }, 'orphan file sweep failed'),
  });
}

import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// PGlite takes no lock: a second process opening the same folder works "fine" and silently corrupts
// the indexes. So whoever opens DATA_DIR holds this lock file (containing its pid) until it closes.

export const lockFileName = 'campus-jobs.lock';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  readonly holderPid: number;

  constructor(message: string, holderPid: number) {
    super(message);
    this.holderPid = holderPid;
  }
}

export type DataDirLock = {
  path: string;
  release(): void;
};

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolderPid(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The pid of the live process holding the lock on `dataDir`, or null when nobody does (a stale file counts as free). */
export function dataDirLockHolder(dataDir: string): number | null {
  const holderPid = readHolderPid(join(dataDir, lockFileName));
  return holderPid !== null && isProcessAlive(holderPid) ? holderPid : null;
}

/** Takes the lock on `dataDir` (created if missing) or throws DataDirLockedError naming the holder. */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, lockFileName);
  // Written aside then hard-linked into place: link() fails if the lock exists, and a reader never
  // sees a half-written file (which a plain O_EXCL create followed by a write would allow).
  const candidatePath = join(dataDir, `.${lockFileName}.${process.pid}.${Date.now()}`);
  writeFileSync(candidatePath, `${process.pid}\n`);
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        createExclusively(candidatePath, lockPath);
        return { path: lockPath, release: () => releaseLock(lockPath) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holderPid = readHolderPid(lockPath);
      if (holderPid !== null && isProcessAlive(holderPid)) {
        const who = holderPid === process.pid ? 'this process' : `another process (pid ${holderPid})`;
        throw new DataDirLockedError(
          `${who} is using DATA_DIR ${dataDir}. Two servers on one data folder corrupt the database: ` +
            `stop it or set DATA_DIR to another folder. (If no such server runs, delete ${lockPath}.)`,
          holderPid,
        );
      }
      // Left behind by a process that died without releasing it: take it over.
      try {
        unlinkSync(lockPath);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    throw new Error(`Could not take the lock ${lockPath}: it keeps changing hands`);
  } finally {
    unlinkSync(candidatePath);
  }
}

function createExclusively(candidatePath: string, lockPath: string): void {
  try {
    linkSync(candidatePath, lockPath);
  } catch (error) {
    // Some mounted filesystems refuse hard links; an exclusive create is the next best thing.
    if (!['EPERM', 'ENOTSUP', 'ENOSYS'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
    writeFileSync(lockPath, `${process.pid}\n`, { flag: 'wx' });
  }
}

function releaseLock(lockPath: string): void {
  // Only remove a lock that is still ours (never one a later process took over).
  if (readHolderPid(lockPath) !== process.pid) return;
  try {
    unlinkSync(lockPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

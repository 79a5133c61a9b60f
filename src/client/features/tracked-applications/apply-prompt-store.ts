import type { SavedJobSnapshot } from '../../db/records/saved-job-record.ts';

// What "Did you apply?" needs to remember on this device: the last board listing whose apply link the student
// opened (one at a time: a newer one replaces it), the jobs answered "Not yet" today, and whether to ask at all.
// A device preference, not account data: kept in localStorage.

export type OpenedListing = { job: SavedJobSnapshot; openedAt: number };

const openedKey = (uid: string) => `campus-jobs:apply-prompt:${uid}`;
const snoozedKey = (uid: string) => `campus-jobs:apply-prompt-not-yet:${uid}`;
const offKey = 'campus-jobs:apply-prompt-off';

function read<T>(key: string): T | null {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused (private mode): the prompt simply does not come.
  }
}

/** The local calendar day of `time`, YYYY-MM-DD. */
export function localDay(time: number): string {
  const date = new Date(time);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The student opened this listing's own page (its apply link) from the board. */
export function noteListingOpened(uid: string, job: SavedJobSnapshot, now: number = Date.now()): void {
  if (job.featured || !job.url) return;
  write(openedKey(uid), { job, openedAt: now } satisfies OpenedListing);
}

export function openedListing(uid: string): OpenedListing | null {
  return read<OpenedListing>(openedKey(uid));
}

/** Answered: nothing more to ask, unless another listing was opened since (`jobId` is the one answered). */
export function forgetOpenedListing(uid: string, jobId?: string): void {
  if (jobId !== undefined && openedListing(uid)?.job.id !== jobId) return;
  write(openedKey(uid), null);
}

/** "Not yet": not asked again about this job before tomorrow. */
export function snoozeListing(uid: string, jobId: string, now: number = Date.now()): void {
  write(snoozedKey(uid), { ...read<Record<string, string>>(snoozedKey(uid)), [jobId]: localDay(now) });
}

export function snoozedToday(uid: string, jobId: string, now: number = Date.now()): boolean {
  return read<Record<string, string>>(snoozedKey(uid))?.[jobId] === localDay(now);
}

export function applyPromptEnabled(): boolean {
  return read<boolean>(offKey) !== true;
}

export function setApplyPromptEnabled(enabled: boolean): void {
  write(offKey, enabled ? null : true);
}

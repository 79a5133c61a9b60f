// The board's "Posted within" filter and the listing's age, in whole days or months (the cards' "Posted 3 days ago").

/** The filter's choices; absent from the URL means any time. */
export const postedWithinValues = ['24h', '7d', '30d', '6m'] as const;
export type PostedWithin = (typeof postedWithinValues)[number];

const daySeconds = 86_400;
const hourSeconds = 3_600;

/** A month as the board counts it: 30 days (the "may be closed" line is 6 of them, about half a year). */
export const monthSeconds = 30 * daySeconds;

const windowSeconds: Record<PostedWithin, number> = {
  '24h': daySeconds,
  '7d': 7 * daySeconds,
  '30d': 30 * daySeconds,
  '6m': 6 * monthSeconds,
};

/**
 * The oldest `datePosted` (unix seconds) the window keeps, seen at `nowMs`. Rounded down to the hour, so one window
 * gives the same answer (and the same cached server page) for an hour rather than changing every second.
 */
export function postedCutoff(window: PostedWithin, nowMs: number): number {
  const hour = Math.floor(nowMs / 1000 / hourSeconds) * hourSeconds;
  return hour - windowSeconds[window];
}

/** Whether a job posted at `datePosted` (unix seconds) is inside the window. A job with no date never is. */
export function isPostedWithin(datePosted: number, window: PostedWithin | undefined, nowMs: number): boolean {
  if (window === undefined) return true;
  return Number.isFinite(datePosted) && datePosted > 0 && datePosted >= postedCutoff(window, nowMs);
}

/** Listings older than this carry a "may be closed" note: feeds keep roles long after they are filled. */
export const mayBeClosedAfterSeconds = 6 * monthSeconds;

export function mayBeClosed(datePosted: number, nowMs: number): boolean {
  return Number.isFinite(datePosted) && datePosted > 0 && nowMs / 1000 - datePosted > mayBeClosedAfterSeconds;
}

/** How long ago a listing was posted: today, N days (under 30), else N months; null without a date. */
export type PostedAge = { unit: 'today' } | { unit: 'day' | 'month'; count: number };

export function postedAge(datePosted: number, nowMs: number): PostedAge | null {
  if (!Number.isFinite(datePosted) || datePosted <= 0) return null;
  const days = Math.floor(Math.max(0, nowMs / 1000 - datePosted) / daySeconds);
  if (days === 0) return { unit: 'today' };
  if (days < 30) return { unit: 'day', count: days };
  return { unit: 'month', count: Math.floor(days / 30) };
}

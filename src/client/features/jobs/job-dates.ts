import type { Locale } from '../../../shared/locale.ts';

/** The Intl locale each interface language formats dates with: long US style in English (spec section 2). */
export const dateLocales: Record<Locale, string> = { en: 'en-US', fr: 'fr-FR' };

/** A job date as the API may send it: ISO text, a date-only string, unix seconds or ms, a Firestore timestamp. */
export type JobDateInput = string | number | { _seconds: number } | null | undefined;

export type ParsedJobDate =
  | { kind: 'missing' }
  /** `utc`: a date without a time ("2025-12-01"), to be shown as that calendar day wherever the reader is. */
  | { kind: 'date'; date: Date; utc: boolean }
  | { kind: 'raw'; raw: string };

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;

// Building an Intl formatter costs far more than using one, and a list formats dozens of dates per render.
const formatters = new Map<string, Intl.DateTimeFormat>();

function dateFormatter(locale: Locale, style: 'long' | 'medium', utc: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${style}|${utc}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(dateLocales[locale], { dateStyle: style, ...(utc ? { timeZone: 'UTC' } : {}) });
    formatters.set(key, formatter);
  }
  return formatter;
}

const relativeFormatters = new Map<Locale, Intl.RelativeTimeFormat>();

function relativeFormatter(locale: Locale): Intl.RelativeTimeFormat {
  let formatter = relativeFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.RelativeTimeFormat(dateLocales[locale], { numeric: 'auto' });
    relativeFormatters.set(locale, formatter);
  }
  return formatter;
}
// Unix seconds until the year 5138; anything larger is already milliseconds.
const largestSeconds = 1e11;

export function parseJobDate(value: JobDateInput): ParsedJobDate {
  if (value === null || value === undefined) return { kind: 'missing' };
  if (typeof value === 'object') return parseJobDate(value._seconds);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { kind: 'raw', raw: String(value) };
    const date = new Date(Math.abs(value) < largestSeconds ? value * 1000 : value);
    return Number.isNaN(date.getTime()) ? { kind: 'raw', raw: String(value) } : { kind: 'date', date, utc: false };
  }
  const text = value.trim();
  if (text === '') return { kind: 'missing' };
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return { kind: 'raw', raw: value };
  // `new Date('2025-12-01')` is UTC midnight: in Montréal that is still November 30 unless formatted in UTC.
  return { kind: 'date', date, utc: dateOnly.test(text) };
}

/**
 * A job date in long style ("December 1, 2025", "1 décembre 2025"); a value that cannot be parsed is returned as
 * is (spec section 5); null when there is no date, so the caller picks its wording ('Recently', 'Not specified').
 */
export function formatJobDate(value: JobDateInput, locale: Locale): string | null {
  const parsed = parseJobDate(value);
  if (parsed.kind === 'missing') return null;
  if (parsed.kind === 'raw') return parsed.raw;
  return dateFormatter(locale, 'long', parsed.utc).format(parsed.date);
}

/** A machine-readable `<time dateTime>` value, or undefined for missing and raw dates. */
export function jobDateTimeAttribute(value: JobDateInput): string | undefined {
  const parsed = parseJobDate(value);
  if (parsed.kind !== 'date') return undefined;
  const iso = parsed.date.toISOString();
  return parsed.utc ? iso.slice(0, 10) : iso;
}

const relativeSteps: ReadonlyArray<{ unit: Intl.RelativeTimeFormatUnit; seconds: number; upTo: number }> = [
  { unit: 'second', seconds: 1, upTo: 45 },
  { unit: 'minute', seconds: 60, upTo: 45 * 60 },
  { unit: 'hour', seconds: 3600, upTo: 22 * 3600 },
  { unit: 'day', seconds: 86_400, upTo: 26 * 86_400 },
  { unit: 'month', seconds: 30 * 86_400, upTo: 320 * 86_400 },
  { unit: 'year', seconds: 365 * 86_400, upTo: Number.POSITIVE_INFINITY },
];

/** "5 minutes ago", "yesterday", "il y a 3 jours": how long ago `thenMs` was, seen at `nowMs`. */
export function formatRelativeTime(thenMs: number, nowMs: number, locale: Locale): string {
  const format = relativeFormatter(locale);
  const elapsed = (thenMs - nowMs) / 1000;
  const distance = Math.abs(elapsed);
  // A clock a little ahead of the server's still reads as "now", never as "in 3 seconds".
  if (distance < 45) return format.format(0, 'second');
  const step = relativeSteps.find((candidate) => distance < candidate.upTo) ?? relativeSteps[relativeSteps.length - 1]!;
  return format.format(Math.round(elapsed / step.seconds), step.unit);
}

/** The card's posted date: a short calendar date ("Oct 18, 2025"), or null when the feed gave none. */
export function formatPostedDay(datePostedSeconds: number, locale: Locale): string | null {
  if (!Number.isFinite(datePostedSeconds) || datePostedSeconds <= 0) return null;
  return dateFormatter(locale, 'medium', false).format(new Date(datePostedSeconds * 1000));
}

const dayMs = 86_400_000;

/** The start of the local day of `nowMs`: cards compare whole days, so they change once a day, not every minute. */
export function startOfDay(nowMs: number): number {
  const date = new Date(nowMs);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
}

/**
 * Whole days since the feed last updated the listing ("updated N days ago"), or null when it never said or the
 * update is the posting itself (same day).
 */
export function updatedDaysAgo(
  job: { datePosted: number; dateUpdated: number | null },
  todayMs: number,
): number | null {
  const updated = job.dateUpdated;
  if (updated === null || !Number.isFinite(updated) || updated <= 0) return null;
  if (startOfDay(updated * 1000) === startOfDay(job.datePosted * 1000)) return null;
  return Math.max(0, Math.round((todayMs - startOfDay(updated * 1000)) / dayMs));
}

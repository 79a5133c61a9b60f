import { describe, expect, it } from 'vitest';
import {
  formatJobDate,
  formatPostedDay,
  formatRelativeTime,
  jobDateTimeAttribute,
  parseJobDate,
  updatedDaysAgo,
} from './job-dates.ts';

describe('formatJobDate', () => {
  it('writes an ISO date-only value in long US style in English, on that calendar day whatever the time zone', () => {
    expect(formatJobDate('2025-12-01', 'en')).toBe('December 1, 2025');
  });

  it('writes the same date in long French style in French', () => {
    expect(formatJobDate('2025-12-01', 'fr')).toBe('1 décembre 2025');
  });

  it('reads full ISO timestamps, unix seconds, milliseconds and Firestore timestamps', () => {
    const noonUtc = Date.UTC(2026, 2, 15, 12);
    expect(formatJobDate(new Date(noonUtc).toISOString(), 'en')).toBe('March 15, 2026');
    expect(formatJobDate(noonUtc / 1000, 'en')).toBe('March 15, 2026');
    expect(formatJobDate(noonUtc, 'en')).toBe('March 15, 2026');
    expect(formatJobDate({ _seconds: noonUtc / 1000 }, 'en')).toBe('March 15, 2026');
  });

  it('returns an unparseable value as it was written (spec: shown as its raw value)', () => {
    expect(formatJobDate('Rolling basis', 'en')).toBe('Rolling basis');
    expect(formatJobDate('2025-13-45', 'fr')).toBe('2025-13-45');
  });

  it('returns null for a missing or blank date so the caller can say "Recently"', () => {
    expect(formatJobDate(null, 'en')).toBeNull();
    expect(formatJobDate(undefined, 'en')).toBeNull();
    expect(formatJobDate('   ', 'en')).toBeNull();
  });
});

describe('parseJobDate and jobDateTimeAttribute', () => {
  it('marks date-only values as UTC days and gives a machine-readable attribute only for real dates', () => {
    expect(parseJobDate('2025-12-01')).toMatchObject({ kind: 'date', utc: true });
    expect(jobDateTimeAttribute('2025-12-01')).toBe('2025-12-01');
    expect(jobDateTimeAttribute('2025-12-01T10:00:00Z')).toBe('2025-12-01T10:00:00.000Z');
    expect(jobDateTimeAttribute('soon')).toBeUndefined();
    expect(jobDateTimeAttribute(null)).toBeUndefined();
  });

  it('treats a non-finite number as a raw value', () => {
    expect(parseJobDate(Number.NaN)).toEqual({ kind: 'raw', raw: 'NaN' });
  });
});

describe('formatRelativeTime', () => {
  const now = Date.UTC(2026, 0, 10, 12);

  it('says "now" within 45 seconds either way (a client clock slightly behind the server included)', () => {
    expect(formatRelativeTime(now - 10_000, now, 'en')).toBe('now');
    expect(formatRelativeTime(now + 5_000, now, 'en')).toBe('now');
  });

  it('picks minutes, hours and days, in both languages', () => {
    expect(formatRelativeTime(now - 5 * 60_000, now, 'en')).toBe('5 minutes ago');
    expect(formatRelativeTime(now - 3 * 3_600_000, now, 'en')).toBe('3 hours ago');
    expect(formatRelativeTime(now - 24 * 3_600_000, now, 'en')).toBe('yesterday');
    expect(formatRelativeTime(now - 5 * 86_400_000, now, 'fr')).toBe('il y a 5 jours');
  });
});

describe('formatPostedDay', () => {
  it('writes a medium date from unix seconds and null for a missing date', () => {
    expect(formatPostedDay(Date.UTC(2025, 9, 18, 12) / 1000, 'en')).toBe('Oct 18, 2025');
    expect(formatPostedDay(0, 'en')).toBeNull();
  });
});

describe('updatedDaysAgo', () => {
  const day = 86_400;
  const posted = Math.floor(new Date(2026, 0, 10, 9).getTime() / 1000);
  const today = new Date(2026, 0, 20).getTime();

  it('counts whole days since the feed updated the listing', () => {
    expect(updatedDaysAgo({ datePosted: posted, dateUpdated: posted + 5 * day }, today)).toBe(5);
    expect(updatedDaysAgo({ datePosted: posted, dateUpdated: posted + 10 * day }, today)).toBe(0);
  });

  it('says nothing when the feed gave no update or updated on the posting day', () => {
    expect(updatedDaysAgo({ datePosted: posted, dateUpdated: null }, today)).toBeNull();
    expect(updatedDaysAgo({ datePosted: posted, dateUpdated: posted + 3600 }, today)).toBeNull();
  });
});

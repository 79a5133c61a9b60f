import { describe, expect, it } from 'vitest';
import { isPostedWithin, mayBeClosed, postedAge, postedCutoff } from './posted-within.ts';

const now = Date.UTC(2026, 10, 25, 8, 30); // 2026-11-25 08:30 UTC
const nowSeconds = now / 1000;
const hour = 3600;
const day = 86_400;

describe('posted within', () => {
  it('keeps every job, dated or not, when no window is chosen', () => {
    expect(isPostedWithin(nowSeconds - 400 * day, undefined, now)).toBe(true);
    expect(isPostedWithin(0, undefined, now)).toBe(true);
  });

  it.each([
    ['24h', 20 * hour, true],
    ['24h', 26 * hour, false],
    ['7d', 6 * day, true],
    ['7d', 8 * day, false],
    ['30d', 29 * day, true],
    ['30d', 31 * day, false],
    ['6m', 170 * day, true],
    ['6m', 200 * day, false],
  ] as const)('window %s, posted %i seconds ago -> kept: %s', (window, age, kept) => {
    expect(isPostedWithin(nowSeconds - age, window, now)).toBe(kept);
  });

  it('drops jobs without a posting date once a window is chosen', () => {
    expect(isPostedWithin(0, '6m', now)).toBe(false);
    expect(isPostedWithin(Number.NaN, '6m', now)).toBe(false);
  });

  it('moves its cutoff once an hour, not every second (cacheable answers)', () => {
    expect(postedCutoff('7d', now)).toBe(postedCutoff('7d', now + 29 * 60 * 1000));
    expect(postedCutoff('7d', now + 31 * 60 * 1000)).toBe(postedCutoff('7d', now) + hour);
  });
});

describe('posted age and "may be closed"', () => {
  it.each([
    [2 * hour, { unit: 'today' }],
    [3 * day + hour, { unit: 'day', count: 3 }],
    [29 * day, { unit: 'day', count: 29 }],
    [45 * day, { unit: 'month', count: 1 }],
    [400 * day, { unit: 'month', count: 13 }],
  ])('posted %i seconds ago -> %j', (age, expected) => {
    expect(postedAge(nowSeconds - age, now)).toEqual(expected);
  });

  it('has no age without a date, and a future date reads as today', () => {
    expect(postedAge(0, now)).toBeNull();
    expect(postedAge(nowSeconds + day, now)).toEqual({ unit: 'today' });
  });

  it('notes listings older than 6 months as "may be closed"', () => {
    expect(mayBeClosed(nowSeconds - 179 * day, now)).toBe(false);
    expect(mayBeClosed(nowSeconds - 181 * day, now)).toBe(true);
    expect(mayBeClosed(0, now)).toBe(false);
  });
});

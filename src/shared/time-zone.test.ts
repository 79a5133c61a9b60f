import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, maxTimeZoneLength } from './time-zone.ts';

describe('canonicalTimeZone', () => {
  it.each([
    ['America/Toronto', 'America/Toronto'],
    ['Europe/Paris', 'Europe/Paris'],
    ['UTC', 'UTC'],
    ['america/toronto', 'America/Toronto'],
  ])('reads %j as %j', (value, expected) => {
    expect(canonicalTimeZone(value)).toBe(expected);
  });

  it.each([
    'Mars/Olympus_Mons',
    '',
    'not a zone',
    '../../etc/passwd',
    'x'.repeat(maxTimeZoneLength + 1),
    42,
    null,
    undefined,
    { timeZone: 'UTC' },
  ])('ignores %j (null), never throwing', (value) => {
    expect(canonicalTimeZone(value)).toBeNull();
  });
});

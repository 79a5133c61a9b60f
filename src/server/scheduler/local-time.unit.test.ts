import { describe, expect, it } from 'vitest';
import { effectiveTimeZone, instantOfLocalHour, latestLocalSlot, localTimeAt } from './local-time.ts';

// Local hours in a person's time zone, for digests at 07:00 their time.

const at = (iso: string) => Date.parse(iso);

describe('latestLocalSlot', () => {
  it('is today at the hour once it has passed in that zone, yesterday before', () => {
    // 12:30 UTC is 07:30 in Toronto (EST, UTC-5) on 2026-12-07.
    expect(latestLocalSlot(at('2026-12-07T12:30:00Z'), 'America/Toronto', 7)).toEqual({
      at: at('2026-12-07T12:00:00Z'),
      date: '2026-12-07',
    });
    // 11:59 UTC is 06:59 there: the last 07:00 was the day before.
    expect(latestLocalSlot(at('2026-12-07T11:59:00Z'), 'America/Toronto', 7)).toEqual({
      at: at('2026-12-06T12:00:00Z'),
      date: '2026-12-06',
    });
    // The same instant is already the next day in Tokyo (UTC+9): 20:59 on the 7th, past 07:00.
    expect(latestLocalSlot(at('2026-12-07T11:59:00Z'), 'Asia/Tokyo', 7).date).toBe('2026-12-07');
  });

  it('on a weekday: the latest Monday at the hour', () => {
    // 2026-12-09 is a Wednesday; the Monday before is the 7th.
    expect(latestLocalSlot(at('2026-12-09T15:00:00Z'), 'UTC', 7, 1)).toEqual({
      at: at('2026-12-07T07:00:00Z'),
      date: '2026-12-07',
    });
    // Monday 06:00: last week's Monday.
    expect(latestLocalSlot(at('2026-12-07T06:00:00Z'), 'UTC', 7, 1).date).toBe('2026-11-30');
    expect(latestLocalSlot(at('2026-12-07T07:00:00Z'), 'UTC', 7, 1).date).toBe('2026-12-07');
  });

  it('counts an unknown or missing zone as UTC', () => {
    expect(effectiveTimeZone('Mars/Olympus_Mons')).toBe('UTC');
    expect(effectiveTimeZone(null)).toBe('UTC');
    expect(latestLocalSlot(at('2026-12-07T07:10:00Z'), 'Not/AZone', 7).at).toBe(at('2026-12-07T07:00:00Z'));
  });
});

describe('instantOfLocalHour across daylight-saving changes', () => {
  it('keeps 07:00 local on both sides of a change', () => {
    // Toronto: EDT (UTC-4) until 2026-11-01, EST (UTC-5) after.
    expect(instantOfLocalHour({ year: 2026, month: 10, day: 31 }, 7, 'America/Toronto')).toBe(
      at('2026-10-31T11:00:00Z'),
    );
    expect(instantOfLocalHour({ year: 2026, month: 11, day: 1 }, 7, 'America/Toronto')).toBe(
      at('2026-11-01T12:00:00Z'),
    );
  });

  it('moves an hour that does not exist to the hour after, and takes the first of an hour that happens twice', () => {
    // 2026-03-08 02:00 does not exist in Toronto (clocks jump to 03:00 EDT = 07:00 UTC).
    const skipped = instantOfLocalHour({ year: 2026, month: 3, day: 8 }, 2, 'America/Toronto');
    expect(skipped).toBe(at('2026-03-08T07:00:00Z'));
    expect(localTimeAt(skipped, 'America/Toronto').hour).toBe(3);
    // 2026-11-01 01:00 happens twice; the first is 01:00 EDT = 05:00 UTC.
    expect(instantOfLocalHour({ year: 2026, month: 11, day: 1 }, 1, 'America/Toronto')).toBe(
      at('2026-11-01T05:00:00Z'),
    );
  });
});

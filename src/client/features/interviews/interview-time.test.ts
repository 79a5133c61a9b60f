import { describe, expect, it } from 'vitest';
import { formatInterviewTime, isoToLocalInput, localInputToIso } from './interview-time.ts';

describe('interview times', () => {
  it('reads a datetime-local value as the viewer’s wall clock and writes it back unchanged', () => {
    const iso = localInputToIso('2026-12-03T14:30');
    expect(iso).toMatch(/Z$/);
    expect(isoToLocalInput(new Date(iso!))).toBe('2026-12-03T14:30');
    expect(localInputToIso('2026-12-03')).toBeNull();
    expect(localInputToIso('')).toBeNull();
  });

  it('names the time zone it shows', () => {
    expect(formatInterviewTime('2026-12-03T19:30:00.000Z', 'en')).toMatch(/2026/);
    expect(formatInterviewTime('2026-12-03T19:30:00.000Z', 'en')).toMatch(/[A-Z]{2,}|GMT|UTC/);
    expect(formatInterviewTime('not a date', 'en')).toBe('not a date');
  });
});

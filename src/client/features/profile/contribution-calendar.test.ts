import { describe, expect, it } from 'vitest';
import { contributionLevel } from '../../../shared/github/github-profile.ts';
import { calendarColumns, levelColors, levelRanges } from './contribution-calendar.ts';

describe('contribution levels (spec section 9: 0, 1-2, 3-5, 6-10, above 10)', () => {
  it.each([
    [0, 0],
    [1, 1],
    [2, 1],
    [3, 2],
    [5, 2],
    [6, 3],
    [10, 3],
    [11, 4],
    [250, 4],
  ])('%i contributions -> level %i', (count, level) => {
    expect(contributionLevel(count)).toBe(level);
  });

  it('gives every level its own colour and legend range', () => {
    expect(new Set(Object.values(levelColors)).size).toBe(5);
    expect(Object.values(levelRanges)).toEqual(['0', '1-2', '3-5', '6-10', '>10']);
  });
});

describe('calendarColumns', () => {
  it('puts each day on its weekday row (Sunday first) and leaves missing days empty', () => {
    // 2026-11-18 is a Wednesday: a partial last week of Wednesday..Friday.
    const columns = calendarColumns([
      {
        count: 9,
        days: [
          { date: '2026-11-18', contributionCount: 0 },
          { date: '2026-11-19', contributionCount: 4 },
          { date: '2026-11-20', contributionCount: 5 },
        ],
      },
    ]);
    expect(columns).toHaveLength(1);
    const cells = columns[0]!.cells;
    expect(cells.map((cell) => cell?.date ?? null)).toEqual([
      null,
      null,
      null,
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      null,
    ]);
    expect(cells[4]).toEqual({ date: '2026-11-19', count: 4, level: 2, weekday: 4 });
  });

  it('keeps only the most recent weeks', () => {
    const weeks = Array.from({ length: 60 }, (_, index) => ({
      count: 0,
      days: [{ date: new Date(Date.UTC(2025, 0, 5 + index * 7)).toISOString().slice(0, 10), contributionCount: index }],
    }));
    const columns = calendarColumns(weeks, 53);
    expect(columns).toHaveLength(53);
    expect(columns[0]!.key).toBe(weeks[7]!.days[0]!.date);
    expect(columns.at(-1)!.key).toBe(weeks[59]!.days[0]!.date);
  });

  it('answers no column for an empty calendar', () => {
    expect(calendarColumns([])).toEqual([]);
  });
});

import { contributionLevel, type ContributionWeek } from '../../../shared/github/github-profile.ts';

// The contribution calendar's model (spec section 9: colour levels 0, 1-2, 3-5, 6-10, above 10).

export type CalendarLevel = ReturnType<typeof contributionLevel>;

/** Background colour tokens per level, from "nothing" to "a lot". */
export const levelColors: Record<CalendarLevel, string> = {
  0: 'bg.muted',
  1: 'green.200',
  2: 'green.400',
  3: 'green.600',
  4: 'green.800',
};

/** The count range each level stands for, for the legend. */
export const levelRanges: Record<CalendarLevel, string> = { 0: '0', 1: '1-2', 2: '3-5', 3: '6-10', 4: '>10' };

export type CalendarCell = { date: string; count: number; level: CalendarLevel; weekday: number };

export type CalendarColumn = { key: string; cells: (CalendarCell | null)[] };

function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/**
 * One column per week, seven rows (Sunday first). A partial first or last week keeps its days on their own weekday
 * rows, the missing ones are null. Only the last `maxWeeks` weeks are kept (a phone has no room for a year).
 */
export function calendarColumns(weeks: readonly ContributionWeek[], maxWeeks = 53): CalendarColumn[] {
  return weeks.slice(-maxWeeks).map((week, index) => {
    const cells: (CalendarCell | null)[] = Array.from({ length: 7 }, () => null);
    for (const day of week.days) {
      const row = weekday(day.date);
      cells[row] = {
        date: day.date,
        count: day.contributionCount,
        level: contributionLevel(day.contributionCount),
        weekday: row,
      };
    }
    return { key: week.days[0]?.date ?? `week-${index}`, cells };
  });
}

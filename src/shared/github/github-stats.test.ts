import { describe, expect, it } from 'vitest';
import { contributionLevel } from './github-profile.ts';
import {
  activeDaysPerWeek,
  averageContributionsPerDay,
  calendarDays,
  computeGithubProfile,
  currentStreak,
  type GithubAccountData,
  type GithubRepository,
  languageDistribution,
  longestStreak,
  mostProductiveDay,
  mostStarredRepos,
  previousDate,
  weeklyContributions,
} from './github-stats.ts';

/** Consecutive days from `start`, one count each: days('2025-12-30', [1, 0, 2]). */
function days(start: string, counts: number[]) {
  let date = start;
  const result = [];
  for (const contributionCount of counts) {
    result.push({ date, contributionCount });
    date = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  }
  return result;
}

function repo(overrides: Partial<GithubRepository> = {}): GithubRepository {
  return {
    name: 'repo',
    url: 'https://github.com/ada/repo',
    stars: 0,
    primaryLanguage: null,
    languages: [],
    ...overrides,
  };
}

describe('calendar dates', () => {
  it('steps back over month, year and leap-day boundaries', () => {
    expect(previousDate('2026-01-01')).toBe('2025-12-31');
    expect(previousDate('2024-03-01')).toBe('2024-02-29');
    expect(previousDate('2025-03-01')).toBe('2025-02-28');
  });

  it('flattens the weeks into one ordered list without duplicates', () => {
    const weeks = [
      { contributionDays: days('2026-01-04', [1, 2]) },
      { contributionDays: days('2025-12-28', [3, 4]) },
      { contributionDays: days('2026-01-05', [9]) },
    ];
    expect(calendarDays(weeks)).toEqual([
      { date: '2025-12-28', contributionCount: 3 },
      { date: '2025-12-29', contributionCount: 4 },
      { date: '2026-01-04', contributionCount: 1 },
      { date: '2026-01-05', contributionCount: 9 },
    ]);
  });
});

describe('longestStreak', () => {
  it('finds the longest run of contributing days (hand-checked: runs of 2, 4 and 1)', () => {
    expect(longestStreak(days('2026-03-01', [1, 1, 0, 5, 2, 1, 7, 0, 0, 3]))).toBe(4);
  });

  it('counts a run across the year boundary as one', () => {
    // 2025-12-29 .. 2026-01-03: six contributing days in a row.
    expect(longestStreak(days('2025-12-27', [0, 0, 1, 1, 1, 1, 1, 1, 0]))).toBe(6);
  });

  it('is 0 for an empty year and for an empty calendar', () => {
    expect(longestStreak(days('2025-01-01', new Array(365).fill(0)))).toBe(0);
    expect(longestStreak([])).toBe(0);
  });

  it('breaks a run where a date is missing from the calendar', () => {
    const gap = [...days('2026-01-01', [1, 1]), ...days('2026-01-04', [1, 1, 1])];
    expect(longestStreak(gap)).toBe(3);
  });
});

describe('currentStreak', () => {
  it('counts back from today when today has contributions', () => {
    expect(currentStreak(days('2026-11-15', [1, 0, 2, 3, 1, 4, 1, 6]), '2026-11-22')).toBe(6);
  });

  it('does not break the streak when today has no contribution yet', () => {
    expect(currentStreak(days('2026-11-15', [1, 0, 2, 3, 1, 4, 1, 0]), '2026-11-22')).toBe(5);
  });

  it('is 0 when yesterday had no contribution either', () => {
    expect(currentStreak(days('2026-11-15', [1, 1, 1, 1, 1, 1, 0, 0]), '2026-11-22')).toBe(0);
  });

  it('runs across the year boundary', () => {
    // Today 2026-01-02 (not yet contributed); 2025-12-29 .. 2026-01-01 contributed: 4 days.
    expect(currentStreak(days('2025-12-27', [1, 0, 3, 1, 1, 2, 0]), '2026-01-02')).toBe(4);
  });

  it('defaults today to the calendar’s last day', () => {
    expect(currentStreak(days('2026-11-15', [0, 1, 1, 1, 0]))).toBe(3);
    expect(currentStreak(days('2026-11-15', [0, 1, 1, 1, 1]))).toBe(4);
  });

  it('is 0 for an empty year, an empty calendar, and a calendar that ended days ago', () => {
    expect(currentStreak(days('2025-11-23', new Array(365).fill(0)), '2026-11-22')).toBe(0);
    expect(currentStreak([], '2026-11-22')).toBe(0);
    expect(currentStreak(days('2026-11-10', [1, 1, 1]), '2026-11-22')).toBe(0);
  });
});

describe('averages and the most productive day', () => {
  const week = days('2026-11-16', [0, 3, 0, 5, 1, 0, 0]); // 9 contributions, 3 active days in 7

  it('averages contributions per day to two decimals', () => {
    expect(averageContributionsPerDay(week)).toBe(1.29); // 9 / 7 = 1.2857
    expect(averageContributionsPerDay([])).toBe(0);
  });

  it('counts active days per week to one decimal', () => {
    expect(activeDaysPerWeek(week)).toBe(3);
    expect(activeDaysPerWeek(days('2026-11-01', [1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))).toBe(1.5);
    expect(activeDaysPerWeek([])).toBe(0);
  });

  it('picks the day with the most contributions, the earliest on a tie, null when none', () => {
    expect(mostProductiveDay(week)).toEqual({ date: '2026-11-19', contributions: 5 });
    expect(mostProductiveDay(days('2026-11-01', [2, 7, 7]))).toEqual({ date: '2026-11-02', contributions: 7 });
    expect(mostProductiveDay(days('2026-11-01', [0, 0]))).toBeNull();
  });

  it('sums each week', () => {
    expect(weeklyContributions([{ contributionDays: week }, { contributionDays: [] }])).toEqual([
      { days: week, count: 9 },
      { days: [], count: 0 },
    ]);
  });

  it('maps counts to the spec’s colour levels (0, 1-2, 3-5, 6-10, >10)', () => {
    expect([0, 1, 2, 3, 5, 6, 10, 11, 300].map(contributionLevel)).toEqual([0, 1, 1, 2, 2, 3, 3, 4, 4]);
  });
});

describe('languages and stars', () => {
  const repositories = [
    repo({
      name: 'api',
      stars: 5,
      languages: [
        { name: 'TypeScript', size: 6000 },
        { name: 'Shell', size: 1000 },
      ],
    }),
    repo({ name: 'ml', stars: 12, languages: [{ name: 'Python', size: 2000 }] }),
    repo({ name: 'site', stars: 5, languages: [{ name: 'TypeScript', size: 1000 }] }),
    repo({ name: 'empty', stars: 0, languages: [] }),
  ];

  it('shares bytes of code by language with the number of projects using each (hand-checked: 10,000 bytes)', () => {
    expect(languageDistribution(repositories)).toEqual([
      { language: 'TypeScript', percentage: 70, projects: 2 },
      { language: 'Python', percentage: 20, projects: 1 },
      { language: 'Shell', percentage: 10, projects: 1 },
    ]);
  });

  it('falls back to primary languages (share of repositories) when GitHub reports no sizes', () => {
    expect(
      languageDistribution([
        repo({ primaryLanguage: 'Go' }),
        repo({ primaryLanguage: 'Go' }),
        repo({ primaryLanguage: 'Rust' }),
      ]),
    ).toEqual([
      { language: 'Go', percentage: 66.7, projects: 2 },
      { language: 'Rust', percentage: 33.3, projects: 1 },
    ]);
    expect(languageDistribution([])).toEqual([]);
  });

  it('lists the three most starred repositories, name order on a tie', () => {
    expect(mostStarredRepos(repositories)).toEqual([
      { name: 'ml', url: 'https://github.com/ada/repo', stars: 12 },
      { name: 'api', url: 'https://github.com/ada/repo', stars: 5 },
      { name: 'site', url: 'https://github.com/ada/repo', stars: 5 },
    ]);
  });
});

describe('computeGithubProfile', () => {
  const data: GithubAccountData = {
    login: 'ada',
    name: 'Ada Lovelace',
    bio: 'Analytical engines',
    avatarUrl: 'https://avatars.githubusercontent.com/u/1',
    location: 'London',
    websiteUrl: 'https://ada.dev',
    twitterUsername: 'ada',
    createdAt: '2015-06-01T10:00:00Z',
    followers: 42,
    pullRequests: 17,
    repoCount: 8,
    repositories: [
      repo({ name: 'a', stars: 3, languages: [{ name: 'C', size: 10 }] }),
      repo({ name: 'b', stars: 4, languages: [{ name: 'Go', size: 30 }] }),
    ],
    calendar: {
      totalContributions: 7,
      weeks: [{ contributionDays: days('2026-11-16', [1, 2, 0, 1, 1, 2, 0]) }],
    },
  };

  it('combines every figure, with today defaulting to the calendar’s last day', () => {
    const profile = computeGithubProfile(data, { now: new Date('2026-11-22T15:00:00Z') });
    expect(profile).toMatchObject({
      username: 'ada',
      name: 'Ada Lovelace',
      blog: 'https://ada.dev',
      repoCount: 8,
      starsReceived: 7,
      followers: 42,
      contributionCount: 7,
      // [1, 2, 0, 1, 1, 2, 0]: runs of 2 and 3; today (the last day) is not yet contributed.
      maxStreak: 3,
      currentStreak: 3,
      averageContributionsPerDay: 1,
      activeDaysPerWeek: 5,
      pullRequestsCount: 17,
      topLanguages: ['Go', 'C'],
      mostProductiveDay: { date: '2026-11-17', contributions: 2 },
      mostStarredRepos: [
        { name: 'b', url: 'https://github.com/ada/repo', stars: 4 },
        { name: 'a', url: 'https://github.com/ada/repo', stars: 3 },
      ],
      fetchedAt: '2026-11-22T15:00:00.000Z',
    });
    expect(profile.weeklyContributions).toHaveLength(1);
  });

  it('keeps at most five top languages', () => {
    const many = ['A', 'B', 'C', 'D', 'E', 'F'].map((name, index) =>
      repo({ name, languages: [{ name, size: 100 - index }] }),
    );
    const profile = computeGithubProfile({ ...data, repositories: many }, { now: new Date() });
    expect(profile.topLanguages).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(profile.languageDistribution).toHaveLength(6);
  });
});

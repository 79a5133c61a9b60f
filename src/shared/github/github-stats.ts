import type { ContributionDay, ContributionWeek, GithubProfile, LanguageShare, StarredRepo } from './github-profile.ts';

// The arithmetic behind the GitHub profile (spec section 3). Pure: the server feeds it what GitHub's API answered.

export type GithubRepository = {
  name: string;
  url: string;
  stars: number;
  primaryLanguage: string | null;
  /** Bytes of code per language, as GitHub's `languages` connection reports them. */
  languages: { name: string; size: number }[];
};

export type GithubAccountData = {
  login: string;
  name: string | null;
  bio: string | null;
  avatarUrl: string | null;
  location: string | null;
  websiteUrl: string | null;
  twitterUsername: string | null;
  createdAt: string | null;
  followers: number;
  pullRequests: number;
  /** How many repositories the person owns, forks excluded (may exceed `repositories.length`). */
  repoCount: number;
  /** Owned, non-fork repositories. */
  repositories: GithubRepository[];
  calendar: {
    totalContributions: number;
    weeks: { contributionDays: ContributionDay[] }[];
  };
};

const dayMs = 86_400_000;

/** 'YYYY-MM-DD' -> the day before, in the calendar's own dates (no time zones involved). */
export function previousDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - dayMs).toISOString().slice(0, 10);
}

function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + dayMs).toISOString().slice(0, 10);
}

/** Every day of the calendar once, oldest first. */
export function calendarDays(weeks: GithubAccountData['calendar']['weeks']): ContributionDay[] {
  const byDate = new Map<string, number>();
  for (const week of weeks) {
    for (const day of week.contributionDays) byDate.set(day.date, day.contributionCount);
  }
  return [...byDate.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, contributionCount]) => ({ date, contributionCount }));
}

/** The longest run of consecutive dates with at least one contribution. A missing date breaks a run. */
export function longestStreak(days: readonly ContributionDay[]): number {
  let longest = 0;
  let run = 0;
  let previous: string | null = null;
  for (const day of days) {
    if (day.contributionCount > 0) {
      run = previous !== null && run > 0 && nextDate(previous) === day.date ? run + 1 : 1;
      longest = Math.max(longest, run);
    } else {
      run = 0;
    }
    previous = day.date;
  }
  return longest;
}

/**
 * Consecutive contributing days ending today, or ending yesterday when today has no contribution yet (the day is
 * not over, so it does not break the streak). `today` defaults to the calendar's last date: GitHub's calendar ends
 * on the person's today, in their time zone.
 */
export function currentStreak(days: readonly ContributionDay[], today?: string): number {
  const last = days[days.length - 1];
  if (!last) return 0;
  const counts = new Map(days.map((day) => [day.date, day.contributionCount]));
  let cursor = today ?? last.date;
  if ((counts.get(cursor) ?? 0) === 0) cursor = previousDate(cursor);
  let streak = 0;
  while ((counts.get(cursor) ?? 0) > 0) {
    streak += 1;
    cursor = previousDate(cursor);
  }
  return streak;
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** Contributions per calendar day, two decimals; 0 for an empty calendar. */
export function averageContributionsPerDay(days: readonly ContributionDay[]): number {
  if (days.length === 0) return 0;
  const total = days.reduce((sum, day) => sum + day.contributionCount, 0);
  return round(total / days.length, 2);
}

/** Days with a contribution per 7 calendar days, one decimal; 0 for an empty calendar. */
export function activeDaysPerWeek(days: readonly ContributionDay[]): number {
  if (days.length === 0) return 0;
  const active = days.filter((day) => day.contributionCount > 0).length;
  return round((active * 7) / days.length, 1);
}

/** The day with the most contributions (the earliest on a tie); null when nobody contributed. */
export function mostProductiveDay(days: readonly ContributionDay[]): GithubProfile['mostProductiveDay'] {
  let best: ContributionDay | null = null;
  for (const day of days) {
    if (day.contributionCount > 0 && (!best || day.contributionCount > best.contributionCount)) best = day;
  }
  return best ? { date: best.date, contributions: best.contributionCount } : null;
}

export function weeklyContributions(weeks: GithubAccountData['calendar']['weeks']): ContributionWeek[] {
  return weeks.map((week) => {
    const days = week.contributionDays.map(({ date, contributionCount }) => ({ date, contributionCount }));
    return { days, count: days.reduce((sum, day) => sum + day.contributionCount, 0) };
  });
}

/**
 * Languages by bytes of code across the repositories, most first (name order on a tie). When GitHub reports no
 * sizes at all, repositories' primary languages are counted instead, so the share is of repositories.
 */
export function languageDistribution(repositories: readonly GithubRepository[]): LanguageShare[] {
  const weights = new Map<string, number>();
  const projects = new Map<string, number>();
  const hasSizes = repositories.some((repo) => repo.languages.some((language) => language.size > 0));
  for (const repo of repositories) {
    const languages = hasSizes
      ? repo.languages.filter((language) => language.size > 0)
      : repo.primaryLanguage
        ? [{ name: repo.primaryLanguage, size: 1 }]
        : [];
    for (const language of new Map(languages.map((entry) => [entry.name, entry.size]))) {
      const [name, size] = language;
      weights.set(name, (weights.get(name) ?? 0) + size);
      projects.set(name, (projects.get(name) ?? 0) + 1);
    }
  }
  const total = [...weights.values()].reduce((sum, weight) => sum + weight, 0);
  if (total === 0) return [];
  return [...weights.entries()]
    .sort(([nameA, a], [nameB, b]) => b - a || nameA.localeCompare(nameB))
    .map(([language, weight]) => ({
      language,
      percentage: round((weight / total) * 100, 1),
      projects: projects.get(language) ?? 0,
    }));
}

export function mostStarredRepos(repositories: readonly GithubRepository[], limit = 3): StarredRepo[] {
  return [...repositories]
    .sort((a, b) => b.stars - a.stars || a.name.localeCompare(b.name))
    .slice(0, limit)
    .map(({ name, url, stars }) => ({ name, url, stars }));
}

export type ComputeGithubProfileOptions = {
  /** When the profile is computed (fetchedAt). */
  now: Date;
  /** The person's today as 'YYYY-MM-DD'; defaults to the calendar's last day. */
  today?: string;
};

export function computeGithubProfile(
  data: GithubAccountData,
  { now, today }: ComputeGithubProfileOptions,
): GithubProfile {
  const days = calendarDays(data.calendar.weeks);
  const distribution = languageDistribution(data.repositories);
  return {
    username: data.login,
    name: data.name,
    bio: data.bio,
    avatarUrl: data.avatarUrl,
    location: data.location,
    blog: data.websiteUrl,
    twitterUsername: data.twitterUsername,
    createdAt: data.createdAt,
    repoCount: data.repoCount,
    starsReceived: data.repositories.reduce((sum, repo) => sum + repo.stars, 0),
    followers: data.followers,
    contributionCount: data.calendar.totalContributions,
    maxStreak: longestStreak(days),
    currentStreak: currentStreak(days, today),
    averageContributionsPerDay: averageContributionsPerDay(days),
    activeDaysPerWeek: activeDaysPerWeek(days),
    pullRequestsCount: data.pullRequests,
    topLanguages: distribution.slice(0, 5).map((share) => share.language),
    languageDistribution: distribution,
    weeklyContributions: weeklyContributions(data.calendar.weeks),
    mostProductiveDay: mostProductiveDay(days),
    mostStarredRepos: mostStarredRepos(data.repositories),
    fetchedAt: now.toISOString(),
  };
}

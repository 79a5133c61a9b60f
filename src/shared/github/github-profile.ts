import { z } from 'zod';

// Spec section 3, "GitHub profile": what POST /api/github/profile answers and GET /api/profile carries as `github`.
// Computed on the server from GitHub's API (src/shared/github/github-stats.ts); the access token is never stored.

export type ContributionDay = { date: string; contributionCount: number };

export type ContributionWeek = {
  /** The days of one calendar week (Sunday first, as GitHub's calendar), oldest first. */
  days: ContributionDay[];
  /** Contributions in that week. */
  count: number;
};

export type LanguageShare = {
  language: string;
  /** Share of all code bytes in the person's own repositories, 0-100 with one decimal. */
  percentage: number;
  /** Repositories that contain this language. */
  projects: number;
};

export type StarredRepo = { name: string; url: string; stars: number };

export type GithubProfile = {
  username: string;
  name: string | null;
  bio: string | null;
  avatarUrl: string | null;
  location: string | null;
  blog: string | null;
  twitterUsername: string | null;
  /** ISO 8601, when the GitHub account was created. */
  createdAt: string | null;
  repoCount: number;
  starsReceived: number;
  followers: number;
  /** Contributions in the last year (GitHub's calendar). */
  contributionCount: number;
  maxStreak: number;
  currentStreak: number;
  averageContributionsPerDay: number;
  activeDaysPerWeek: number;
  pullRequestsCount: number;
  /** The five languages with the most code, most first. */
  topLanguages: string[];
  languageDistribution: LanguageShare[];
  weeklyContributions: ContributionWeek[];
  /** null when the calendar has no contribution at all. */
  mostProductiveDay: { date: string; contributions: number } | null;
  /** The three repositories with the most stars. */
  mostStarredRepos: StarredRepo[];
  /** ISO 8601, when this profile was computed. */
  fetchedAt: string;
};

/** Spec section 9: the calendar's colour levels 0, 1-2, 3-5, 6-10, above 10 -> 0..4. */
export function contributionLevel(count: number): 0 | 1 | 2 | 3 | 4 {
  if (count <= 0) return 0;
  if (count <= 2) return 1;
  if (count <= 5) return 2;
  if (count <= 10) return 3;
  return 4;
}

/** POST /api/github/profile: the OAuth access token GitHub gave the client at sign-in (used once, never stored). */
export const githubProfileRequestSchema = z.object(
  {
    // OAuth tokens (gho_...), and the Auth emulator's fake one, are short and made of these characters.
    githubToken: z
      .string({ error: 'A GitHub access token is required' })
      .trim()
      .min(1, { error: 'A GitHub access token is required', abort: true })
      .max(1000, { error: 'The GitHub access token is not valid' })
      .regex(/^[\w.-]+$/, { error: 'The GitHub access token is not valid' }),
  },
  { error: 'The request body must be a JSON object like {"githubToken": "..."}' },
);

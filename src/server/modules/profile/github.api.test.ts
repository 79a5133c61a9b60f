import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { studentProfiles } from '../../db/schema.ts';
import { createGoogleUser } from '../../../../tests/api-setup/emulator-users.ts';
import { type FakeGithub, startFakeGithub } from '../../../../tests/api-setup/fake-github.ts';
import { as } from '../../../../tests/api-setup/profile-client.ts';
import { buildEnv, buildTestApp } from '../../../../tests/api-setup/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../../../tests/api-setup/test-database.ts';

let testDatabase: TestDatabase;
let app: FastifyInstance;
let github: FakeGithub;

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  github = await startFakeGithub([
    {
      token: 'gho_grace_token_1234',
      login: 'grace-hopper',
      name: 'Grace Hopper',
      bio: 'COBOL',
      location: 'Arlington',
      websiteUrl: 'https://grace.example',
      blog: 'https://grace.dev',
      twitterUsername: 'amazinggrace',
      createdAt: '2012-03-04T05:06:07Z',
      followers: 120,
      pullRequests: 33,
      repositories: [
        {
          name: 'compiler',
          stars: 50,
          primaryLanguage: 'C',
          languages: [
            { name: 'C', size: 7000 },
            { name: 'Assembly', size: 1000 },
          ],
        },
        { name: 'cobol-tools', stars: 20, primaryLanguage: 'COBOL', languages: [{ name: 'COBOL', size: 2000 }] },
        { name: 'notes', stars: 0 },
        { name: 'website', stars: 5 },
      ],
      // 2025-12-29 .. 2026-01-11, across the new year; the last day is "today".
      calendar: { start: '2025-12-29', counts: [2, 0, 1, 3, 4, 0, 0, 5, 1, 1, 1, 0, 0, 2] },
    },
    {
      token: 'gho_many_repos',
      login: 'many',
      repositories: Array.from({ length: 150 }, (_, index) => ({
        name: `repo-${index}`,
        stars: 1,
        languages: [{ name: 'Go', size: 100 }],
      })),
    },
    { token: 'FirebaseAuthEmulatorFakeAccessToken_github.com', login: 'emulator-user' },
  ]);
  app = await buildTestApp({
    database: testDatabase.database,
    env: buildEnv({ GITHUB_GRAPHQL_URL: github.graphqlUrl, GITHUB_API_URL: github.apiUrl }),
  });
});

beforeEach(() => {
  github.failWith(null);
});

afterAll(async () => {
  await app.close();
  await github.close();
  await testDatabase.dispose();
});

async function storedRow(uid: string) {
  const [row] = await testDatabase.database.db.select().from(studentProfiles).where(eq(studentProfiles.uid, uid));
  return row ?? null;
}

describe('POST /api/github/profile', () => {
  it('computes the spec’s GitHub profile from GitHub’s answers (hand-checked) and stores it', async () => {
    const user = await createGoogleUser();
    const response = await as(app, user).post('/api/github/profile', { githubToken: 'gho_grace_token_1234' });
    expect(response.statusCode).toBe(200);
    const profile = response.json();
    expect(profile).toMatchObject({
      username: 'grace-hopper',
      name: 'Grace Hopper',
      bio: 'COBOL',
      location: 'Arlington',
      // REST's `blog` wins over GraphQL's websiteUrl.
      blog: 'https://grace.dev',
      twitterUsername: 'amazinggrace',
      createdAt: '2012-03-04T05:06:07Z',
      repoCount: 4,
      starsReceived: 75,
      followers: 120,
      contributionCount: 20,
      // 2025-12-31 .. 2026-01-02 is 3; 2026-01-05 .. 2026-01-08 is 4.
      maxStreak: 4,
      currentStreak: 1,
      averageContributionsPerDay: 1.43,
      activeDaysPerWeek: 4.5,
      pullRequestsCount: 33,
      topLanguages: ['C', 'COBOL', 'Assembly'],
      languageDistribution: [
        { language: 'C', percentage: 70, projects: 1 },
        { language: 'COBOL', percentage: 20, projects: 1 },
        { language: 'Assembly', percentage: 10, projects: 1 },
      ],
      mostProductiveDay: { date: '2026-01-05', contributions: 5 },
      mostStarredRepos: [
        { name: 'compiler', url: 'https://github.com/grace-hopper/compiler', stars: 50 },
        { name: 'cobol-tools', url: 'https://github.com/grace-hopper/cobol-tools', stars: 20 },
        { name: 'website', url: 'https://github.com/grace-hopper/website', stars: 5 },
      ],
    });
    expect(profile.weeklyContributions.map((week: { count: number }) => week.count)).toEqual([10, 10]);
    expect(profile.weeklyContributions[0].days[0]).toEqual({ date: '2025-12-29', contributionCount: 2 });

    expect((await as(app, user).get('/api/profile')).json()).toMatchObject({
      githubUsername: 'grace-hopper',
      github: profile,
    });
  });

  it('sends the token to GitHub only, and never stores it', async () => {
    const user = await createGoogleUser();
    const before = github.requests.length;
    await as(app, user).post('/api/github/profile', { githubToken: 'gho_grace_token_1234' });
    const calls = github.requests.slice(before);
    expect(calls.map((call) => `${call.method} ${call.path}`).sort()).toEqual(['GET /user', 'POST /graphql']);
    for (const call of calls) {
      expect(call.headers.authorization).toBe('Bearer gho_grace_token_1234');
      expect(call.headers['user-agent']).toBeTruthy();
    }
    expect(JSON.stringify(await storedRow(user.uid))).not.toContain('gho_grace_token_1234');
  });

  it('reads every page of repositories (150 repositories: two GraphQL pages)', async () => {
    const user = await createGoogleUser();
    const before = github.requests.filter((call) => call.path === '/graphql').length;
    const response = await as(app, user).post('/api/github/profile', { githubToken: 'gho_many_repos' });
    expect(response.json()).toMatchObject({
      repoCount: 150,
      starsReceived: 150,
      languageDistribution: [{ language: 'Go', percentage: 100, projects: 150 }],
      contributionCount: 0,
      maxStreak: 0,
      currentStreak: 0,
      mostProductiveDay: null,
    });
    expect(github.requests.filter((call) => call.path === '/graphql').length - before).toBe(2);
  });

  it('accepts the Auth emulator’s fake GitHub token (the browser tests’ popup)', async () => {
    const user = await createGoogleUser();
    const response = await as(app, user).post('/api/github/profile', {
      githubToken: 'FirebaseAuthEmulatorFakeAccessToken_github.com',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().username).toBe('emulator-user');
  });

  it('answers 400 with a clear message when GitHub refuses the token (401), storing nothing', async () => {
    const user = await createGoogleUser();
    const response = await as(app, user).post('/api/github/profile', { githubToken: 'gho_revoked' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'GitHub did not accept the sign-in. Please connect GitHub again.',
      code: 'github_token_refused',
    });
    expect((await storedRow(user.uid))?.githubProfile ?? null).toBeNull();
  });

  it.each<[number | 'graphql-error', string]>([
    [500, 'a server error'],
    [403, 'a refusal (rate limit)'],
    ['graphql-error', 'a GraphQL error inside a 200'],
  ])('answers 502 on %s (%s) and keeps the profile connected before', async (failure) => {
    const user = await createGoogleUser();
    await as(app, user).post('/api/github/profile', { githubToken: 'gho_grace_token_1234' });
    github.failWith(failure);
    const response = await as(app, user).post('/api/github/profile', { githubToken: 'gho_grace_token_1234' });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      error: 'Could not connect GitHub profile. Please try again.',
      code: 'github_unavailable',
    });
    expect((await as(app, user).get('/api/profile')).json().github?.username).toBe('grace-hopper');
  });

  it.each([
    [{}, 'A GitHub access token is required'],
    [{ githubToken: '' }, 'A GitHub access token is required'],
    [{ githubToken: 'token with spaces' }, 'The GitHub access token is not valid'],
    [{ githubToken: 42 }, 'A GitHub access token is required'],
  ])('refuses the body %j with 400 without calling GitHub', async (body, error) => {
    const user = await createGoogleUser();
    const before = github.requests.length;
    const response = await as(app, user).post('/api/github/profile', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error, code: 'invalid_request' });
    expect(github.requests.length).toBe(before);
  });
});

describe('POST /api/github/profile: rate limit', () => {
  it('allows 10 connections per account in 10 minutes, then answers 429 without calling GitHub', async () => {
    const user = await createGoogleUser();
    for (let call = 0; call < 10; call += 1) {
      expect(
        (await as(app, user).post('/api/github/profile', { githubToken: 'gho_grace_token_1234' })).statusCode,
      ).toBe(200);
    }
    const before = github.requests.length;
    const refused = await as(app, user).post('/api/github/profile', { githubToken: 'gho_grace_token_1234' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: 'Too many requests. Please wait a few minutes and try again.',
      code: 'rate_limited',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600);
    expect(github.requests.length).toBe(before);
  });

  it('counts across instances: an account gets 10 connections in all, not 10 per instance', async () => {
    // "Another instance": its own connection pool on PostgreSQL; on PGlite the one session of the one process.
    const otherDatabase = testDatabase.url ? await openDatabase({ databaseUrl: testDatabase.url }) : null;
    const other = await buildTestApp({
      database: otherDatabase ?? testDatabase.database,
      env: buildEnv({ GITHUB_GRAPHQL_URL: github.graphqlUrl, GITHUB_API_URL: github.apiUrl }),
    });
    try {
      const user = await createGoogleUser();
      const body = { githubToken: 'gho_grace_token_1234' };
      for (let call = 0; call < 10; call += 1) {
        expect((await as(call % 2 ? other : app, user).post('/api/github/profile', body)).statusCode).toBe(200);
      }
      expect((await as(app, user).post('/api/github/profile', body)).statusCode).toBe(429);
      expect((await as(other, user).post('/api/github/profile', body)).statusCode).toBe(429);
    } finally {
      await other.close();
      await otherDatabase?.close();
    }
  });

  it('counts only well-formed requests, and opens again once the 10-minute window has passed', async () => {
    const user = await createGoogleUser();
    const connect = () => as(app, user).post('/api/github/profile', { githubToken: 'gho_grace_token_1234' });
    for (let call = 0; call < 15; call += 1) {
      expect((await as(app, user).post('/api/github/profile', { githubToken: 'not a token' })).statusCode).toBe(400);
    }
    for (let call = 0; call < 10; call += 1) expect((await connect()).statusCode).toBe(200);
    expect((await connect()).statusCode).toBe(429);
    // Only the clock moves: timers and sockets stay real.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 10 * 60_000);
      expect((await connect()).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('DELETE /api/github/delete', () => {
  it('removes the stored GitHub profile, keeps the username, and touches no one else', async () => {
    const [owner, other] = await Promise.all([createGoogleUser(), createGoogleUser()]);
    await as(app, owner).post('/api/github/profile', { githubToken: 'gho_grace_token_1234' });
    await as(app, other).post('/api/github/profile', { githubToken: 'gho_grace_token_1234' });

    const response = await as(app, owner).delete('/api/github/delete');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect((await as(app, owner).get('/api/profile')).json()).toMatchObject({
      github: null,
      githubUsername: 'grace-hopper',
    });
    expect((await as(app, other).get('/api/profile')).json().github?.username).toBe('grace-hopper');
  });

  it('is harmless without a connection', async () => {
    const user = await createGoogleUser();
    expect((await as(app, user).delete('/api/github/delete')).statusCode).toBe(200);
  });
});

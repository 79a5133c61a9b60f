import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentProfiles } from '../../db/schema.ts';
import { createGoogleUser, type EmulatorUser } from '../../../../tests/api-setup/emulator-users.ts';
import { type FakeDevpost, startFakeDevpost } from '../../../../tests/api-setup/fake-devpost.ts';
import { as } from '../../../../tests/api-setup/profile-client.ts';
import { buildEnv, buildTestApp } from '../../../../tests/api-setup/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../../../tests/api-setup/test-database.ts';

let testDatabase: TestDatabase;
let app: FastifyInstance;
let devpost: FakeDevpost;

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  devpost = await startFakeDevpost();
  app = await buildTestApp({ database: testDatabase.database, env: buildEnv({ DEVPOST_BASE_URL: devpost.origin }) });
});

afterAll(async () => {
  await app.close();
  await devpost.close();
  await testDatabase.dispose();
});

function verify(user: EmulatorUser, username: unknown) {
  return as(app, user).post('/api/devpost/profile', { username });
}

async function storedRow(uid: string) {
  const [row] = await testDatabase.database.db.select().from(studentProfiles).where(eq(studentProfiles.uid, uid));
  return row ?? null;
}

const notFound = 'Could not load Devpost profile. Please check the username and try again.';

describe('POST /api/devpost/profile', () => {
  it('reads the profile, its projects and their hackathons into {success, data, error}', async () => {
    const user = await createGoogleUser();
    const response = await verify(user, 'jane_doe');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, error: null });
    expect(body.data).toMatchObject({
      username: 'jane_doe',
      name: 'Jane Doe',
      links: { github: 'https://github.com/jane-doe-dev', linkedin: 'https://www.linkedin.com/in/jane-doe-dev' },
      stats: { projectCount: 4, hackathonCount: 3, winCount: 2 },
      achievements: { totalWins: 3, firstPlaceWins: 1 },
      skills: ['python', 'react', 'tensorflow', 'postgresql'],
      interests: ['Machine Learning/AI', 'Social Good'],
      hackathons: { participationByYear: { '2022': 1, '2023': 1, '2024': 1 } },
    });
    expect(body.data.projectsAndHackathons[0]).toMatchObject({
      hackathon: 'Hack the North 2023',
      hackathon_link: `${devpost.origin}/hackathons/hack-the-north-2023/`,
      project: 'Smart Recycle',
      project_link: `${devpost.origin}/software/smart-recycle`,
      year: 2023,
      members: ['Jane Doe', 'Sam Lee', 'Priya Okafor'],
      technologies: ['python', 'tensorflow', 'raspberry-pi', 'flask', 'opencv'],
      win: '1st Place Overall',
      prizes: [{ prize_text: '1st Place Overall' }, { prize_text: 'Best Use of Google Cloud' }],
      github_link: 'https://github.com/jane-doe-dev/smart-recycle',
      hackathon_details: { deadline: '2023-09-17T09:00:00-04:00' },
    });
    // Verifying stores no profile; it only remembers which name this person verified.
    const row = await storedRow(user.uid);
    expect(row).toMatchObject({ devpostProfile: null, devpostUsername: null, devpostVerifiedUsername: 'jane_doe' });
  });

  it('fetches the portfolio, its project pages and their Devpost hackathon pages, nothing else', async () => {
    const user = await createGoogleUser();
    await verify(user, 'jane_doe');
    expect(devpost.requests.every((request) => request.headers.host?.startsWith('127.0.0.1'))).toBe(true);
    const paths = new Set(devpost.requests.map((request) => request.path));
    expect(paths).toEqual(
      new Set([
        '/jane_doe',
        '/software/smart-recycle',
        '/software/study-buddy',
        '/software/pixel-garden',
        '/software/night-owl',
        '/hackathons/hack-the-north-2023/',
        '/hackathons/mchacks-11/',
      ]),
    );
  });

  it('answers from its cache for a while, whatever the letter case', async () => {
    const user = await createGoogleUser();
    await verify(user, 'jane_doe');
    const before = devpost.requests.length;
    const again = await verify(user, 'JANE_DOE');
    expect(again.json().success).toBe(true);
    expect(devpost.requests.length).toBe(before);
  });

  it('answers {success: false} with the spec’s message for an unknown user', async () => {
    const user = await createGoogleUser();
    const response = await verify(user, 'nobody_here');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: false, data: null, error: notFound, code: 'devpost_not_found' });
    expect((await storedRow(user.uid))?.devpostVerifiedUsername ?? null).toBeNull();
  });

  it('reads a profile without projects', async () => {
    const user = await createGoogleUser();
    const response = await verify(user, 'new_user');
    expect(response.json()).toMatchObject({
      success: true,
      data: {
        username: 'new_user',
        stats: { projectCount: 0, hackathonCount: 0, winCount: 0 },
        projectsAndHackathons: [],
      },
    });
  });

  it('answers a clear error (502, never a crash) when Devpost’s layout changed', async () => {
    const user = await createGoogleUser();
    const response = await verify(user, 'redesigned');
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      success: false,
      data: null,
      error: 'Devpost’s page layout has changed, so the profile could not be read. Please try again later.',
      code: 'devpost_layout_changed',
    });
  });

  it('answers 502 when Devpost fails, and reads it again on the next try', async () => {
    const user = await createGoogleUser();
    devpost.override('/flaky_user', { status: 503, body: 'Service Unavailable' });
    const failed = await verify(user, 'flaky_user');
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({
      success: false,
      data: null,
      error: 'Devpost could not be reached. Please try again later.',
      code: 'devpost_unavailable',
    });
    devpost.override('/flaky_user', null);
    expect((await verify(user, 'flaky_user')).json()).toEqual({
      success: false,
      data: null,
      error: notFound,
      code: 'devpost_not_found',
    });
  });

  it('still verifies when a project page fails, using what the portfolio shows', async () => {
    const user = await createGoogleUser();
    devpost.override('/software/pixel-garden', { status: 500 });
    // A second username serving the same portfolio, so the cache of jane_doe does not answer.
    const html = readFileSync(
      join(import.meta.dirname, '../../../../tests/fixtures/devpost/profile-jane-doe.html'),
      'utf8',
    );
    devpost.override('/other_jane', { status: 200, body: html.replaceAll('{{BASE}}', devpost.origin) });
    try {
      const response = await verify(user, 'other_jane');
      expect(response.json().success).toBe(true);
      const entries: { project: string }[] = response.json().data.projectsAndHackathons;
      const pixel = entries.find((entry) => entry.project === 'Pixel Garden');
      expect(pixel).toMatchObject({ description: 'A tiny generative art garden', technologies: [], year: null });
    } finally {
      devpost.override('/software/pixel-garden', null);
      devpost.override('/other_jane', null);
    }
  });

  it.each([
    [{ username: '' }, 400, 'Please enter a Devpost username first'],
    [{ username: '   ' }, 400, 'Please enter a Devpost username first'],
    [{}, 400, 'Please enter a Devpost username first'],
    [{ username: '../admin' }, 400, 'Devpost username can only contain letters, digits, hyphens and underscores'],
    [{ username: 'jane doe' }, 400, 'Devpost username can only contain letters, digits, hyphens and underscores'],
    [{ username: 'jane?x=1' }, 400, 'Devpost username can only contain letters, digits, hyphens and underscores'],
  ])('refuses %j with %i before asking Devpost', async (body, status, error) => {
    const user = await createGoogleUser();
    const before = devpost.requests.length;
    const response = await as(app, user).post('/api/devpost/profile', body);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ success: false, data: null, error, code: 'invalid_request' });
    expect(devpost.requests.length).toBe(before);
  });
});

describe('POST /api/devpost/profile: rate limit', () => {
  it('allows 30 verifications per account in 10 minutes, then answers 429 with Retry-After', async () => {
    const [busy, other] = await Promise.all([createGoogleUser(), createGoogleUser()]);
    for (let call = 0; call < 30; call += 1) expect((await verify(busy, 'new_user')).statusCode).toBe(200);
    const refused = await verify(busy, 'new_user');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      success: false,
      data: null,
      error: 'Too many requests. Please wait a few minutes and try again.',
      code: 'rate_limited',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await verify(other, 'new_user')).statusCode).toBe(200);
  });
});

describe('POST /api/devpost/save', () => {
  async function verifiedAndSaved(user: EmulatorUser, username = 'jane_doe') {
    expect((await verify(user, username)).json().success).toBe(true);
    expect((await as(app, user).patch('/api/profile/update', { devpostUsername: username })).statusCode).toBe(200);
  }

  it('stores the verified profile of the saved username, as read from Devpost (not as sent)', async () => {
    const user = await createGoogleUser();
    await verifiedAndSaved(user);
    const forged = {
      username: 'jane_doe',
      name: 'Forged',
      stats: { projectCount: 999, hackathonCount: 999, winCount: 999 },
    };
    const response = await as(app, user).post('/api/devpost/save', { devpostProfile: forged });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      error: null,
      data: { name: 'Jane Doe', stats: { projectCount: 4 } },
    });
    const profile = (await as(app, user).get('/api/profile')).json();
    expect(profile).toMatchObject({ devpostUsername: 'jane_doe', devpost: { username: 'jane_doe', name: 'Jane Doe' } });
  });

  it('refuses a profile whose username is not the saved, verified one', async () => {
    const user = await createGoogleUser();
    await verifiedAndSaved(user);
    const response = await as(app, user).post('/api/devpost/save', { devpostProfile: { username: 'new_user' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      data: null,
      error: 'Please verify your Devpost username before saving',
      code: 'devpost_not_verified',
    });
    expect((await storedRow(user.uid))?.devpostProfile ?? null).toBeNull();
  });

  it('refuses when nothing was verified or saved (another student cannot save the owner’s profile)', async () => {
    const [owner, other] = await Promise.all([createGoogleUser(), createGoogleUser()]);
    await verifiedAndSaved(owner);
    const response = await as(app, other).post('/api/devpost/save', { devpostProfile: { username: 'jane_doe' } });
    expect(response.statusCode).toBe(400);
    expect((await storedRow(other.uid))?.devpostProfile ?? null).toBeNull();
    expect((await storedRow(owner.uid))?.devpostProfile ?? null).toBeNull();
  });

  it.each([{}, { devpostProfile: 'jane_doe' }, { devpostProfile: {} }])(
    'refuses the body %j with 400',
    async (body) => {
      const user = await createGoogleUser();
      const response = await as(app, user).post('/api/devpost/save', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, data: null, error: expect.any(String) });
    },
  );
});

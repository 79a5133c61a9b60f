import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchAppState } from '../../../../tests/api-setup/app-state.ts';
import {
  createAnonymousUser,
  createPasswordUser,
  type EmulatorUser,
  expiredToken,
} from '../../../../tests/api-setup/emulator-users.ts';
import { buildListing, insertFeaturedJob, insertOrganization } from '../../../../tests/api-setup/job-board.ts';
import { buildEnv, buildTestApp } from '../../../../tests/api-setup/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../../../tests/api-setup/test-database.ts';

// GET/PUT/DELETE /api/saved-jobs: a student's own list only, last change wins, closed jobs stay marked closed.

let testDatabase: TestDatabase;
let app: FastifyInstance;
let ada: EmulatorUser;
let bob: EmulatorUser;
const open = buildListing({ title: 'Open Intern', locations: ['Toronto, ON, Canada'] });
const leaving = buildListing({ title: 'Leaving Intern', locations: ['Vancouver, BC'] });
let featuredId: string;
let expiredId: string;

function call(user: EmulatorUser | string | null, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const token = typeof user === 'string' ? user : user?.idToken;
  return app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });
}

async function createAccount(user: EmulatorUser): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/create-account',
    headers: { authorization: `Bearer ${user.idToken}` },
    payload: { email: user.email },
  });
  expect(response.statusCode).toBeLessThan(300);
}

const savedIds = async (user: EmulatorUser) =>
  ((await call(user, 'GET', '/api/saved-jobs')).json() as { savedJobs: { jobId: string }[] }).savedJobs.map(
    (s) => s.jobId,
  );

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  app = await buildTestApp({ database: testDatabase.database, env: buildEnv() });
  [ada, bob] = await Promise.all([createPasswordUser(), createPasswordUser()]);
  await createAccount(ada);
  await createAccount(bob);
  const organization = await insertOrganization(testDatabase.database.db, { name: 'Aurora Robotics' });
  featuredId = (await insertFeaturedJob(testDatabase.database.db, { organizationId: organization.id })).id;
  expiredId = (
    await insertFeaturedJob(testDatabase.database.db, {
      organizationId: organization.id,
      endPostingDate: new Date(Date.now() - 60_000),
    })
  ).id;
  await app.feedIngest.importSources([{ name: 'internships.json', type: 'internship', data: [open, leaving] }]);
});

afterAll(async () => {
  await app.close();
  await testDatabase.dispose();
});

describe('/api/saved-jobs: who may call', () => {
  it('answers 401 without a token or with an expired one, and 403 for an anonymous session, changing nothing', async () => {
    const anonymous = await createAnonymousUser();
    const unchanged = await watchAppState({ db: testDatabase.database.db });
    const refusals: [string, () => ReturnType<typeof call>, number, string][] = [
      ['GET, no token', () => call(null, 'GET', '/api/saved-jobs'), 401, 'unauthenticated'],
      ['PUT, no token', () => call(null, 'PUT', `/api/saved-jobs/${open.id}`), 401, 'unauthenticated'],
      ['DELETE, no token', () => call(null, 'DELETE', `/api/saved-jobs/${open.id}`), 401, 'unauthenticated'],
      ['GET, expired token', () => call(expiredToken(ada.idToken), 'GET', '/api/saved-jobs'), 401, 'token_invalid'],
      ['GET, anonymous', () => call(anonymous, 'GET', '/api/saved-jobs'), 403, 'identified_account_required'],
      [
        'PUT, anonymous',
        () => call(anonymous, 'PUT', `/api/saved-jobs/${open.id}`),
        403,
        'identified_account_required',
      ],
    ];
    for (const [label, send, status, code] of refusals) {
      const response = await send();
      expect(response.statusCode, label).toBe(status);
      expect(response.json(), label).toMatchObject({ code });
    }
    await unchanged.expectUnchanged('saved jobs without a token, with an expired one, or anonymous');
  });

  it('refuses a signed-in person without an account (403 account_required), storing nothing', async () => {
    const stranger = await createPasswordUser();
    const unchanged = await watchAppState({ db: testDatabase.database.db });
    for (const [method, url] of [
      ['PUT', `/api/saved-jobs/${open.id}`],
      ['DELETE', `/api/saved-jobs/${open.id}`],
      ['GET', '/api/saved-jobs'],
    ] as const) {
      const response = await call(stranger, method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json(), `${method} ${url}`).toEqual({
        error: expect.stringMatching(/account/),
        code: 'account_required',
      });
    }
    await unchanged.expectUnchanged('saved jobs of a person without an account');
  });

  it("keeps each student's list to themselves: another student's token neither reads nor changes it", async () => {
    expect((await call(ada, 'PUT', `/api/saved-jobs/${open.id}`)).statusCode).toBe(200);
    expect(await savedIds(bob)).toEqual([]);
    // Bob deleting the same job id only records his own unsave.
    expect((await call(bob, 'DELETE', `/api/saved-jobs/${open.id}`)).statusCode).toBe(200);
    expect(await savedIds(ada)).toEqual([open.id]);
    expect(await savedIds(bob)).toEqual([]);
    await call(ada, 'DELETE', `/api/saved-jobs/${open.id}`);
  });
});

describe('/api/saved-jobs: saving', () => {
  it('saves an external listing and a featured job, lists them most recently saved first, with what the card shows', async () => {
    // Saved in one order, at times that list them in another (neither the order of the requests nor of the ids).
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    expect((await call(ada, 'PUT', `/api/saved-jobs/${featuredId}`, { changedAt: minutesAgo(3) })).statusCode).toBe(
      200,
    );
    expect((await call(ada, 'PUT', `/api/saved-jobs/${open.id}`)).statusCode).toBe(200);
    expect((await call(ada, 'PUT', `/api/saved-jobs/${leaving.id}`, { changedAt: minutesAgo(2) })).statusCode).toBe(
      200,
    );
    const response = await call(ada, 'GET', '/api/saved-jobs');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const { savedJobs } = response.json() as {
      savedJobs: { jobId: string; savedAt: string; job: { title: string; closed: boolean; featured: boolean } }[];
    };
    expect(savedJobs.map((s) => s.jobId)).toEqual([open.id, leaving.id, featuredId]);
    expect(savedJobs.find((s) => s.jobId === open.id)!.job).toMatchObject({
      title: 'Open Intern',
      closed: false,
      featured: false,
    });
    expect(savedJobs.find((s) => s.jobId === featuredId)!.job).toMatchObject({ closed: false, featured: true });
  });

  it('keeps the last change made, whatever order the changes arrive in', async () => {
    const early = new Date(Date.now() - 60_000).toISOString();
    const late = new Date(Date.now() - 30_000).toISOString();
    // Unsaved later on one device, the earlier save from another device arrives after it: still unsaved.
    expect(
      (await call(bob, 'DELETE', `/api/saved-jobs/${featuredId}?changedAt=${encodeURIComponent(late)}`)).json(),
    ).toMatchObject({
      saved: false,
    });
    const stale = await call(bob, 'PUT', `/api/saved-jobs/${featuredId}`, { changedAt: early });
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toMatchObject({ jobId: featuredId, saved: false, changedAt: late });
    expect(await savedIds(bob)).toEqual([]);
    // A change made after both wins.
    await call(bob, 'PUT', `/api/saved-jobs/${featuredId}`, { changedAt: new Date().toISOString() });
    expect(await savedIds(bob)).toEqual([featuredId]);
  });

  it('takes a change time in the future as now, so a wrong clock cannot block later changes', async () => {
    const future = new Date(Date.now() + 365 * 86_400_000).toISOString();
    const saved = await call(bob, 'PUT', `/api/saved-jobs/${leaving.id}`, { changedAt: future });
    expect(Date.parse(saved.json().changedAt)).toBeLessThanOrEqual(Date.now());
    await call(bob, 'DELETE', `/api/saved-jobs/${leaving.id}`);
    expect(await savedIds(bob)).not.toContain(leaving.id);
  });

  it('keeps a job that closed in the list, marked closed', async () => {
    await call(ada, 'PUT', `/api/saved-jobs/${leaving.id}`);
    await call(ada, 'PUT', `/api/saved-jobs/${expiredId}`);
    // The listing leaves its feed.
    await app.feedIngest.importSources([{ name: 'internships.json', type: 'internship', data: [open] }]);
    const { savedJobs } = (await call(ada, 'GET', '/api/saved-jobs')).json() as {
      savedJobs: { jobId: string; job: { closed: boolean } }[];
    };
    expect(savedJobs.map((s) => s.jobId)).toEqual(expect.arrayContaining([leaving.id, expiredId, open.id]));
    expect(savedJobs.find((s) => s.jobId === leaving.id)?.job.closed).toBe(true);
    expect(savedJobs.find((s) => s.jobId === expiredId)?.job.closed).toBe(true);
    expect(savedJobs.find((s) => s.jobId === open.id)?.job.closed).toBe(false);
  });

  it('answers 404 for a job that does not exist and 400 for a malformed id or time, storing nothing', async () => {
    const unchanged = await watchAppState({ db: testDatabase.database.db });
    const missing = await call(ada, 'PUT', '/api/saved-jobs/no-such-job');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('job_not_found');
    const badId = await call(ada, 'PUT', '/api/saved-jobs/bad%20id');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().code).toBe('invalid_request');
    // Over-long: refused by the id rule (400) or, past Fastify's parameter limit, as a too-long URI (414).
    expect([400, 414]).toContain((await call(ada, 'PUT', `/api/saved-jobs/${'x'.repeat(201)}`)).statusCode);
    const badTime = await call(ada, 'PUT', `/api/saved-jobs/${open.id}`, { changedAt: 'yesterday' });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json()).toMatchObject({ code: 'invalid_request', error: expect.stringMatching(/changedAt/) });
    await unchanged.expectUnchanged('refused saves');
  });
});

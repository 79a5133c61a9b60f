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
import { dismissedJobIds } from './dismissed-jobs.repository.ts';

// GET/PUT/DELETE /api/dismissed-jobs: a student's own "not interested" list only, last change wins, idempotent,
// closed jobs stay listed marked closed.

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

type DismissedList = {
  dismissedJobs: { jobId: string; dismissedAt: string; job: { title: string; closed: boolean; featured: boolean } }[];
};

const dismissedIds = async (user: EmulatorUser) =>
  ((await call(user, 'GET', '/api/dismissed-jobs')).json() as DismissedList).dismissedJobs.map((d) => d.jobId);

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

describe('/api/dismissed-jobs: who may call', () => {
  it('answers 401 without a token or with an expired one, and 403 for an anonymous session, changing nothing', async () => {
    const anonymous = await createAnonymousUser();
    const unchanged = await watchAppState({ db: testDatabase.database.db });
    const refusals: [string, () => ReturnType<typeof call>, number, string][] = [
      ['GET, no token', () => call(null, 'GET', '/api/dismissed-jobs'), 401, 'unauthenticated'],
      ['PUT, no token', () => call(null, 'PUT', `/api/dismissed-jobs/${open.id}`), 401, 'unauthenticated'],
      ['DELETE, no token', () => call(null, 'DELETE', `/api/dismissed-jobs/${open.id}`), 401, 'unauthenticated'],
      // No token is 401 whatever the input: the guard runs before the id is validated.
      ['PUT bad id, no token', () => call(null, 'PUT', '/api/dismissed-jobs/not!an!id'), 401, 'unauthenticated'],
      ['GET, expired token', () => call(expiredToken(ada.idToken), 'GET', '/api/dismissed-jobs'), 401, 'token_invalid'],
      [
        'PUT, expired token',
        () => call(expiredToken(ada.idToken), 'PUT', `/api/dismissed-jobs/${open.id}`),
        401,
        'token_invalid',
      ],
      ['GET, anonymous', () => call(anonymous, 'GET', '/api/dismissed-jobs'), 403, 'identified_account_required'],
      [
        'PUT, anonymous',
        () => call(anonymous, 'PUT', `/api/dismissed-jobs/${open.id}`),
        403,
        'identified_account_required',
      ],
      [
        'DELETE, anonymous',
        () => call(anonymous, 'DELETE', `/api/dismissed-jobs/${open.id}`),
        403,
        'identified_account_required',
      ],
    ];
    for (const [label, send, status, code] of refusals) {
      const response = await send();
      expect(response.statusCode, label).toBe(status);
      expect(response.json(), label).toMatchObject({ code });
    }
    await unchanged.expectUnchanged('dismissed jobs without a token, with an expired one, or anonymous');
  });

  it('refuses a signed-in person without an account (403 account_required), storing nothing', async () => {
    const stranger = await createPasswordUser();
    const unchanged = await watchAppState({ db: testDatabase.database.db });
    for (const [method, url] of [
      ['PUT', `/api/dismissed-jobs/${open.id}`],
      ['DELETE', `/api/dismissed-jobs/${open.id}`],
      ['GET', '/api/dismissed-jobs'],
    ] as const) {
      const response = await call(stranger, method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json(), `${method} ${url}`).toEqual({
        error: expect.stringMatching(/account/),
        code: 'account_required',
      });
    }
    await unchanged.expectUnchanged('dismissed jobs of a person without an account');
  });

  it("keeps each student's list to themselves: another student's token neither reads nor changes it", async () => {
    expect((await call(ada, 'PUT', `/api/dismissed-jobs/${open.id}`)).statusCode).toBe(200);
    expect(await dismissedIds(bob)).toEqual([]);
    // Bob restoring the same job id only records his own restore.
    const restore = await call(bob, 'DELETE', `/api/dismissed-jobs/${open.id}`);
    expect(restore.statusCode).toBe(200);
    expect(restore.json()).toMatchObject({ jobId: open.id, dismissed: false });
    expect(await dismissedIds(ada)).toEqual([open.id]);
    expect(await dismissedIds(bob)).toEqual([]);
    expect(await dismissedJobIds(testDatabase.database.db, ada.uid)).toEqual(new Set([open.id]));
    expect(await dismissedJobIds(testDatabase.database.db, bob.uid)).toEqual(new Set());
    await call(ada, 'DELETE', `/api/dismissed-jobs/${open.id}`);
    expect(await dismissedIds(ada)).toEqual([]);
  });
});

describe('/api/dismissed-jobs: dismissing and restoring', () => {
  it('dismisses an external listing and a featured job, lists them most recently dismissed first, with what the card shows', async () => {
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    expect((await call(ada, 'PUT', `/api/dismissed-jobs/${featuredId}`, { changedAt: minutesAgo(3) })).statusCode).toBe(
      200,
    );
    expect((await call(ada, 'PUT', `/api/dismissed-jobs/${open.id}`)).statusCode).toBe(200);
    expect((await call(ada, 'PUT', `/api/dismissed-jobs/${leaving.id}`, { changedAt: minutesAgo(2) })).statusCode).toBe(
      200,
    );
    const response = await call(ada, 'GET', '/api/dismissed-jobs');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const { dismissedJobs } = response.json() as DismissedList;
    expect(dismissedJobs.map((d) => d.jobId)).toEqual([open.id, leaving.id, featuredId]);
    expect(dismissedJobs.find((d) => d.jobId === open.id)!.job).toMatchObject({
      title: 'Open Intern',
      closed: false,
      featured: false,
    });
    expect(dismissedJobs.find((d) => d.jobId === featuredId)!.job).toMatchObject({ closed: false, featured: true });
    // Leave Ada's list empty for the tests below.
    for (const id of [open.id, leaving.id, featuredId]) await call(ada, 'DELETE', `/api/dismissed-jobs/${id}`);
  });

  it('is idempotent: dismissing twice or restoring twice leaves one entry and the same answer', async () => {
    // A job Bob never touched, so no later change of his outranks these.
    const at = new Date(Date.now() - 10_000).toISOString();
    const first = await call(bob, 'PUT', `/api/dismissed-jobs/${expiredId}`, { changedAt: at });
    const again = await call(bob, 'PUT', `/api/dismissed-jobs/${expiredId}`, { changedAt: at });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(first.json()).toEqual({ jobId: expiredId, dismissed: true, changedAt: at });
    expect(await dismissedIds(bob)).toEqual([expiredId]);
    const restoredAt = new Date(Date.now() - 5_000).toISOString();
    const query = `?changedAt=${encodeURIComponent(restoredAt)}`;
    const restored = await call(bob, 'DELETE', `/api/dismissed-jobs/${expiredId}${query}`);
    const restoredAgain = await call(bob, 'DELETE', `/api/dismissed-jobs/${expiredId}${query}`);
    expect(restoredAgain.json()).toEqual(restored.json());
    expect(restored.json()).toEqual({ jobId: expiredId, dismissed: false, changedAt: restoredAt });
    expect(await dismissedIds(bob)).toEqual([]);
    // Restoring a job that was never dismissed is fine too.
    expect((await call(bob, 'DELETE', `/api/dismissed-jobs/${leaving.id}`)).json()).toMatchObject({
      dismissed: false,
    });
  });

  it('keeps the last change made, whatever order the changes arrive in', async () => {
    const early = new Date(Date.now() - 60_000).toISOString();
    const late = new Date(Date.now() - 30_000).toISOString();
    // Restored later on one device, the earlier dismissal from another device arrives after it: still restored.
    const restored = await call(
      bob,
      'DELETE',
      `/api/dismissed-jobs/${featuredId}?changedAt=${encodeURIComponent(late)}`,
    );
    expect(restored.json()).toMatchObject({ dismissed: false });
    const stale = await call(bob, 'PUT', `/api/dismissed-jobs/${featuredId}`, { changedAt: early });
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toMatchObject({ jobId: featuredId, dismissed: false, changedAt: late });
    expect(await dismissedIds(bob)).toEqual([]);
    // A change made after both wins.
    await call(bob, 'PUT', `/api/dismissed-jobs/${featuredId}`, { changedAt: new Date().toISOString() });
    expect(await dismissedIds(bob)).toEqual([featuredId]);
    await call(bob, 'DELETE', `/api/dismissed-jobs/${featuredId}`);
  });

  it('takes a change time in the future as now, so a wrong clock cannot block later changes', async () => {
    const future = new Date(Date.now() + 365 * 86_400_000).toISOString();
    const dismissed = await call(bob, 'PUT', `/api/dismissed-jobs/${leaving.id}`, { changedAt: future });
    expect(Date.parse(dismissed.json().changedAt)).toBeLessThanOrEqual(Date.now());
    await call(bob, 'DELETE', `/api/dismissed-jobs/${leaving.id}`);
    expect(await dismissedIds(bob)).not.toContain(leaving.id);
  });

  it('keeps a job that closed in the list, marked closed, and restores it', async () => {
    await call(ada, 'PUT', `/api/dismissed-jobs/${open.id}`);
    await call(ada, 'PUT', `/api/dismissed-jobs/${leaving.id}`);
    await call(ada, 'PUT', `/api/dismissed-jobs/${expiredId}`);
    // The listing leaves its feed.
    await app.feedIngest.importSources([{ name: 'internships.json', type: 'internship', data: [open] }]);
    const { dismissedJobs } = (await call(ada, 'GET', '/api/dismissed-jobs')).json() as DismissedList;
    expect(dismissedJobs.map((d) => d.jobId).sort()).toEqual([leaving.id, expiredId, open.id].sort());
    expect(dismissedJobs.find((d) => d.jobId === leaving.id)?.job.closed).toBe(true);
    expect(dismissedJobs.find((d) => d.jobId === expiredId)?.job.closed).toBe(true);
    expect(dismissedJobs.find((d) => d.jobId === open.id)?.job.closed).toBe(false);
    // Restoring a closed job works (no existence check on DELETE).
    expect((await call(ada, 'DELETE', `/api/dismissed-jobs/${leaving.id}`)).statusCode).toBe(200);
    expect(await dismissedIds(ada)).not.toContain(leaving.id);
  });

  it('answers 404 for a job that does not exist and 400 for a malformed id or time, storing nothing', async () => {
    const unchanged = await watchAppState({ db: testDatabase.database.db });
    const missing = await call(ada, 'PUT', '/api/dismissed-jobs/no-such-job');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('job_not_found');
    const badId = await call(ada, 'PUT', '/api/dismissed-jobs/bad%20id');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().code).toBe('invalid_request');
    const badDeleteId = await call(ada, 'DELETE', '/api/dismissed-jobs/bad%20id');
    expect(badDeleteId.statusCode).toBe(400);
    expect(badDeleteId.json().code).toBe('invalid_request');
    // Over-long: refused by the id rule (400) or, past Fastify's parameter limit, as a too-long URI (414).
    expect([400, 414]).toContain((await call(ada, 'PUT', `/api/dismissed-jobs/${'x'.repeat(201)}`)).statusCode);
    const badTime = await call(ada, 'PUT', `/api/dismissed-jobs/${open.id}`, { changedAt: 'yesterday' });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json()).toMatchObject({ code: 'invalid_request', error: expect.stringMatching(/changedAt/) });
    const badDeleteTime = await call(ada, 'DELETE', `/api/dismissed-jobs/${open.id}?changedAt=soon`);
    expect(badDeleteTime.statusCode).toBe(400);
    expect(badDeleteTime.json()).toMatchObject({ code: 'invalid_request', error: expect.stringMatching(/changedAt/) });
    await unchanged.expectUnchanged('refused dismissals');
  });
});

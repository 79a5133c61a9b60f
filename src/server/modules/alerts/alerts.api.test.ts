import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchAppState } from '../../../../tests/api-setup/app-state.ts';
import { createOrganizationWithOwnerUser } from '../../../../tests/api-setup/company.ts';
import {
  createAnonymousUser,
  createPasswordUser,
  type EmulatorUser,
  expiredToken,
} from '../../../../tests/api-setup/emulator-users.ts';
import { buildListing, insertFeaturedJob, insertOrganization } from '../../../../tests/api-setup/job-board.ts';
import { buildEnv, buildTestApp } from '../../../../tests/api-setup/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../../../tests/api-setup/test-database.ts';
import type { Alert, AlertsResponse } from '../../../shared/alerts/alerts-api.ts';
import { alerts } from '../../db/schema.ts';

// GET/POST /api/alerts, PATCH/DELETE /api/alerts/{id}: a student's saved searches, their own only, within the
// limits, filters checked by the board's filter schema, and "N new since last digest" counted by the board's rule.

let testDatabase: TestDatabase;
let app: FastifyInstance;
let ada: EmulatorUser;
let bob: EmulatorUser;
const db = () => testDatabase.database.db;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function call(user: EmulatorUser | string | null, method: Method, url: string, payload?: unknown) {
  const token = typeof user === 'string' ? user : user?.idToken;
  return app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function createAccount(user: EmulatorUser): Promise<void> {
  const response = await call(user, 'POST', '/api/auth/create-account', { email: user.email });
  expect(response.statusCode).toBeLessThan(300);
}

async function newStudent(): Promise<EmulatorUser> {
  const user = await createPasswordUser();
  await createAccount(user);
  return user;
}

const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Software internships in Canada',
  filters: { type: 'internship', country: 'Canada', category: ['software'] },
  frequency: 'daily',
  channels: ['email'],
  ...overrides,
});

async function createAlert(user: EmulatorUser, overrides: Record<string, unknown> = {}): Promise<Alert> {
  const response = await call(user, 'POST', '/api/alerts', body(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Alert;
}

const listAlerts = async (user: EmulatorUser) =>
  ((await call(user, 'GET', '/api/alerts')).json() as AlertsResponse).alerts;

const newCountOf = async (user: EmulatorUser, id: string) =>
  (await listAlerts(user)).find((alert) => alert.id === id)!.newCount;

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  app = await buildTestApp({ database: testDatabase.database, env: buildEnv() });
  [ada, bob] = await Promise.all([newStudent(), newStudent()]);
});

afterAll(async () => {
  await app.close();
  await testDatabase.dispose();
});

describe('/api/alerts: who may call', () => {
  it('answers 401 without a token or with an expired one and 403 for an anonymous session, changing nothing', async () => {
    const anonymous = await createAnonymousUser();
    const id = randomUUID();
    const unchanged = await watchAppState({ db: db() });
    const refusals: [string, EmulatorUser | string | null, Method, string, unknown, number, string][] = [
      ['GET, no token', null, 'GET', '/api/alerts', undefined, 401, 'unauthenticated'],
      ['POST, no token', null, 'POST', '/api/alerts', body(), 401, 'unauthenticated'],
      // No token is 401 whatever the input: the guard runs before the body and the id are read.
      ['POST bad body, no token', null, 'POST', '/api/alerts', { filters: 'x' }, 401, 'unauthenticated'],
      ['PATCH, no token', null, 'PATCH', `/api/alerts/${id}`, { paused: true }, 401, 'unauthenticated'],
      ['DELETE bad id, no token', null, 'DELETE', '/api/alerts/not-an-id', undefined, 401, 'unauthenticated'],
      ['GET, expired', expiredToken(ada.idToken), 'GET', '/api/alerts', undefined, 401, 'token_invalid'],
      ['POST, expired', expiredToken(ada.idToken), 'POST', '/api/alerts', body(), 401, 'token_invalid'],
      ['GET, anonymous', anonymous, 'GET', '/api/alerts', undefined, 403, 'identified_account_required'],
      ['POST, anonymous', anonymous, 'POST', '/api/alerts', body(), 403, 'identified_account_required'],
      ['DELETE, anonymous', anonymous, 'DELETE', `/api/alerts/${id}`, undefined, 403, 'identified_account_required'],
    ];
    for (const [label, user, method, url, payload, status, code] of refusals) {
      const response = await call(user, method, url, payload);
      expect(response.statusCode, label).toBe(status);
      expect(response.json(), label).toMatchObject({ code });
    }
    await unchanged.expectUnchanged('alerts without a token, with an expired one, or anonymous');
  });

  it('refuses a company member without a student account (403 account_required), storing nothing', async () => {
    const { owner } = await createOrganizationWithOwnerUser(app, db(), 'Alert Robotics');
    const alert = await createAlert(ada);
    const unchanged = await watchAppState({ db: db() });
    for (const [method, url, payload] of [
      ['GET', '/api/alerts', undefined],
      ['POST', '/api/alerts', body()],
      ['PATCH', `/api/alerts/${alert.id}`, { paused: true }],
      ['DELETE', `/api/alerts/${alert.id}`, undefined],
    ] as const) {
      const response = await call(owner, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json(), `${method} ${url}`).toEqual({ error: expect.any(String), code: 'account_required' });
    }
    await unchanged.expectUnchanged('alerts of a company member without a student account');
    await call(ada, 'DELETE', `/api/alerts/${alert.id}`);
  });

  it("keeps each student's alerts to themselves: another student's id is 404 alert_not_found and stays untouched", async () => {
    const alert = await createAlert(ada, { name: 'Ada only' });
    expect((await listAlerts(bob)).map((a) => a.id)).not.toContain(alert.id);
    const unchanged = await watchAppState({ db: db() });
    for (const [method, payload] of [
      ['PATCH', { name: 'Taken over', paused: true }],
      ['DELETE', undefined],
    ] as const) {
      const response = await call(bob, method, `/api/alerts/${alert.id}`, payload);
      expect(response.statusCode, method).toBe(404);
      expect(response.json(), method).toEqual({ error: expect.any(String), code: 'alert_not_found' });
      // The same answer as an id that exists nowhere: the id tells nothing.
      const unknown = await call(bob, method, `/api/alerts/${randomUUID()}`, payload);
      expect(unknown.json(), method).toEqual(response.json());
    }
    await unchanged.expectUnchanged("another student's alert");
    expect((await listAlerts(ada)).find((a) => a.id === alert.id)).toMatchObject({ name: 'Ada only', pausedAt: null });
    await call(ada, 'DELETE', `/api/alerts/${alert.id}`);
  });
});

describe('/api/alerts: saving, listing, changing and deleting', () => {
  it('saves the search with the board’s filters in their canonical form and lists it', async () => {
    const created = await call(
      ada,
      'POST',
      '/api/alerts',
      body({
        name: '  Robotics  ',
        filters: {
          q: 'robot',
          category: ['hardware', 'software', 'software'],
          term: 'summer-2026',
          sponsorship: 'yes',
        },
        channels: ['push', 'email'],
        instant: true,
      }),
    );
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('private, no-store');
    const alert = created.json() as Alert;
    expect(alert).toEqual({
      id: expect.any(String),
      name: 'Robotics',
      filters: {
        type: 'all',
        q: 'robot',
        category: ['software', 'hardware'],
        term: ['summer-2026'],
        sponsorship: 'yes',
      },
      frequency: 'daily',
      channels: ['push', 'email'],
      instant: true,
      pausedAt: null,
      lastDigestAt: null,
      createdAt: expect.any(String),
      newCount: 0,
    });
    const list = await call(ada, 'GET', '/api/alerts');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ alerts: [alert], limits: { alerts: 10, instant: 3 } });
    await call(ada, 'DELETE', `/api/alerts/${alert.id}`);
  });

  it('changes the name, frequency, channels and filters, pauses and resumes, and deletes', async () => {
    const alert = await createAlert(ada);
    const renamed = await call(ada, 'PATCH', `/api/alerts/${alert.id}`, {
      name: 'Weekly hardware',
      frequency: 'weekly',
      channels: ['email', 'push'],
      filters: { category: 'hardware' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      id: alert.id,
      name: 'Weekly hardware',
      frequency: 'weekly',
      channels: ['email', 'push'],
      filters: { type: 'all', category: ['hardware'] },
      pausedAt: null,
      createdAt: alert.createdAt,
    });
    const paused = (await call(ada, 'PATCH', `/api/alerts/${alert.id}`, { paused: true })).json() as Alert;
    expect(paused.pausedAt).not.toBeNull();
    // Pausing a paused alert keeps the time it was paused.
    const again = (await call(ada, 'PATCH', `/api/alerts/${alert.id}`, { paused: true })).json() as Alert;
    expect(again.pausedAt).toBe(paused.pausedAt);
    const resumed = (await call(ada, 'PATCH', `/api/alerts/${alert.id}`, { paused: false })).json() as Alert;
    expect(resumed).toMatchObject({ pausedAt: null, name: 'Weekly hardware' });
    const instant = await call(ada, 'PATCH', `/api/alerts/${alert.id}`, { instant: true });
    expect(instant.json()).toMatchObject({ instant: true });

    const deleted = await call(ada, 'DELETE', `/api/alerts/${alert.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await listAlerts(ada)).map((a) => a.id)).not.toContain(alert.id);
    const twice = await call(ada, 'DELETE', `/api/alerts/${alert.id}`);
    expect(twice.statusCode).toBe(404);
    expect(twice.json()).toMatchObject({ code: 'alert_not_found' });
  });

  it('refuses bad input with 400 invalid_request and a message, changing nothing', async () => {
    const alert = await createAlert(ada, { channels: ['email', 'push'], instant: true });
    const unchanged = await watchAppState({ db: db() });
    const badCreates: [string, unknown, RegExp][] = [
      ['unknown category', body({ filters: { category: ['gardening'] } }), /category/i],
      ['unknown filter', body({ filters: { colour: 'blue' } }), /colour|unrecognized/i],
      ['unknown job type', body({ filters: { type: 'part-time' } }), /./],
      ['bad term', body({ filters: { term: ['someday'] } }), /term/i],
      ['bad sponsorship', body({ filters: { sponsorship: 'no' } }), /sponsorship/i],
      ['too long a search', body({ filters: { q: 'x'.repeat(201) } }), /./],
      ['filters not an object', body({ filters: 'software' }), /./],
      ['no filters', { name: 'x', frequency: 'daily', channels: ['email'] }, /./],
      ['blank name', body({ name: '   ' }), /name/i],
      ['name too long', body({ name: 'x'.repeat(81) }), /80/],
      ['name with a line break', body({ name: 'a\nb' }), /single line/],
      ['bad frequency', body({ frequency: 'hourly' }), /daily or weekly/],
      ['no channel', body({ channels: [] }), /at least one channel/],
      ['unknown channel', body({ channels: ['sms'] }), /email or push/],
      ['a channel twice', body({ channels: ['email', 'email'] }), /once/],
      ['instant without push', body({ instant: true }), /push channel/],
      ['unknown field', body({ owner: 'bob' }), /./],
      ['not an object', [1, 2], /./],
    ];
    for (const [label, payload, message] of badCreates) {
      const response = await call(ada, 'POST', '/api/alerts', payload);
      expect(response.statusCode, label).toBe(400);
      expect(response.json(), label).toEqual({ error: expect.stringMatching(message), code: 'invalid_request' });
    }
    const badChanges: [string, string, unknown, RegExp][] = [
      ['nothing to change', alert.id, {}, /at least one field/],
      ['bad filter', alert.id, { filters: { degree: ['kindergarten'] } }, /degree/i],
      ['push off an instant alert', alert.id, { channels: ['email'] }, /push channel/],
      ['paused not a boolean', alert.id, { paused: 'yes' }, /./],
      ['bad id', 'not-a-uuid', { paused: true }, /UUID/],
    ];
    for (const [label, id, payload, message] of badChanges) {
      const response = await call(ada, 'PATCH', `/api/alerts/${id}`, payload);
      expect(response.statusCode, label).toBe(400);
      expect(response.json(), label).toEqual({ error: expect.stringMatching(message), code: 'invalid_request' });
    }
    const badDelete = await call(ada, 'DELETE', '/api/alerts/42');
    expect(badDelete.statusCode).toBe(400);
    await unchanged.expectUnchanged('refused alert changes');
    await call(ada, 'DELETE', `/api/alerts/${alert.id}`);
  });
});

describe('/api/alerts: limits', () => {
  it('keeps at most 10 alerts per student, even when the requests arrive together (409 alert_limit_reached)', async () => {
    const carol = await newStudent();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => call(carol, 'POST', '/api/alerts', body({ name: `Search ${i}` }))),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(10);
    const refused = answers.filter((answer) => answer.statusCode !== 201);
    expect(refused.map((answer) => [answer.statusCode, answer.json().code])).toEqual([
      [409, 'alert_limit_reached'],
      [409, 'alert_limit_reached'],
    ]);
    expect(refused[0]!.json().error).toMatch(/10/);
    expect(await listAlerts(carol)).toHaveLength(10);

    const unchanged = await watchAppState({ db: db() });
    expect((await call(carol, 'POST', '/api/alerts', body())).json()).toMatchObject({ code: 'alert_limit_reached' });
    await unchanged.expectUnchanged('an 11th alert');
    // Another student is not affected, and deleting one makes room.
    expect((await call(bob, 'POST', '/api/alerts', body())).statusCode).toBe(201);
    const [first] = await listAlerts(carol);
    await call(carol, 'DELETE', `/api/alerts/${first!.id}`);
    expect((await call(carol, 'POST', '/api/alerts', body())).statusCode).toBe(201);
  });

  it('keeps at most 3 instant alerts per student, on creation and on change (409 instant_alert_limit_reached)', async () => {
    const dan = await newStudent();
    const instant = { channels: ['push'], instant: true };
    for (let i = 0; i < 3; i++) await createAlert(dan, instant);
    const plain = await createAlert(dan, { channels: ['push'] });
    const unchanged = await watchAppState({ db: db() });
    const fourth = await call(dan, 'POST', '/api/alerts', body(instant));
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toEqual({ error: expect.stringMatching(/3/), code: 'instant_alert_limit_reached' });
    const turnedOn = await call(dan, 'PATCH', `/api/alerts/${plain.id}`, { instant: true, name: 'Changed' });
    expect(turnedOn.statusCode).toBe(409);
    expect(turnedOn.json()).toMatchObject({ code: 'instant_alert_limit_reached' });
    await unchanged.expectUnchanged('a 4th instant alert');
    // An instant alert may still be edited, and turning one off frees a place.
    const [firstInstant] = (await listAlerts(dan)).filter((alert) => alert.instant);
    expect((await call(dan, 'PATCH', `/api/alerts/${firstInstant!.id}`, { name: 'Still instant' })).statusCode).toBe(
      200,
    );
    await call(dan, 'PATCH', `/api/alerts/${firstInstant!.id}`, { instant: false });
    expect((await call(dan, 'PATCH', `/api/alerts/${plain.id}`, { instant: true })).json()).toMatchObject({
      instant: true,
    });
  });
});

describe('/api/alerts: new jobs since the last digest', () => {
  it('counts the jobs that entered the board since the last digest (or creation) and match, one per card', async () => {
    const erin = await newStudent();
    const old = buildListing({ title: 'Robotics Intern', company_name: 'Old Robots', category: 'Software' });
    await app.feedIngest.importSources([{ name: 'internships.json', type: 'internship', data: [old] }]);
    const alert = await createAlert(erin, { filters: { type: 'internship', q: 'robot', category: ['software'] } });
    expect(alert.newCount).toBe(0);

    const matching = buildListing({ title: 'Robot Software Intern', company_name: 'Nova' });
    // The same job posted in a second city: one card, counted once.
    const sameJob = buildListing({ title: 'Robot Software Intern', company_name: 'Nova', locations: ['Ottawa, ON'] });
    const otherField = buildListing({ title: 'Robot Hardware Intern', category: 'Hardware Engineering' });
    const noMatch = buildListing({ title: 'Accountant Intern', company_name: 'Ledger' });
    const dismissed = buildListing({ title: 'Robot Vision Intern', company_name: 'Optic' });
    // A job already on the board that gains a posting in another city is not new.
    const oldAgain = buildListing({
      title: 'Robotics Intern',
      company_name: 'Old Robots',
      locations: ['Vancouver, BC'],
    });
    await app.feedIngest.importSources([
      {
        name: 'internships.json',
        type: 'internship',
        data: [old, matching, sameJob, otherField, noMatch, dismissed, oldAgain],
      },
    ]);
    // Nova's job (two postings, one card) and Optic's; not the hardware one, the accountant or Old Robots' new city.
    expect(await newCountOf(erin, alert.id)).toBe(2);
    // A job the student hid never counts.
    expect((await call(erin, 'PUT', `/api/dismissed-jobs/${dismissed.id}`)).statusCode).toBe(200);
    expect(await newCountOf(erin, alert.id)).toBe(1);

    // A featured job published now counts for a search of every type (the board files it under "all" only).
    const organization = await insertOrganization(db(), { name: 'Robot Works' });
    await insertFeaturedJob(db(), {
      organizationId: organization.id,
      title: 'Robot Software Co-op',
      family: 'software',
    });
    await app.boardIndex.refresh();
    expect(await newCountOf(erin, alert.id)).toBe(1);
    await call(erin, 'PATCH', `/api/alerts/${alert.id}`, { filters: { q: 'robot', category: ['software'] } });
    expect(await newCountOf(erin, alert.id)).toBe(2);

    // After a digest, only what entered since it counts.
    await db().update(alerts).set({ lastDigestAt: new Date() }).where(eq(alerts.id, alert.id));
    expect(await newCountOf(erin, alert.id)).toBe(0);
    const later = buildListing({ title: 'Robot Platform Intern', company_name: 'Later' });
    await app.feedIngest.importSources([
      {
        name: 'internships.json',
        type: 'internship',
        data: [old, matching, sameJob, otherField, noMatch, dismissed, oldAgain, later],
      },
    ]);
    expect(await newCountOf(erin, alert.id)).toBe(1);
    // The count is the student's own: Bob's alert with the same search counts the dismissed job too.
    const bobs = await createAlert(bob, { filters: { q: 'robot', category: ['software'] } });
    await db()
      .update(alerts)
      .set({ createdAt: new Date(Date.parse(alert.createdAt)) })
      .where(eq(alerts.id, bobs.id));
    expect(await newCountOf(bob, bobs.id)).toBe(4);
  });
});

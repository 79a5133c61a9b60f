import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchAppState } from '../../../../tests/api-setup/app-state.ts';
import {
  createAnonymousUser,
  createPasswordUser,
  type EmulatorUser,
  expiredToken,
} from '../../../../tests/api-setup/emulator-users.ts';
import { buildListing } from '../../../../tests/api-setup/job-board.ts';
import { buildEnv, buildTestApp } from '../../../../tests/api-setup/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../../../tests/api-setup/test-database.ts';
import type { TrackedApplication } from '../../../shared/tracked-applications/tracked-applications-api.ts';

// /api/tracked-applications: a student's own applications sent on employers' sites; validation, ownership, changes
// from several devices settling field by field on the last one made, closed listings, and the CSV export.

let testDatabase: TestDatabase;
let app: FastifyInstance;
let ada: EmulatorUser;
let bob: EmulatorUser;
const listing = buildListing({ title: 'Firmware Intern', company_name: 'Northwind Robotics' });
const leaving = buildListing({ title: 'Data Intern', company_name: 'Contoso' });

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

function call(user: EmulatorUser | string | null, method: Method, url: string, payload?: object) {
  const token = typeof user === 'string' ? user : user?.idToken;
  return app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });
}

async function createAccount(user: EmulatorUser): Promise<void> {
  const response = await call(user, 'POST', '/api/auth/create-account', { email: user.email });
  expect(response.statusCode).toBeLessThan(300);
}

const byHand = (overrides: object = {}) => ({
  company: 'Fabrikam',
  title: 'Backend Intern',
  url: 'https://careers.fabrikam.example/backend-intern',
  stage: 'applied',
  ...overrides,
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

async function listOf(user: EmulatorUser): Promise<TrackedApplication[]> {
  const response = await call(user, 'GET', '/api/tracked-applications');
  expect(response.statusCode).toBe(200);
  return (response.json() as { trackedApplications: TrackedApplication[] }).trackedApplications;
}

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  app = await buildTestApp({ database: testDatabase.database, env: buildEnv() });
  [ada, bob] = await Promise.all([createPasswordUser(), createPasswordUser()]);
  await createAccount(ada);
  await createAccount(bob);
  await app.feedIngest.importSources([{ name: 'internships.json', type: 'internship', data: [listing, leaving] }]);
});

afterAll(async () => {
  await app.close();
  await testDatabase.dispose();
});

describe('/api/tracked-applications: who may call', () => {
  it('answers 401 without a token or with an expired one, 403 for an anonymous session or no account, changing nothing', async () => {
    const anonymous = await createAnonymousUser();
    const stranger = await createPasswordUser();
    const id = randomUUID();
    const unchanged = await watchAppState({ db: testDatabase.database.db });
    const requests: [Method, string, object?][] = [
      ['GET', '/api/tracked-applications'],
      ['GET', '/api/tracked-applications.csv'],
      ['POST', '/api/tracked-applications', byHand({ id })],
      ['PATCH', `/api/tracked-applications/${id}`, { stage: 'interview' }],
      ['DELETE', `/api/tracked-applications/${id}`],
    ];
    const callers: [string, EmulatorUser | string | null, number, string][] = [
      ['no token', null, 401, 'unauthenticated'],
      ['expired token', expiredToken(ada.idToken), 401, 'token_invalid'],
      ['anonymous', anonymous, 403, 'identified_account_required'],
      ['no account', stranger, 403, 'account_required'],
    ];
    for (const [who, user, status, code] of callers) {
      for (const [method, url, body] of requests) {
        const response = await call(user, method, url, body);
        expect(response.statusCode, `${method} ${url}, ${who}`).toBe(status);
        expect(response.json(), `${method} ${url}, ${who}`).toMatchObject({ code });
      }
    }
    await unchanged.expectUnchanged('tracked applications without a token, anonymous or without an account');
  });

  it("keeps each student's applications to themselves: another student's token neither reads, changes nor deletes them", async () => {
    const created = await call(ada, 'POST', '/api/tracked-applications', byHand({ title: 'Private Intern' }));
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as TrackedApplication;
    expect((await listOf(bob)).map((entry) => entry.id)).not.toContain(id);
    const unchanged = await watchAppState({ db: testDatabase.database.db });
    for (const [method, body] of [
      ['PATCH', { stage: 'rejected' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await call(bob, method, `/api/tracked-applications/${id}`, body);
      expect(response.statusCode, method).toBe(404);
      expect(response.json(), method).toMatchObject({ code: 'tracked_application_not_found' });
    }
    // Bob sending Ada's id as the id of a new application of his own.
    const taken = await call(bob, 'POST', '/api/tracked-applications', byHand({ id }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'tracked_application_id_taken' });
    const csv = await call(bob, 'GET', '/api/tracked-applications.csv');
    expect(csv.body).not.toContain('Private Intern');
    await unchanged.expectUnchanged("another student's requests");
    expect((await listOf(ada)).find((entry) => entry.id === id)?.stage).toBe('applied');
  });
});

describe('/api/tracked-applications: adding and changing', () => {
  it('tracks a board listing with its own company, title and address, and one added by hand', async () => {
    const fromBoard = await call(ada, 'POST', '/api/tracked-applications', {
      jobId: listing.id,
      company: 'Whatever the device says',
      title: 'Something else',
      url: 'https://elsewhere.example/',
      stage: 'applied',
    });
    expect(fromBoard.statusCode).toBe(201);
    expect(fromBoard.json()).toMatchObject({
      jobId: listing.id,
      company: 'Northwind Robotics',
      title: 'Firmware Intern',
      url: listing.url,
      stage: 'applied',
      closedAt: null,
    });
    const appliedAt = minutesAgo(60 * 24 * 3);
    const manual = await call(
      ada,
      'POST',
      '/api/tracked-applications',
      byHand({ note: '  Referred by a TA  ', appliedAt, nextStepAt: '2027-01-10T15:00:00Z' }),
    );
    expect(manual.statusCode).toBe(201);
    const body = manual.json() as TrackedApplication;
    expect(body).toMatchObject({ jobId: null, company: 'Fabrikam', note: 'Referred by a TA', appliedAt });
    expect(body.nextStepAt).toBe('2027-01-10T15:00:00.000Z');
    expect(body.history).toEqual([{ stage: 'applied', at: expect.any(String), note: 'Referred by a TA' }]);
    expect((await listOf(ada)).map((entry) => entry.id)).toEqual(expect.arrayContaining([body.id]));
  });

  it('moves an application through the stages, each change dated with its note, and clears the next step', async () => {
    const { id } = (await call(ada, 'POST', '/api/tracked-applications', byHand({ changedAt: minutesAgo(30) }))).json();
    const interviewAt = minutesAgo(20);
    const interview = await call(ada, 'PATCH', `/api/tracked-applications/${id}`, {
      stage: 'interview',
      note: 'Call with the hiring manager',
      nextStepAt: '2027-02-01T14:30:00+01:00',
      changedAt: interviewAt,
    });
    expect(interview.statusCode).toBe(200);
    expect(interview.json()).toMatchObject({ stage: 'interview', nextStepAt: '2027-02-01T13:30:00.000Z' });
    const offer = (
      await call(ada, 'PATCH', `/api/tracked-applications/${id}`, { stage: 'offer', nextStepAt: null })
    ).json() as TrackedApplication;
    expect(offer.stage).toBe('offer');
    expect(offer.nextStepAt).toBeNull();
    expect(offer.history.map((entry) => [entry.stage, entry.note])).toEqual([
      ['applied', null],
      ['interview', 'Call with the hiring manager'],
      ['offer', null],
    ]);
    expect(offer.history[1]!.at).toBe(interviewAt);
  });

  it('keeps, field by field, the change made last, whatever order two devices send them in', async () => {
    const { id } = (await call(bob, 'POST', '/api/tracked-applications', byHand({ changedAt: minutesAgo(60) }))).json();
    // The phone moved it to interview 10 minutes ago; the laptop's older change (made offline 20 minutes ago,
    // sent now) moved it to assessment and set a next step.
    const laptopAt = minutesAgo(20);
    await call(bob, 'PATCH', `/api/tracked-applications/${id}`, { stage: 'interview', changedAt: minutesAgo(10) });
    const late = await call(bob, 'PATCH', `/api/tracked-applications/${id}`, {
      stage: 'assessment',
      nextStepAt: '2027-03-01T09:00:00Z',
      changedAt: laptopAt,
    });
    expect(late.statusCode).toBe(200);
    const merged = late.json() as TrackedApplication;
    expect(merged.stage).toBe('interview');
    expect(merged.nextStepAt).toBe('2027-03-01T09:00:00.000Z');
    // Both changes are in the history, in the order they were made.
    expect(merged.history.map((entry) => entry.stage)).toEqual(['applied', 'assessment', 'interview']);
    // The same change sent twice (a retry) is written once.
    const again = await call(bob, 'PATCH', `/api/tracked-applications/${id}`, {
      stage: 'assessment',
      nextStepAt: '2027-03-01T09:00:00Z',
      changedAt: laptopAt,
    });
    expect((again.json() as TrackedApplication).history).toHaveLength(3);
    // A device clock in the future is taken as now: a later change still wins.
    await call(bob, 'PATCH', `/api/tracked-applications/${id}`, {
      stage: 'rejected',
      changedAt: new Date(Date.now() + 86_400_000 * 365).toISOString(),
    });
    await call(bob, 'PATCH', `/api/tracked-applications/${id}`, { stage: 'offer' });
    expect((await listOf(bob)).find((entry) => entry.id === id)?.stage).toBe('offer');
  });

  it('stores an application added offline once when its request is sent twice, and merges two devices tracking one listing', async () => {
    const id = randomUUID();
    const first = await call(bob, 'POST', '/api/tracked-applications', byHand({ id, title: 'Retried Intern' }));
    const retry = await call(bob, 'POST', '/api/tracked-applications', byHand({ id, title: 'Retried Intern' }));
    expect([first.statusCode, retry.statusCode]).toEqual([201, 200]);
    expect((await listOf(bob)).filter((entry) => entry.title === 'Retried Intern')).toHaveLength(1);

    const phone = await call(bob, 'POST', '/api/tracked-applications', {
      ...byHand({ id: randomUUID(), changedAt: minutesAgo(5) }),
      jobId: leaving.id,
    });
    const laptop = await call(bob, 'POST', '/api/tracked-applications', {
      ...byHand({ id: randomUUID(), stage: 'assessment', changedAt: minutesAgo(2) }),
      jobId: leaving.id,
    });
    expect([phone.statusCode, laptop.statusCode]).toEqual([201, 200]);
    expect(laptop.json()).toMatchObject({ id: phone.json().id, stage: 'assessment' });
    expect((await listOf(bob)).filter((entry) => entry.jobId === leaving.id)).toHaveLength(1);
  });

  it('marks an application closed, with the date, once its listing leaves the feeds', async () => {
    const before = Date.now();
    await app.feedIngest.importSources([{ name: 'internships.json', type: 'internship', data: [listing] }]);
    const tracked = (await listOf(bob)).find((entry) => entry.jobId === leaving.id)!;
    expect(tracked.closedAt).not.toBeNull();
    expect(Date.parse(tracked.closedAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect((await listOf(ada)).find((entry) => entry.jobId === listing.id)?.closedAt).toBeNull();
  });

  it('deletes an application for good: a late change from another device answers 404 and does not bring it back', async () => {
    const { id } = (await call(ada, 'POST', '/api/tracked-applications', byHand({ title: 'Deleted Intern' }))).json();
    expect((await call(ada, 'DELETE', `/api/tracked-applications/${id}`)).statusCode).toBe(204);
    const late = await call(ada, 'PATCH', `/api/tracked-applications/${id}`, { stage: 'offer' });
    expect(late.statusCode).toBe(404);
    expect(late.json()).toMatchObject({ code: 'tracked_application_not_found' });
    const replay = await call(ada, 'POST', '/api/tracked-applications', byHand({ id, title: 'Deleted Intern' }));
    expect(replay.statusCode).toBe(404);
    expect((await call(ada, 'DELETE', `/api/tracked-applications/${id}`)).statusCode).toBe(404);
    expect((await listOf(ada)).map((entry) => entry.title)).not.toContain('Deleted Intern');
  });
});

describe('/api/tracked-applications: refused input', () => {
  it('answers 400 invalid_request with a sentence for each bad field, 404 for an unknown listing, storing nothing', async () => {
    const { id } = (await call(ada, 'POST', '/api/tracked-applications', byHand({ title: 'Valid Intern' }))).json();
    const unchanged = await watchAppState({ db: testDatabase.database.db });
    const badCreates: [string, object, RegExp][] = [
      ['javascript: URL', byHand({ url: 'javascript:alert(1)' }), /http:\/\/ or https:\/\//],
      ['data: URL', byHand({ url: 'data:text/html,<b>x</b>' }), /http:\/\/ or https:\/\//],
      ['ftp URL', byHand({ url: 'ftp://files.example/job' }), /http:\/\/ or https:\/\//],
      ['user:password@ URL', byHand({ url: 'https://user:pw@jobs.example/' }), /http:\/\/ or https:\/\//],
      ['not a URL', byHand({ url: 'jobs dot example' }), /http:\/\/ or https:\/\//],
      ['unknown stage', byHand({ stage: 'hired' }), /stage is one of applied/],
      ['empty company', byHand({ company: '   ' }), /Give the company/],
      ['title too long', byHand({ title: 'x'.repeat(201) }), /At most 200/],
      ['line break in a title', byHand({ title: 'Intern\nSecond line' }), /single line/],
      ['right-to-left override', byHand({ company: 'Acme\u202Eexe.gpj' }), /text-direction/],
      ['NUL in the note', byHand({ note: 'a\u0000b' }), /control characters/],
      ['note too long', byHand({ note: 'x'.repeat(2001) }), /at most 2000/],
      ['next step not a date', byHand({ nextStepAt: 'next tuesday' }), /nextStepAt must be an ISO date-time/],
      ['next step without offset', byHand({ nextStepAt: '2027-01-10T15:00:00' }), /ISO date-time/],
      ['next step in 2099', byHand({ nextStepAt: '2099-01-01T00:00:00Z' }), /within two years/],
      ['applied in 1999', byHand({ appliedAt: '1999-01-01T00:00:00Z' }), /five years/],
      ['bad change time', byHand({ changedAt: 'yesterday' }), /changedAt must be an ISO date-time/],
      ['bad id', byHand({ id: 'abc' }), /UUID/],
      ['unknown field', byHand({ salary: 100 }), /JSON object like/],
      ['no body fields', {}, /company|Give/],
    ];
    for (const [label, body, message] of badCreates) {
      const response = await call(ada, 'POST', '/api/tracked-applications', body);
      expect(response.statusCode, label).toBe(400);
      expect(response.json(), label).toMatchObject({ code: 'invalid_request', error: expect.stringMatching(message) });
    }
    const unknownJob = await call(ada, 'POST', '/api/tracked-applications', { ...byHand(), jobId: 'no-such-job' });
    expect(unknownJob.statusCode).toBe(404);
    expect(unknownJob.json()).toMatchObject({ code: 'job_not_found' });
    const badPatches: [string, object, RegExp][] = [
      ['nothing to change', {}, /at least one field/],
      ['only a time', { changedAt: minutesAgo(1) }, /at least one field/],
      ['bad stage', { stage: 'INTERVIEW' }, /stage is one of/],
      ['bad URL', { url: 'javascript:void(0)' }, /http:\/\/ or https:\/\//],
      ['bad next step', { nextStepAt: '2027-13-45T00:00:00Z' }, /ISO date-time/],
    ];
    for (const [label, body, message] of badPatches) {
      const response = await call(ada, 'PATCH', `/api/tracked-applications/${id}`, body);
      expect(response.statusCode, label).toBe(400);
      expect(response.json(), label).toMatchObject({ code: 'invalid_request', error: expect.stringMatching(message) });
    }
    const badId = await call(ada, 'PATCH', '/api/tracked-applications/not-a-uuid', { stage: 'offer' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({ code: 'invalid_request' });
    await unchanged.expectUnchanged('refused tracked applications');
  });
});

describe('GET /api/tracked-applications.csv', () => {
  it('exports every application as RFC 4180 CSV in the asked language, formula cells made plain text', async () => {
    await call(
      bob,
      'POST',
      '/api/tracked-applications',
      byHand({ company: '=HYPERLINK("http://evil")', note: 'a, "quoted"\nnote' }),
    );
    const response = await call(bob, 'GET', '/api/tracked-applications.csv?lang=fr');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="applications.csv"');
    expect(response.body.startsWith('\uFEFFType,Entreprise,Poste,Statut')).toBe(true);
    expect(response.body).toContain('\r\n');
    const rows = parse(response.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.length).toBe((await listOf(bob)).length);
    const evil = rows.find((row) => row.Entreprise?.includes('HYPERLINK'))!;
    expect(evil.Entreprise).toBe('\'=HYPERLINK("http://evil")');
    expect(evil.Note).toBe('a, "quoted"\nnote');
    expect(evil.Statut).toBe('Candidature envoyée');
    expect(evil.Type).toBe('Suivie');
    const english = await call(bob, 'GET', '/api/tracked-applications.csv');
    expect(english.body.startsWith('\uFEFFKind,Company,Job title,Status,Applied')).toBe(true);
    expect((await call(bob, 'GET', '/api/tracked-applications.csv?lang=de')).statusCode).toBe(400);
  });
});

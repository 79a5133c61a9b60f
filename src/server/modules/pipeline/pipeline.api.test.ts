import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchAppState } from '../../../../tests/api-setup/app-state.ts';
import {
  addMemberThroughApi,
  applyAsStudent,
  caller,
  createOrganizationWithOwnerUser,
  postJob,
  type TestOrganization,
} from '../../../../tests/api-setup/company.ts';
import {
  createAnonymousUser,
  createGoogleUser,
  type EmulatorUser,
  uniqueEmail,
} from '../../../../tests/api-setup/emulator-users.ts';
import { buildEnv, buildTestApp } from '../../../../tests/api-setup/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../../../tests/api-setup/test-database.ts';
import type { CompanyJob } from '../../../shared/company/company-api.ts';
import type { Neighbors, Pipeline } from '../../../shared/pipeline/pipeline-api.ts';

// The pipeline board's read (counts and cards per stage) and the walk from one applicant to the next, with who may
// call them: no token, an anonymous session, a student, a member of another organization and a removed member are
// refused; members and owners read. Moves are the company module's (company-pipeline.api.test.ts).

let testDatabase: TestDatabase;
let app: FastifyInstance;
let storageDir: string;
let org: TestOrganization;
let other: TestOrganization;
let member: EmulatorUser;
let removed: EmulatorUser;
let student: EmulatorUser;
let anonymous: EmulatorUser;
let job: CompanyJob;
/** Ada (McGill, 2027) applied first, then Grace (MIT), then Alan (McGill, 2026). */
const ids: Record<'ada' | 'grace' | 'alan', string> = { ada: '', grace: '', alan: '' };
const db = () => testDatabase.database.db;

const pipelineUrl = (jobId: string, query = '') => `/api/company/jobs/${jobId}/pipeline${query}`;
const neighborsUrl = (applicationId: string, query = '') =>
  `/api/company/applications/${applicationId}/neighbors${query}`;

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  storageDir = mkdtempSync(join(tmpdir(), 'campus-jobs-pipeline-'));
  app = await buildTestApp({
    database: testDatabase.database,
    env: buildEnv({ STORAGE_DIR: storageDir, OUTBOX_DIR: join(storageDir, 'outbox') }),
  });
  org = await createOrganizationWithOwnerUser(app, db(), 'Board Robotics');
  other = await createOrganizationWithOwnerUser(app, db(), 'Other Robotics');
  [member, removed, student, anonymous] = await Promise.all([
    createGoogleUser({ email: uniqueEmail('member'), name: 'Mem Ber' }),
    createGoogleUser({ email: uniqueEmail('removed'), name: 'Rem Oved' }),
    createGoogleUser({ email: uniqueEmail('student') }),
    createAnonymousUser(),
  ]);
  await addMemberThroughApi(app, db(), org.id, member);
  await addMemberThroughApi(app, db(), org.id, removed);
  const removal = await caller(app, org.owner).request(
    'DELETE',
    `/api/company/organizations/${org.id}/members/${removed.uid}`,
  );
  expect(removal.statusCode).toBe(204);

  job = await postJob(app, org.owner, org.id, { title: 'Board Intern' });
  const applicants = [
    ['ada', { firstName: 'Ada', lastName: 'Lovelace', university: 'McGill University', graduationYear: 2027 }],
    ['grace', { firstName: 'Grace', lastName: 'Hopper', university: 'MIT', graduationYear: 2027 }],
    ['alan', { firstName: 'Alan', lastName: 'Turing', university: 'McGill University', graduationYear: 2026 }],
  ] as const;
  for (const [key, answers] of applicants) {
    const applicant = await createGoogleUser({ email: uniqueEmail(key) });
    ids[key] = await applyAsStudent(app, applicant, job.slug, answers);
  }
}, 120_000);

afterAll(async () => {
  await app?.close();
  await testDatabase?.dispose();
  rmSync(storageDir, { recursive: true, force: true });
});

async function move(applicationId: string, status: string) {
  const current = (await caller(app, member).request('GET', `/api/company/applications/${applicationId}`)).json() as {
    version: number;
  };
  const response = await caller(app, member).request('PATCH', `/api/company/applications/${applicationId}`, {
    status,
    version: current.version,
  });
  expect(response.statusCode).toBe(200);
}

describe('GET /api/company/jobs/{id}/pipeline', () => {
  it('answers every stage in order with its count and cards (name, school, rating, age, version), newest first', async () => {
    const response = await caller(app, member).request('GET', pipelineUrl(job.id));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const pipeline = response.json() as Pipeline;
    expect(pipeline.jobId).toBe(job.id);
    expect(pipeline.total).toBe(3);
    expect(pipeline.stages.map((stage) => [stage.status, stage.count])).toEqual([
      ['applied', 3],
      ['screening', 0],
      ['interview', 0],
      ['offer', 0],
      ['hired', 0],
      ['rejected', 0],
      ['withdrawn', 0],
    ]);
    const applied = pipeline.stages[0]!.cards;
    expect(applied.map((card) => card.firstName)).toEqual(['Alan', 'Grace', 'Ada']);
    expect(applied[0]).toEqual({
      applicationId: ids.alan,
      firstName: 'Alan',
      lastName: 'Turing',
      school: 'McGill University',
      rating: null,
      knockedOut: false,
      appliedAt: expect.any(String),
      statusChangedAt: expect.any(String),
      status: 'applied',
      version: expect.any(Number),
    });
  });

  it('follows moves, and keeps the list’s search and filters (the status filter is the columns)', async () => {
    await move(ids.grace, 'screening');
    await move(ids.alan, 'interview');
    const pipeline = (await caller(app, org.owner).request('GET', pipelineUrl(job.id))).json() as Pipeline;
    const counts = Object.fromEntries(pipeline.stages.map((stage) => [stage.status, stage.count]));
    expect(counts).toMatchObject({ applied: 1, screening: 1, interview: 1 });
    expect(pipeline.stages.find((stage) => stage.status === 'screening')!.cards[0]!.applicationId).toBe(ids.grace);

    const mcgill = (
      await caller(app, member).request('GET', pipelineUrl(job.id, '?school=mcgill%20university&sort=match'))
    ).json() as Pipeline;
    expect(mcgill.total).toBe(2);
    expect(mcgill.stages.flatMap((stage) => stage.cards.map((card) => card.firstName)).sort()).toEqual(['Ada', 'Alan']);
    const searched = (await caller(app, member).request('GET', pipelineUrl(job.id, '?q=hopper'))).json() as Pipeline;
    expect(searched.total).toBe(1);
    expect(searched.stages.find((stage) => stage.count === 1)!.status).toBe('screening');
  });

  it('refuses bad queries with 400 invalid_request, an unknown job with 404, and changes nothing', async () => {
    const unchanged = await watchAppState({ db: db(), storage: storageDir, mailSender: app.mailSender });
    for (const query of [
      '?status=applied',
      '?sort=oldest',
      '?page=2',
      '?graduationYear=abc',
      `?q=${'x'.repeat(201)}`,
    ]) {
      const response = await caller(app, member).request('GET', pipelineUrl(job.id, query));
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_request', error: expect.any(String) });
    }
    const unknown = await caller(app, member).request('GET', pipelineUrl('00000000-0000-4000-8000-000000000000'));
    expect(unknown.statusCode).toBe(404);
    const notAnId = await caller(app, member).request('GET', pipelineUrl('not-a-job'));
    expect(notAnId.statusCode).toBe(404);
    await unchanged.expectUnchanged('bad pipeline queries');
  });
});

describe('GET /api/company/applications/{id}/neighbors', () => {
  it('says "n of total" with the previous and next application of the list as filtered and sorted', async () => {
    const all = (await caller(app, member).request('GET', neighborsUrl(ids.grace))).json() as Neighbors;
    // Newest first: Alan, Grace, Ada.
    expect(all).toEqual({ position: 2, total: 3, previousId: ids.alan, nextId: ids.ada });
    const first = (await caller(app, member).request('GET', neighborsUrl(ids.alan))).json() as Neighbors;
    expect(first).toEqual({ position: 1, total: 3, previousId: null, nextId: ids.grace });
    const mcgill = (
      await caller(app, org.owner).request('GET', neighborsUrl(ids.ada, '?school=McGill%20University'))
    ).json() as Neighbors;
    expect(mcgill).toEqual({ position: 2, total: 2, previousId: ids.alan, nextId: null });
    // Grace was moved to Screening: a list filtered on Applied no longer holds her.
    const gone = (await caller(app, member).request('GET', neighborsUrl(ids.grace, '?status=applied'))).json();
    expect(gone).toEqual({ position: null, total: 1, previousId: null, nextId: null });
  });

  it('refuses bad queries with 400 invalid_request and changes nothing', async () => {
    const unchanged = await watchAppState({ db: db(), storage: storageDir, mailSender: app.mailSender });
    for (const query of ['?status=lost', '?pageSize=5', '?graduationYear=1800', '?extra=1']) {
      const response = await caller(app, member).request('GET', neighborsUrl(ids.ada, query));
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('invalid_request');
    }
    await unchanged.expectUnchanged('bad neighbors queries');
  });
});

describe('who may read the board and walk the list', () => {
  it('refuses no token (401), an anonymous session, a student, another organization and a removed member (403); members and owners read', async () => {
    const unchanged = await watchAppState({ db: db(), storage: storageDir, mailSender: app.mailSender });
    for (const url of [pipelineUrl(job.id), neighborsUrl(ids.ada)]) {
      const none = await caller(app, null).request('GET', url);
      expect(none.statusCode, url).toBe(401);
      expect(none.json().code).toBe('unauthenticated');
      for (const [who, user] of [
        ['anonymous', anonymous],
        ['student', student],
        ['other organization owner', other.owner],
        ['removed member', removed],
      ] as const) {
        const refused = await caller(app, user).request('GET', url);
        expect(refused.statusCode, `${who} ${url}`).toBe(403);
        expect(refused.json().code, who).toBe('not_a_member');
        expect(refused.body, who).not.toContain('Lovelace');
      }
      for (const user of [member, org.owner]) {
        const allowed = await caller(app, user).request('GET', url);
        expect(allowed.statusCode, url).toBe(200);
      }
    }
    await unchanged.expectUnchanged('refused board reads');
  });
});

import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
import { createGoogleUser, type EmulatorUser, uniqueEmail } from '../../../../tests/api-setup/emulator-users.ts';
import { buildEnv, buildTestApp } from '../../../../tests/api-setup/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../../../tests/api-setup/test-database.ts';
import type { ApplicantsResponse } from '../../../shared/company/company-api.ts';
import type { ApplicationScorecards, JobScorecard } from '../../../shared/scorecards/scorecards-api.ts';
import { applicationScorecards } from '../../db/schema.ts';

// Scorecards through the API: a job's criteria (renamed ones keep their ratings), each member's own card, the
// team's summary and the list's score, and the member's display name beside their card. Who may call each route is
// proven by src/server/http/route-access.api.test.ts (generated from the routes' access statements).

let testDatabase: TestDatabase;
let app: FastifyInstance;
let storageDir: string;
let org: TestOrganization;
let teammate: EmulatorUser;
const db = () => testDatabase.database.db;

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  storageDir = mkdtempSync(join(tmpdir(), 'campus-jobs-scorecards-'));
  app = await buildTestApp({
    database: testDatabase.database,
    env: buildEnv({ STORAGE_DIR: storageDir, OUTBOX_DIR: join(storageDir, 'outbox') }),
  });
  org = await createOrganizationWithOwnerUser(app, db(), 'Scorecard Robotics');
  teammate = await createGoogleUser({ email: uniqueEmail('teammate'), name: 'Tea Mate' });
  await addMemberThroughApi(app, db(), org.id, teammate);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await testDatabase?.dispose();
  rmSync(storageDir, { recursive: true, force: true });
});

const criteriaUrl = (jobId: string) => `/api/company/jobs/${jobId}/scorecard`;
const cardsUrl = (applicationId: string) => `/api/company/applications/${applicationId}/scorecards`;

async function jobWithApplicant(title: string) {
  const job = await postJob(app, org.owner, org.id, { title });
  const student = await createGoogleUser({ email: uniqueEmail('student') });
  const applicationId = await applyAsStudent(app, student, job.slug);
  return { job, applicationId, student };
}

describe('a job’s scorecard criteria', () => {
  it('starts empty, takes 2 to 6 named criteria, and keeps the id of a renamed one', async () => {
    const { job } = await jobWithApplicant('Criteria Intern');
    expect((await caller(app, teammate).request('GET', criteriaUrl(job.id))).json()).toEqual({
      jobId: job.id,
      criteria: [],
    });
    const set = await caller(app, teammate).request('PUT', criteriaUrl(job.id), {
      criteria: [{ label: 'Problem solving' }, { label: 'Communication' }, { label: 'Problem-solving!' }],
    });
    expect(set.statusCode).toBe(200);
    expect((set.json() as JobScorecard).criteria).toEqual([
      { id: 'problem-solving', label: 'Problem solving' },
      { id: 'communication', label: 'Communication' },
      { id: 'problem-solving-2', label: 'Problem-solving!' },
    ]);
    const renamed = await caller(app, org.owner).request('PUT', criteriaUrl(job.id), {
      criteria: [{ id: 'communication', label: 'Clarity' }, { label: 'Curiosity' }],
    });
    expect((renamed.json() as JobScorecard).criteria).toEqual([
      { id: 'communication', label: 'Clarity' },
      { id: 'curiosity', label: 'Curiosity' },
    ]);
  });

  it('refuses fewer than 2, more than 6, blank or repeated names, and changes nothing', async () => {
    const { job } = await jobWithApplicant('Bad Criteria Intern');
    await caller(app, teammate).request('PUT', criteriaUrl(job.id), {
      criteria: [{ label: 'Skills' }, { label: 'Teamwork' }],
    });
    const unchanged = await watchAppState({ db: db(), storage: storageDir, mailSender: app.mailSender });
    const bodies = [
      { criteria: [{ label: 'Only one' }] },
      { criteria: Array.from({ length: 7 }, (_, index) => ({ label: `Criterion ${index}` })) },
      { criteria: [{ label: '  ' }, { label: 'Teamwork' }] },
      { criteria: [{ label: 'Teamwork' }, { label: 'teamwork' }] },
      { criteria: [{ label: 'A\u0000' }, { label: 'B' }] },
      { criteria: 'Skills' },
      {},
    ];
    for (const body of bodies) {
      const response = await caller(app, teammate).request('PUT', criteriaUrl(job.id), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe('invalid_request');
    }
    await unchanged.expectUnchanged('bad criteria');
  });
});

describe('the scorecards of an application', () => {
  it('keeps each member’s own card, shows every card with its author’s name, and sums them up', async () => {
    const { job, applicationId } = await jobWithApplicant('Scorecard Intern');
    await caller(app, org.owner).request('PUT', criteriaUrl(job.id), {
      criteria: [{ label: 'Skills' }, { label: 'Teamwork' }],
    });
    expect((await caller(app, teammate).request('GET', cardsUrl(applicationId))).json()).toMatchObject({
      scorecards: [],
      summary: { count: 0, average: null },
    });
    const first = await caller(app, teammate).request('PUT', `${cardsUrl(applicationId)}/mine`, {
      ratings: { skills: 4, teamwork: 3 },
      recommendation: 'strong_yes',
      note: '  Great robot demo.  ',
    });
    expect(first.statusCode).toBe(200);
    await caller(app, org.owner).request('PUT', `${cardsUrl(applicationId)}/mine`, {
      ratings: { skills: 2, teamwork: 2 },
      recommendation: 'no',
    });
    // The owner changes their own card: the teammate's stays as it was.
    await caller(app, org.owner).request('PUT', `${cardsUrl(applicationId)}/mine`, {
      ratings: { skills: 2, teamwork: 1 },
      recommendation: 'no',
      note: 'Weak on SQL.',
    });
    const seen = (await caller(app, teammate).request('GET', cardsUrl(applicationId))).json() as ApplicationScorecards;
    expect(seen.scorecards).toEqual([
      expect.objectContaining({
        by: { uid: teammate.uid, name: 'Tea Mate' },
        mine: true,
        ratings: { skills: 4, teamwork: 3 },
        recommendation: 'strong_yes',
        note: 'Great robot demo.',
        overallRating: null,
      }),
      expect.objectContaining({
        by: { uid: org.owner.uid, name: 'Scorecard Robotics Owner' },
        mine: false,
        ratings: { skills: 2, teamwork: 1 },
        recommendation: 'no',
        note: 'Weak on SQL.',
      }),
    ]);
    expect(seen.summary).toEqual({
      count: 2,
      recommendations: { strong_no: 0, no: 1, yes: 0, strong_yes: 1 },
      criteria: { skills: 3, teamwork: 2 },
      average: 2.5,
      overallAverage: null,
    });
    // The applicants list shows the team's score (1-4).
    const list = (
      await caller(app, org.owner).request('GET', `/api/company/jobs/${job.id}/applicants`)
    ).json() as ApplicantsResponse;
    expect(list.items.find((item) => item.applicationId === applicationId)?.rating).toBe(2.5);
  });

  it('shows a member’s new display name beside their card', async () => {
    const { job, applicationId } = await jobWithApplicant('Named Intern');
    await caller(app, org.owner).request('PUT', criteriaUrl(job.id), {
      criteria: [{ label: 'Skills' }, { label: 'Teamwork' }],
    });
    await caller(app, teammate).request('PUT', `${cardsUrl(applicationId)}/mine`, {
      ratings: { skills: 3, teamwork: 3 },
      recommendation: 'yes',
    });
    const renamed = await caller(app, teammate).request('PATCH', '/api/company/me', { name: '  Théa Mate ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Théa Mate', email: teammate.email });
    expect((await caller(app, teammate).request('GET', '/api/company/me')).json()).toMatchObject({
      name: 'Théa Mate',
    });
    const cards = (await caller(app, org.owner).request('GET', cardsUrl(applicationId))).json();
    expect(cards.scorecards[0].by).toEqual({ uid: teammate.uid, name: 'Théa Mate' });
    const note = await caller(app, teammate).request('POST', `/api/company/applications/${applicationId}/notes`, {
      body: 'Signed with my name',
    });
    expect(note.json().by.name).toBe('Théa Mate');
    expect((await caller(app, teammate).request('PATCH', '/api/company/me', { name: '   ' })).json().code).toBe(
      'invalid_request',
    );
  });

  it('counts a rating kept from before scorecards as the member’s overall score', async () => {
    const { job, applicationId } = await jobWithApplicant('Legacy Intern');
    await caller(app, org.owner).request('PUT', criteriaUrl(job.id), {
      criteria: [{ label: 'Skills' }, { label: 'Teamwork' }],
    });
    await db().insert(applicationScorecards).values({ applicationId, uid: org.owner.uid, overallRating: 5 });
    const cards = (await caller(app, teammate).request('GET', cardsUrl(applicationId))).json() as ApplicationScorecards;
    expect(cards.scorecards).toEqual([
      expect.objectContaining({ mine: false, recommendation: null, overallRating: 5, ratings: {} }),
    ]);
    expect(cards.summary).toMatchObject({ count: 0, average: null, overallAverage: 5 });
    const list = (
      await caller(app, teammate).request('GET', `/api/company/jobs/${job.id}/applicants`)
    ).json() as ApplicantsResponse;
    // 5 of 5 is 4 of 4.
    expect(list.items[0]?.rating).toBe(4);
  });

  it('refuses a card with a criterion missing or unknown, a rating out of 1-4 or no recommendation', async () => {
    const { job, applicationId } = await jobWithApplicant('Bad Card Intern');
    await caller(app, org.owner).request('PUT', criteriaUrl(job.id), {
      criteria: [{ label: 'Skills' }, { label: 'Teamwork' }],
    });
    const unchanged = await watchAppState({ db: db(), storage: storageDir, mailSender: app.mailSender });
    const bodies = [
      { ratings: { skills: 3 }, recommendation: 'yes' },
      { ratings: { skills: 3, teamwork: 3, charisma: 4 }, recommendation: 'yes' },
      { ratings: { skills: 5, teamwork: 3 }, recommendation: 'yes' },
      { ratings: { skills: 0, teamwork: 3 }, recommendation: 'yes' },
      { ratings: { skills: 2.5, teamwork: 3 }, recommendation: 'yes' },
      { ratings: { skills: 3, teamwork: 3 } },
      { ratings: { skills: 3, teamwork: 3 }, recommendation: 'maybe' },
      { ratings: { skills: 3, teamwork: 3 }, recommendation: 'yes', note: 'x'.repeat(5001) },
      { ratings: { skills: 3, teamwork: 3 }, recommendation: 'yes', uid: org.owner.uid },
    ];
    for (const body of bodies) {
      const response = await caller(app, teammate).request('PUT', `${cardsUrl(applicationId)}/mine`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe('invalid_request');
    }
    await unchanged.expectUnchanged('bad scorecards');
  });

  it('answers 404 for an application that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const response = await caller(app, teammate).request('GET', cardsUrl(missing));
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found');
  });
});

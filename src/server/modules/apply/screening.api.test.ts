import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchAppState } from '../../../../tests/api-setup/app-state.ts';
import {
  apply,
  buildAnswers,
  jsonApplication,
  multipartApplication,
} from '../../../../tests/api-setup/applications.ts';
import {
  addMemberThroughApi,
  caller,
  createOrganizationWithOwnerUser,
  postJob,
  type TestOrganization,
} from '../../../../tests/api-setup/company.ts';
import { createGoogleUser, type EmulatorUser, uniqueEmail } from '../../../../tests/api-setup/emulator-users.ts';
import { uploadProfileResume } from '../../../../tests/api-setup/profiles.ts';
import { buildEnv, buildTestApp } from '../../../../tests/api-setup/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../../../tests/api-setup/test-database.ts';
import { buildPdf } from '../../../../tests/api-setup/uploads.ts';
import type { ApplicantsResponse, CompanyApplication, CompanyJob } from '../../../shared/company/company-api.ts';
import type { PublicJobView } from '../../../shared/jobs/public-job-api.ts';
import type { Pipeline } from '../../../shared/pipeline/pipeline-api.ts';
import { screeningMessages, screeningQuestionsSchema } from '../../../shared/screening/screening-questions.ts';
import { applications, studentProfiles } from '../../db/schema.ts';

// Screening questions (issue 28): written in the job form, asked in the wizard without their knockout answers,
// judged by the server, kept with the application and read by the organization only.

let testDatabase: TestDatabase;
let app: FastifyInstance;
let storageDir: string;
let org: TestOrganization;
let otherOrg: TestOrganization;
let member: EmulatorUser;
let job: CompanyJob;
const db = () => testDatabase.database.db;

const questions = [
  { id: 'q-visa', kind: 'yes-no', prompt: 'Will you need a work visa?', required: true, knockout: 'yes' },
  { id: 'q-why', kind: 'text', prompt: 'Why this team?', maxLength: 20 },
  {
    id: 'q-when',
    kind: 'choice',
    prompt: 'When can you start?',
    required: true,
    options: ['May', 'September', 'Next year'],
    knockout: 'Next year',
  },
];

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  storageDir = mkdtempSync(join(tmpdir(), 'campus-jobs-screening-'));
  app = await buildTestApp({
    database: testDatabase.database,
    env: buildEnv({ STORAGE_DIR: storageDir, OUTBOX_DIR: join(storageDir, 'outbox') }),
  });
  org = await createOrganizationWithOwnerUser(app, db(), 'Initech');
  otherOrg = await createOrganizationWithOwnerUser(app, db(), 'Globex');
  member = await createGoogleUser({ email: uniqueEmail('member') });
  await addMemberThroughApi(app, db(), org.id, member);
  job = await postJob(app, org.owner, org.id, { title: 'Screened Intern', screeningQuestions: questions });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await testDatabase?.dispose();
  rmSync(storageDir, { recursive: true, force: true });
});

async function watchState() {
  return watchAppState({
    db: db(),
    storage: storageDir,
    outboxDir: join(storageDir, 'outbox'),
    mailSender: app.mailSender,
  });
}

function withScreening(answers: Record<string, string>, extra: Record<string, unknown> = {}) {
  return multipartApplication(buildAnswers(), { file: buildPdf() }, [
    { name: 'screeningAnswers', value: JSON.stringify(answers) },
    ...Object.entries(extra).map(([name, value]) => ({ name, value: JSON.stringify(value) })),
  ]);
}

async function applyOk(student: EmulatorUser, answers: Record<string, string>, extra: Record<string, unknown> = {}) {
  const response = await apply(app, student, job.slug, withScreening(answers, extra));
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { applicationId: string }).applicationId;
}

describe('the job form: screening questions', () => {
  it('keeps the questions with their knockout answers for the organization', async () => {
    const response = await caller(app, member).request('GET', `/api/company/jobs/${job.id}`);
    expect(response.statusCode).toBe(200);
    expect((response.json() as CompanyJob).screeningQuestions).toEqual(screeningQuestionsSchema.parse(questions));
  });

  it.each([
    ['a knockout that is not an option', [{ ...questions[2], knockout: 'Never' }]],
    ['eleven questions', Array.from({ length: 11 }, (_, i) => ({ id: `q${i}`, kind: 'yes-no', prompt: 'Ok?' }))],
    ['a choice with one option', [{ id: 'q1', kind: 'choice', prompt: 'Pick', options: ['Only'] }]],
  ])('refuses %s with 400 and changes nothing', async (_label, screeningQuestions) => {
    const unchanged = await watchState();
    const response = await caller(app, org.owner).request('PATCH', `/api/company/jobs/${job.id}`, {
      screeningQuestions,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_request' });
    await unchanged.expectUnchanged();
  });
});

describe('the public job view', () => {
  it('asks the questions without their knockout answers', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/public/jobs/${job.slug}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('knockout');
    expect(response.body).not.toContain('Next year"}');
    expect((response.json() as PublicJobView).job.screeningQuestions).toEqual([
      { id: 'q-visa', kind: 'yes-no', prompt: 'Will you need a work visa?', required: true },
      { id: 'q-why', kind: 'text', prompt: 'Why this team?', required: false, maxLength: 20 },
      {
        id: 'q-when',
        kind: 'choice',
        prompt: 'When can you start?',
        required: true,
        options: ['May', 'September', 'Next year'],
      },
    ]);
  });
});

describe('POST /api/public/jobs/:slug/apply: screening answers', () => {
  it.each([
    ['a required question unanswered', { 'q-when': 'May' }, { 'screening.q-visa': screeningMessages.answerRequired }],
    [
      'a choice that is not an option',
      { 'q-visa': 'no', 'q-when': 'June' },
      { 'screening.q-when': screeningMessages.answerNotAnOption },
    ],
    [
      'a text over its maximum',
      { 'q-visa': 'no', 'q-when': 'May', 'q-why': 'x'.repeat(21) },
      { 'screening.q-why': screeningMessages.answerTooLong },
    ],
    [
      'a yes/no answered otherwise',
      { 'q-visa': 'perhaps', 'q-when': 'May' },
      { 'screening.q-visa': screeningMessages.answerNotYesNo },
    ],
    [
      'an answer to a question the job does not ask',
      { 'q-visa': 'no', 'q-when': 'May', 'q-none': 'hi' },
      { 'screening.q-none': screeningMessages.unknownQuestion },
    ],
  ])('refuses %s with 400 screening_answers_invalid and stores nothing', async (_label, answers, fields) => {
    const student = await createGoogleUser({ email: uniqueEmail('refused') });
    const unchanged = await watchState();
    const response = await apply(app, student, job.slug, withScreening(answers));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: expect.any(String), code: 'screening_answers_invalid', fields });
    await unchanged.expectUnchanged();
  });

  it('refuses answers that are not a map of texts, in a JSON body too', async () => {
    const student = await createGoogleUser({ email: uniqueEmail('json') });
    await caller(app, student).request('GET', '/api/profile');
    const saved = await uploadProfileResume(app, student);
    const unchanged = await watchState();
    const body = JSON.parse(jsonApplication(buildAnswers(), saved).payload as string) as Record<string, unknown>;
    const response = await apply(app, student, job.slug, {
      payload: JSON.stringify({ ...body, screeningAnswers: ['yes'] }),
      contentType: 'application/json',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'screening_answers_invalid',
      fields: { screening: expect.any(String) },
    });
    await unchanged.expectUnchanged();
  });

  it('stores valid answers with their questions, a knockout marked, and the organization filters on it', async () => {
    const passed = await createGoogleUser({ email: uniqueEmail('passed') });
    const knocked = await createGoogleUser({ email: uniqueEmail('knocked') });
    const passedId = await applyOk(passed, { 'q-visa': 'no', 'q-when': 'May', 'q-why': 'Robots' });
    const knockedId = await applyOk(knocked, { 'q-visa': 'yes', 'q-when': 'September' });

    const view = await caller(app, member).request('GET', `/api/company/applications/${knockedId}`);
    expect(view.statusCode).toBe(200);
    expect((view.json() as CompanyApplication).screening).toEqual({
      knockedOut: true,
      answers: [
        { questionId: 'q-visa', prompt: 'Will you need a work visa?', kind: 'yes-no', answer: 'yes', knockout: true },
        { questionId: 'q-why', prompt: 'Why this team?', kind: 'text', answer: null, knockout: false },
        { questionId: 'q-when', prompt: 'When can you start?', kind: 'choice', answer: 'September', knockout: false },
      ],
    });

    const list = async (query: string) => {
      const response = await caller(app, org.owner).request('GET', `/api/company/jobs/${job.id}/applicants${query}`);
      expect(response.statusCode).toBe(200);
      return (response.json() as ApplicantsResponse).items.map((item) => [item.applicationId, item.knockedOut]);
    };
    expect(await list('?screening=knocked-out')).toEqual([[knockedId, true]]);
    expect(await list('?screening=passed')).toEqual([[passedId, false]]);
    expect(await list('')).toHaveLength(2);
    const pipeline = await caller(app, org.owner).request(
      'GET',
      `/api/company/jobs/${job.id}/pipeline?screening=passed`,
    );
    expect(pipeline.statusCode).toBe(200);
    expect((pipeline.json() as { total: number }).total).toBe(1);
    // The board's cards carry the mark too, so a knocked-out applicant is told apart without opening them.
    const board = await caller(app, member).request('GET', `/api/company/jobs/${job.id}/pipeline`);
    const cards = (board.json() as Pipeline).stages.flatMap((stage) => stage.cards);
    expect(cards.map((card) => [card.applicationId, card.knockedOut]).sort()).toEqual(
      [
        [knockedId, true],
        [passedId, false],
      ].sort(),
    );
    const bad = await caller(app, org.owner).request('GET', `/api/company/jobs/${job.id}/applicants?screening=maybe`);
    expect(bad.statusCode).toBe(400);

    // A later edit of the questions leaves the answers as they were asked.
    const edit = await caller(app, org.owner).request('PATCH', `/api/company/jobs/${job.id}`, {
      screeningQuestions: [{ ...questions[0], prompt: 'Do you hold a work permit?' }, questions[2]],
    });
    expect(edit.statusCode).toBe(200);
    const again = await caller(app, member).request('GET', `/api/company/applications/${knockedId}`);
    expect((again.json() as CompanyApplication).screening.answers[0]?.prompt).toBe('Will you need a work visa?');
    await caller(app, org.owner).request('PATCH', `/api/company/jobs/${job.id}`, { screeningQuestions: questions });
  });

  it('lets the applicant read their applications and export their data without any knockout mark', async () => {
    const student = await createGoogleUser({ email: uniqueEmail('own') });
    const id = await applyOk(student, { 'q-visa': 'yes', 'q-when': 'Next year' });
    const mine = await caller(app, student).request('GET', '/api/applications');
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain(id);
    expect(mine.body.toLowerCase()).not.toContain('knock');
    const one = await caller(app, student).request('GET', `/api/applications/${id}`);
    expect(one.statusCode).toBe(200);
    expect(one.body.toLowerCase()).not.toContain('knock');
    const exported = await caller(app, student).request('GET', '/api/account/export');
    expect(exported.statusCode).toBe(200);
    const data = JSON.parse(strFromU8(unzipSync(new Uint8Array(exported.rawPayload))['data.json']!)) as {
      applications: { id: string; screeningAnswers: unknown }[];
    };
    const exportedApplication = data.applications.find((application) => application.id === id)!;
    // The student's own answers are theirs to export; the organization's knockout marks are not.
    expect(exportedApplication.screeningAnswers).toEqual([
      { question: 'Will you need a work visa?', answer: 'yes' },
      { question: 'Why this team?', answer: null },
      { question: 'When can you start?', answer: 'Next year' },
    ]);
    expect(JSON.stringify(exportedApplication).toLowerCase()).not.toContain('knock');
  });

  it('keeps the skills asked in the wizard when the profile lists none, and the profile’s otherwise', async () => {
    const without = await createGoogleUser({ email: uniqueEmail('noskills') });
    const withSkills = await createGoogleUser({ email: uniqueEmail('skills') });
    await caller(app, withSkills).request('GET', '/api/profile');
    await db()
      .insert(studentProfiles)
      .values({ uid: withSkills.uid, skills: ['Rust'] })
      .onConflictDoUpdate({ target: studentProfiles.uid, set: { skills: ['Rust'] } });
    const answers = { 'q-visa': 'no', 'q-when': 'May' };
    const firstId = await applyOk(without, answers, { skills: ['TypeScript', 'Kotlin'] });
    const secondId = await applyOk(withSkills, answers, { skills: ['TypeScript'] });
    const [first] = await db().select().from(applications).where(eq(applications.id, firstId));
    const [second] = await db().select().from(applications).where(eq(applications.id, secondId));
    expect(first?.skillsSnapshot).toEqual(['TypeScript', 'Kotlin']);
    expect(second?.skillsSnapshot).toEqual(['Rust']);

    const student = await createGoogleUser({ email: uniqueEmail('badskills') });
    const unchanged = await watchState();
    const refused = await apply(app, student, job.slug, withScreening(answers, { skills: [1, 2] }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'invalid_request', fields: { skills: expect.any(String) } });
    await unchanged.expectUnchanged();
  });
});

describe('who reads the answers', () => {
  let applicationId: string;
  beforeAll(async () => {
    applicationId = await applyOk(await createGoogleUser({ email: uniqueEmail('read') }), {
      'q-visa': 'yes',
      'q-when': 'May',
    });
  });

  it.each([
    ['no token', () => null, 401],
    ['a student (the applicant included)', () => createGoogleUser({ email: uniqueEmail('student') }), 403],
    ['a member of another organization', () => otherOrg.owner, 403],
  ])('refuses %s the application, its answers and the filtered list', async (_label, who, status) => {
    const user = await who();
    for (const url of [
      `/api/company/applications/${applicationId}`,
      `/api/company/jobs/${job.id}/applicants?screening=knocked-out`,
      `/api/company/jobs/${job.id}`,
    ]) {
      const response = await caller(app, user).request('GET', url);
      expect(response.statusCode, url).toBe(status);
      expect(response.body).not.toContain('q-visa');
      expect(response.body).not.toContain('knockout');
    }
  });

  it('refuses another organization a change of the questions', async () => {
    const unchanged = await watchState();
    const response = await caller(app, otherOrg.owner).request('PATCH', `/api/company/jobs/${job.id}`, {
      screeningQuestions: [],
    });
    expect(response.statusCode).toBe(403);
    await unchanged.expectUnchanged();
  });

  it('answers a member of the organization', async () => {
    const response = await caller(app, member).request('GET', `/api/company/applications/${applicationId}`);
    expect(response.statusCode).toBe(200);
    expect((response.json() as CompanyApplication).screening.knockedOut).toBe(true);
  });
});

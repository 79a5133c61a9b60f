import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchAppState } from '../../../../tests/api-setup/app-state.ts';
import { apply, buildAnswers, multipartApplication } from '../../../../tests/api-setup/applications.ts';
import {
  addMemberThroughApi,
  applyAsStudent,
  caller,
  createOrganizationWithOwnerUser,
  lastMailLink,
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
import { buildPdf } from '../../../../tests/api-setup/uploads.ts';
import type { CompanyApplication, StudentApplication } from '../../../shared/company/company-api.ts';
import { applications, applicationStatusHistory, featuredJobs, mailOutbox, users } from '../../db/schema.ts';

// The pipeline end to end through the API: optimistic status changes with their history and e-mails, concurrent
// changes, bulk changes, withdrawal and applying again, job publishing and the board, bad input.

let testDatabase: TestDatabase;
let app: FastifyInstance;
let storageDir: string;
let org: TestOrganization;
let teammate: EmulatorUser;
const db = () => testDatabase.database.db;

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  storageDir = mkdtempSync(join(tmpdir(), 'campus-jobs-company-pipeline-'));
  app = await buildTestApp({
    database: testDatabase.database,
    env: buildEnv({
      STORAGE_DIR: storageDir,
      OUTBOX_DIR: join(storageDir, 'outbox'),
      PUBLIC_URL: 'https://jobs.example.edu',
    }),
  });
  org = await createOrganizationWithOwnerUser(app, db(), 'Initech');
  teammate = await createGoogleUser({ email: uniqueEmail('teammate'), name: 'Tea Mate' });
  await addMemberThroughApi(app, db(), org.id, teammate);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await testDatabase?.dispose();
  rmSync(storageDir, { recursive: true, force: true });
});

async function mailsTo(to: string, kind: string) {
  return db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, to), eq(mailOutbox.kind, kind)));
}

async function historyOf(applicationId: string) {
  return db().select().from(applicationStatusHistory).where(eq(applicationStatusHistory.applicationId, applicationId));
}

async function detail(user: EmulatorUser, applicationId: string): Promise<CompanyApplication> {
  const response = await caller(app, user).request('GET', `/api/company/applications/${applicationId}`);
  expect(response.statusCode).toBe(200);
  return response.json() as CompanyApplication;
}

async function boardFeaturedIds(): Promise<string[]> {
  const response = await app.inject({ method: 'GET', url: '/api/public/board?type=featured' });
  return (response.json() as { jobs: { id: string }[] }).jobs.map((job) => job.id);
}

/** The board refreshes right after a change on this instance; others follow at their next poll of the version. */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  for (let attempt = 0; attempt < 50; attempt++) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

describe('status changes', () => {
  it('moves an application, keeps who/when/from/to, and e-mails the student a link to My Applications', async () => {
    const student = await createGoogleUser({ email: uniqueEmail('student') });
    const job = await postJob(app, org.owner, org.id, { title: 'Pipeline Intern' });
    const applicationId = await applyAsStudent(app, student, job.slug, { firstName: 'Grace' });
    const before = await detail(teammate, applicationId);
    expect(before).toMatchObject({
      status: 'applied',
      version: 0,
      history: [],
      job: { title: 'Pipeline Intern' },
      hasResume: true,
    });
    expect(before.answers).toMatchObject({
      firstName: 'Grace',
      email: student.email,
      university: 'McGill University',
      graduationYear: 2027,
    });
    expect(before.coverLetter).toContain('analytical engines');
    expect(before.match.parts.map((part) => part.key)).toEqual(['skills', 'graduation', 'github', 'devpost']);

    const response = await caller(app, teammate).request('PATCH', `/api/company/applications/${applicationId}`, {
      status: 'interview',
      version: 0,
      notify: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ applicationId, status: 'interview', version: 1 });

    const after = await detail(org.owner, applicationId);
    expect(after.history).toEqual([
      { from: 'applied', to: 'interview', at: expect.any(String), by: { uid: teammate.uid, name: 'Tea Mate' } },
    ]);
    expect(await mailsTo(student.email!, 'status-change')).toMatchObject([
      {
        subject: 'Your application for Pipeline Intern at Initech: Interview',
        body: expect.stringContaining('https://jobs.example.edu/jobs/applied'),
      },
    ]);

    // The student sees the status and its date.
    const mine = (await caller(app, student).request('GET', '/api/applications')).json() as StudentApplication[];
    expect(mine).toEqual([
      expect.objectContaining({
        applicationId,
        jobId: job.id,
        jobTitle: 'Pipeline Intern',
        company: 'Initech',
        status: 'interview',
        featured: true,
        canWithdraw: true,
      }),
    ]);
    expect(Date.parse(mine[0]!.statusChangedAt)).toBeGreaterThanOrEqual(Date.parse(mine[0]!.appliedAt));
  });

  it('two members changing the same version at once: one 200, one 409 stale_status, one history row', async () => {
    const student = await createGoogleUser({ email: uniqueEmail('student') });
    const job = await postJob(app, org.owner, org.id, { title: 'Race Intern' });
    const applicationId = await applyAsStudent(app, student, job.slug);
    const [first, second] = await Promise.all([
      caller(app, teammate).request('PATCH', `/api/company/applications/${applicationId}`, {
        status: 'screening',
        version: 0,
        notify: true,
      }),
      caller(app, org.owner).request('PATCH', `/api/company/applications/${applicationId}`, {
        status: 'rejected',
        version: 0,
        notify: true,
      }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const conflict = first.statusCode === 409 ? first : second;
    expect(conflict.json()).toEqual({ error: expect.stringContaining('changed'), code: 'stale_status' });
    const history = await historyOf(applicationId);
    expect(history).toHaveLength(1);
    const [row] = await db().select().from(applications).where(eq(applications.id, applicationId));
    expect(row).toMatchObject({ version: 1, status: history[0]!.toStatus });
    expect(await mailsTo(student.email!, 'status-change')).toHaveLength(1);
  });

  it('refuses bad input with 400 invalid_request and changes nothing', async () => {
    const student = await createGoogleUser({ email: uniqueEmail('student') });
    const job = await postJob(app, org.owner, org.id, { title: 'Validation Intern' });
    const applicationId = await applyAsStudent(app, student, job.slug);
    const member = caller(app, teammate);
    for (const body of [
      { status: 'withdrawn', version: 0 },
      { status: 'hired' },
      { status: 'nope', version: 0 },
      { status: 'offer', version: -1 },
      { status: 'offer', version: 0, extra: 1 },
      // A reason goes with a rejection only, from the fixed list, with words under 300 characters.
      { status: 'offer', version: 0, rejectionReason: 'qualifications' },
      { status: 'rejected', version: 0, rejectionReason: 'too-young' },
      { status: 'rejected', version: 0, rejectionReason: 'other', rejectionNote: 'x'.repeat(301) },
      { status: 'rejected', version: 0, rejectionReason: 'other', rejectionNote: 'bad\u0000' },
      null,
    ]) {
      const response = await member.request('PATCH', `/api/company/applications/${applicationId}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe('invalid_request');
    }
    const text = await app.inject({
      method: 'PATCH',
      url: `/api/company/applications/${applicationId}`,
      headers: { authorization: `Bearer ${teammate.idToken}`, 'content-type': 'text/plain' },
      payload: 'status=hired',
    });
    expect([400, 415]).toContain(text.statusCode);
    expect(text.json().code).toBe('invalid_request');
    expect(
      (await member.request('POST', `/api/company/applications/${applicationId}/notes`, { body: '   ' })).json().code,
    ).toBe('invalid_request');
    const jobsBefore = await db().select({ value: count() }).from(featuredJobs);
    const badJob = await member.request('POST', '/api/company/jobs', {
      organizationId: org.id,
      title: '',
      type: 'Internship',
      location: 'X',
      description: 'd',
      requirements: 'r',
      postingDate: '2026-01-01',
      visibility: 'public',
      salaryMin: 90000,
      salaryMax: 50000,
    });
    expect(badJob.statusCode).toBe(400);
    expect(badJob.json()).toMatchObject({
      code: 'invalid_request',
      error: expect.stringContaining('Title is required'),
    });
    const noOrganization = await member.request('POST', '/api/company/jobs', { title: 'No organization' });
    expect(noOrganization.statusCode).toBe(400);
    expect(noOrganization.json()).toMatchObject({
      code: 'invalid_request',
      error: expect.stringContaining('organizationId'),
    });
    expect(await db().select({ value: count() }).from(featuredJobs)).toEqual(jobsBefore);
    expect(
      (
        await member.request('PATCH', `/api/company/jobs/${job.id}`, {
          salaryMin: 10,
          salaryMax: 5,
          salaryCurrency: 'CAD',
        })
      ).json().code,
    ).toBe('invalid_request');

    const [row] = await db().select().from(applications).where(eq(applications.id, applicationId));
    expect(row).toMatchObject({ status: 'applied', version: 0 });
    expect(await historyOf(applicationId)).toEqual([]);
  });

  it('moves silently unless the member chooses to tell the student, then writes in the student’s language', async () => {
    const student = await createGoogleUser({ email: uniqueEmail('student') });
    const job = await postJob(app, org.owner, org.id, { title: 'Silent Intern' });
    const applicationId = await applyAsStudent(app, student, job.slug, { firstName: 'Amélie' });
    const silent = await caller(app, teammate).request('PATCH', `/api/company/applications/${applicationId}`, {
      status: 'screening',
      version: 0,
    });
    expect(silent.statusCode).toBe(200);
    expect(await mailsTo(student.email!, 'status-change')).toEqual([]);
    expect(await historyOf(applicationId)).toHaveLength(1);

    // The student uses the app in French (kept on the account).
    await caller(app, student).request('POST', '/api/auth/create-account', { email: student.email });
    await db().update(users).set({ locale: 'fr' }).where(eq(users.uid, student.uid));
    const told = await caller(app, teammate).request('PATCH', `/api/company/applications/${applicationId}`, {
      status: 'interview',
      version: 1,
      notify: true,
    });
    expect(told.statusCode).toBe(200);
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, student.email!), eq(mailOutbox.kind, 'status-change')));
    expect(mail).toMatchObject({
      subject: 'Votre candidature pour Silent Intern chez Initech : Entretien',
      body: expect.stringContaining('Bonjour Amélie,'),
      html: expect.stringContaining('<html lang="fr"'),
    });
  });

  it('keeps rejection e-mails off when the organization turns them off, and still records the change', async () => {
    const other = await createOrganizationWithOwnerUser(app, db(), 'Quiet Corp');
    const off = await caller(app, other.owner).request('PATCH', `/api/company/organizations/${other.id}`, {
      rejectionEmails: false,
    });
    expect(off.json()).toMatchObject({ rejectionEmails: false });
    const student = await createGoogleUser({ email: uniqueEmail('student') });
    const job = await postJob(app, other.owner, other.id);
    const applicationId = await applyAsStudent(app, student, job.slug);
    expect(
      (
        await caller(app, other.owner).request('PATCH', `/api/company/applications/${applicationId}`, {
          status: 'screening',
          version: 0,
          notify: true,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await caller(app, other.owner).request('PATCH', `/api/company/applications/${applicationId}`, {
          status: 'rejected',
          version: 1,
          notify: true,
        })
      ).statusCode,
    ).toBe(200);
    const mails = await mailsTo(student.email!, 'status-change');
    expect(mails.map((mail) => mail.subject)).toEqual([expect.stringContaining('Screening')]);
    expect((await historyOf(applicationId)).map((entry) => entry.toStatus).sort()).toEqual(['rejected', 'screening']);
  });

  it('keeps a rejection’s reason for the organization, never for the student', async () => {
    const job = await postJob(app, org.owner, org.id, { title: 'Reason Intern' });
    const [a, b] = await Promise.all([0, 1].map(async () => createGoogleUser({ email: uniqueEmail('student') })));
    const idA = await applyAsStudent(app, a!, job.slug);
    const idB = await applyAsStudent(app, b!, job.slug);
    const one = await caller(app, teammate).request('PATCH', `/api/company/applications/${idA}`, {
      status: 'rejected',
      version: 0,
      notify: true,
      rejectionReason: 'other',
      rejectionNote: 'Needs a work permit we cannot sponsor',
    });
    expect(one.statusCode).toBe(200);
    const bulk = await caller(app, teammate).request('POST', '/api/company/applications/bulk-status', {
      applicationIds: [idB],
      status: 'rejected',
      rejectionReason: 'position-filled',
    });
    expect(bulk.json()).toMatchObject({ updated: [idB] });

    const seen = (await caller(app, teammate).request('GET', `/api/company/applications/${idA}`)).json() as {
      history: { to: string; reason?: string | null; reasonNote?: string | null }[];
    };
    expect(seen.history.at(-1)).toMatchObject({
      to: 'rejected',
      reason: 'other',
      reasonNote: 'Needs a work permit we cannot sponsor',
    });
    const bulkSeen = (await caller(app, teammate).request('GET', `/api/company/applications/${idB}`)).json() as {
      history: { reason?: string | null }[];
    };
    expect(bulkSeen.history.at(-1)?.reason).toBe('position-filled');
    // The student: the status, never the reason (not in My Applications, not in the e-mail).
    const mine = await caller(app, a!).request('GET', `/api/applications/${idA}`);
    expect(mine.json()).toMatchObject({ status: 'rejected' });
    expect(mine.body).not.toMatch(/work permit|reasonNote|"reason"/i);
    const mails = await mailsTo(a!.email!, 'status-change');
    expect(mails).toHaveLength(1);
    expect(`${mails[0]!.body}${mails[0]!.html ?? ''}`).not.toMatch(/work permit|sponsor/i);
  });

  it('bulk-changes selected applications, skipping withdrawn and unchanged ones', async () => {
    const job = await postJob(app, org.owner, org.id, { title: 'Bulk Intern' });
    const [a, b, c] = await Promise.all([0, 1, 2].map(async () => createGoogleUser({ email: uniqueEmail('student') })));
    const idA = await applyAsStudent(app, a!, job.slug);
    const idB = await applyAsStudent(app, b!, job.slug);
    const idC = await applyAsStudent(app, c!, job.slug);
    expect((await caller(app, c!).request('POST', `/api/applications/${idC}/withdraw`)).statusCode).toBe(200);
    await caller(app, teammate).request('PATCH', `/api/company/applications/${idB}`, {
      status: 'screening',
      version: 0,
    });
    const response = await caller(app, teammate).request('POST', '/api/company/applications/bulk-status', {
      applicationIds: [idA, idB, idC],
      status: 'screening',
    });
    expect(response.json()).toEqual({
      updated: [idA],
      skipped: [
        { id: idB, code: 'unchanged' },
        { id: idC, code: 'application_withdrawn' },
      ],
    });
  });

  it('keeps notes for the organization, unseen by the student', async () => {
    const student = await createGoogleUser({ email: uniqueEmail('student') });
    const job = await postJob(app, org.owner, org.id, { title: 'Notes Intern' });
    const applicationId = await applyAsStudent(app, student, job.slug);
    const note = await caller(app, teammate).request('POST', `/api/company/applications/${applicationId}/notes`, {
      body: 'Strong portfolio.\nCall back.',
    });
    expect(note.statusCode).toBe(201);
    expect(note.json()).toMatchObject({
      body: 'Strong portfolio.\nCall back.',
      by: { uid: teammate.uid, name: 'Tea Mate' },
    });
    const seen = await detail(org.owner, applicationId);
    expect(seen).toMatchObject({
      notes: [expect.objectContaining({ body: 'Strong portfolio.\nCall back.' })],
    });
    // The student sees none of it.
    const own = await caller(app, student).request('GET', `/api/applications/${applicationId}`);
    expect(own.body).not.toContain('Strong portfolio');
  });
});

describe('withdrawal', () => {
  it('lets the student withdraw, shows withdrawn to the company, blocks further moves, and allows a new application', async () => {
    const student = await createGoogleUser({ email: uniqueEmail('student') });
    const job = await postJob(app, org.owner, org.id, { title: 'Withdraw Intern' });
    const applicationId = await applyAsStudent(app, student, job.slug);
    const other = await createGoogleUser({ email: uniqueEmail('intruder') });
    expect(
      (await caller(app, other).request('POST', `/api/applications/${applicationId}/withdraw`)).json(),
    ).toMatchObject({ code: 'not_found' });
    expect((await caller(app, other).request('GET', `/api/applications/${applicationId}/resume`)).statusCode).toBe(404);
    expect(
      (await caller(app, student).request('GET', `/api/applications/${applicationId}/resume`)).body.startsWith('%PDF'),
    ).toBe(true);

    const withdrawn = await caller(app, student).request('POST', `/api/applications/${applicationId}/withdraw`);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toMatchObject({ status: 'withdrawn', canWithdraw: false });
    expect(
      (await caller(app, student).request('POST', `/api/applications/${applicationId}/withdraw`)).json(),
    ).toMatchObject({ code: 'not_withdrawable' });

    const seen = await detail(teammate, applicationId);
    expect(seen).toMatchObject({
      status: 'withdrawn',
      version: 1,
      history: [{ from: 'applied', to: 'withdrawn', by: null }],
    });
    const move = await caller(app, teammate).request('PATCH', `/api/company/applications/${applicationId}`, {
      status: 'interview',
      version: 1,
    });
    expect(move.statusCode).toBe(409);
    expect(move.json().code).toBe('application_withdrawn');

    // The job is no longer "applied" and can be applied to again.
    expect((await caller(app, student).request('GET', '/api/job/applied-jobs')).json()).not.toContain(job.id);
    expect((await caller(app, student).request('GET', '/api/profile')).json().appliedJobs).not.toContain(job.id);
    const again = await applyAsStudent(app, student, job.slug);
    expect(again).not.toBe(applicationId);
    expect((await caller(app, student).request('GET', '/api/job/applied-jobs')).json()).toContain(job.id);
    const mine = (await caller(app, student).request('GET', '/api/applications')).json() as StudentApplication[];
    expect(mine.map((entry) => [entry.applicationId, entry.status])).toEqual([
      [again, 'applied'],
      [applicationId, 'withdrawn'],
    ]);
    // A second live application is still refused.
    const twice = await apply(app, student, job.slug, multipartApplication(buildAnswers(), { file: buildPdf() }));
    expect(twice.statusCode).toBe(409);
  });

  it('refuses a withdrawal once hired or rejected', async () => {
    const student = await createGoogleUser({ email: uniqueEmail('student') });
    const job = await postJob(app, org.owner, org.id, { title: 'Hired Intern' });
    const applicationId = await applyAsStudent(app, student, job.slug);
    await caller(app, teammate).request('PATCH', `/api/company/applications/${applicationId}`, {
      status: 'hired',
      version: 0,
    });
    const response = await caller(app, student).request('POST', `/api/applications/${applicationId}/withdraw`);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('not_withdrawable');
  });
});

describe('jobs and the board', () => {
  it('shows a published public job on the board, hides it when closed, shows it again when reopened; drafts never', async () => {
    const draft = await postJob(app, teammate, org.id, { title: 'Draft Role', status: 'draft' });
    expect(draft).toMatchObject({ status: 'draft', publishedAt: null, skills: ['TypeScript', 'React', 'SQL'] });
    expect(await boardFeaturedIds()).not.toContain(draft.id);
    expect((await app.inject({ method: 'GET', url: `/api/public/jobs/${draft.slug}` })).statusCode).toBe(404);

    const publish = await caller(app, teammate).request('PATCH', `/api/company/jobs/${draft.id}`, {
      status: 'published',
    });
    expect(publish.json()).toMatchObject({ status: 'published', publishedAt: expect.any(String) });
    expect(await eventually(async () => (await boardFeaturedIds()).includes(draft.id))).toBe(true);

    const close = await caller(app, teammate).request('PATCH', `/api/company/jobs/${draft.id}`, { status: 'closed' });
    expect(close.json()).toMatchObject({ status: 'closed', closedAt: expect.any(String) });
    expect(await eventually(async () => !(await boardFeaturedIds()).includes(draft.id))).toBe(true);
    const student = await createGoogleUser({ email: uniqueEmail('student') });
    const refused = await apply(app, student, draft.slug, multipartApplication(buildAnswers(), { file: buildPdf() }));
    expect(refused.statusCode).toBe(404);

    expect(
      (await caller(app, teammate).request('PATCH', `/api/company/jobs/${draft.id}`, { status: 'draft' })).json().code,
    ).toBe('invalid_job_status_change');
    expect(
      (await caller(app, teammate).request('PATCH', `/api/company/jobs/${draft.id}`, { status: 'published' })).json(),
    ).toMatchObject({ status: 'published', closedAt: null });
    expect(await eventually(async () => (await boardFeaturedIds()).includes(draft.id))).toBe(true);
  });

  it('keeps link-only and private jobs off the board; a link-only job is reachable with a live shared link', async () => {
    const linkOnly = await postJob(app, org.owner, org.id, { title: 'Link Role', visibility: 'link' });
    const privateJob = await postJob(app, org.owner, org.id, { title: 'Private Role', visibility: 'private' });
    const featured = await boardFeaturedIds();
    expect(featured).not.toContain(linkOnly.id);
    expect(featured).not.toContain(privateJob.id);
    expect((await app.inject({ method: 'GET', url: `/api/public/jobs/${linkOnly.slug}` })).statusCode).toBe(404);
    const link = (
      await caller(app, org.owner).request('POST', `/api/company/jobs/${linkOnly.id}/shared-links`)
    ).json() as { id: string; url: string };
    expect(link.url).toBe(`https://jobs.example.edu/jobs/${linkOnly.id}/apply?sharedId=${link.id}`);
    expect(
      (await app.inject({ method: 'GET', url: `/api/public/jobs/${linkOnly.slug}?sharedId=${link.id}` })).statusCode,
    ).toBe(200);

    const student = await createGoogleUser({ email: uniqueEmail('student') });
    const publicTry = await apply(
      app,
      student,
      linkOnly.slug,
      multipartApplication(buildAnswers(), { file: buildPdf() }),
    );
    expect(publicTry.statusCode).toBe(404);
    await applyAsStudent(app, student, linkOnly.slug, {}, `?sharedId=${link.id}`);
    const links = (await caller(app, org.owner).request('GET', `/api/company/jobs/${linkOnly.id}/shared-links`)).json();
    expect(links).toEqual([
      expect.objectContaining({ id: link.id, applicationCount: 1, revokedAt: null, label: null, expiresAt: null }),
    ]);

    // A label and an expiry: kept and answered; the link takes applications until then.
    const before = Date.now();
    const labelled = await caller(app, org.owner).request('POST', `/api/company/jobs/${linkOnly.id}/shared-links`, {
      label: '  Career fair  ',
      expiresInDays: 30,
    });
    expect(labelled.statusCode, labelled.body).toBe(201);
    const view = labelled.json() as { label: string; expiresAt: string };
    expect(view.label).toBe('Career fair');
    const lasts = new Date(view.expiresAt).getTime() - before;
    expect(lasts).toBeGreaterThanOrEqual(30 * 86_400_000);
    expect(lasts).toBeLessThan(30 * 86_400_000 + 60_000);
    for (const [body, message] of [
      [{ label: 'x'.repeat(61) }, 'A label is at most 60 characters'],
      [{ expiresInDays: 0 }, 'A link lasts at least 1 day'],
      [{ expiresInDays: 366 }, 'A link lasts at most 365 days'],
      [{ expiresInDays: 1.5 }, 'whole number'],
      [{ source: 'x' }, 'Unrecognized key'],
    ] as const) {
      const refused = await caller(app, org.owner).request(
        'POST',
        `/api/company/jobs/${linkOnly.id}/shared-links`,
        body,
      );
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'invalid_request', error: expect.stringContaining(message) });
    }
    expect(
      (await caller(app, org.owner).request('GET', `/api/company/jobs/${linkOnly.id}/shared-links`)).json(),
    ).toHaveLength(2);
    const jobs = (await caller(app, org.owner).request('GET', `/api/company/jobs?organizationId=${org.id}`)).json() as {
      id: string;
      applicationCounts: { total: number; applied: number };
    }[];
    expect(jobs.find((job) => job.id === linkOnly.id)?.applicationCounts).toMatchObject({
      total: 1,
      applied: 1,
      withdrawn: 0,
    });
  });
});

describe('member invitations', () => {
  /** An owner's invitation through the API; answers the token of the link it e-mailed. */
  async function inviteByOwner(email: string): Promise<string> {
    const invited = await caller(app, org.owner).request('POST', `/api/company/organizations/${org.id}/invitations`, {
      email,
      role: 'member',
    });
    expect(invited.statusCode).toBe(201);
    const link = await lastMailLink(db(), email, '/company/join/');
    expect(link.startsWith('https://jobs.example.edu/company/join/')).toBe(true);
    return decodeURIComponent(link.split('/company/join/')[1]!);
  }

  /** A refused request: its status, its code, and no row, stored file or outbox file changed. */
  async function expectRefused(
    label: string,
    send: () => Promise<LightMyRequestResponse>,
    { status, code }: { status: number; code: string },
  ): Promise<void> {
    // Mail queued by earlier steps is delivered first, so the snapshots compare this request alone.
    const unchanged = await watchAppState({
      db: db(),
      storage: storageDir,
      outboxDir: join(storageDir, 'outbox'),
      mailSender: app.mailSender,
    });
    const response = await send();
    expect(response.statusCode, label).toBe(status);
    expect(response.json(), label).toEqual({ error: expect.any(String), code });
    await unchanged.expectUnchanged(label);
  }

  it('lets an owner invite a teammate by e-mail: shown to anyone with the link, joined by that e-mail, removable', async () => {
    const email = uniqueEmail('newbie');
    const token = await inviteByOwner(email);
    const stranger = await createGoogleUser({ email: uniqueEmail('stranger') });
    expect((await caller(app, stranger).request('GET', `/api/company/join/${token}`)).json()).toEqual({
      organizationName: 'Initech',
      email,
      role: 'member',
      expired: false,
    });

    const newbie = await createGoogleUser({ email, name: 'New Bie' });
    const joined = await caller(app, newbie).request('POST', `/api/company/join/${token}`);
    expect(joined.json()).toMatchObject({ id: org.id, role: 'member' });
    const members = (await caller(app, newbie).request('GET', `/api/company/organizations/${org.id}/members`)).json();
    expect(members.members.map((member: { email: string }) => member.email)).toContain(email);

    expect(
      (await caller(app, org.owner).request('DELETE', `/api/company/organizations/${org.id}/members/${newbie.uid}`))
        .statusCode,
    ).toBe(204);
    expect((await caller(app, newbie).request('GET', `/api/company/jobs?organizationId=${org.id}`)).json().code).toBe(
      'not_a_member',
    );
  });

  it('refuses a join by another e-mail, an anonymous session, no token, or of a used invitation, changing nothing', async () => {
    const email = uniqueEmail('invited');
    const token = await inviteByOwner(email);
    const join = (user: EmulatorUser | null) => () => caller(app, user).request('POST', `/api/company/join/${token}`);

    const stranger = await createGoogleUser({ email: uniqueEmail('stranger') });
    await expectRefused('another e-mail', join(stranger), { status: 403, code: 'invitation_email_mismatch' });
    const anonymous = await createAnonymousUser();
    await expectRefused('an anonymous session', join(anonymous), { status: 403, code: 'identified_account_required' });
    await expectRefused('no token', join(null), { status: 401, code: 'unauthenticated' });

    const invited = await createGoogleUser({ email, name: 'In Vited' });
    expect((await join(invited)()).statusCode).toBe(200);
    await expectRefused('the used invitation, by its own e-mail', join(invited), {
      status: 409,
      code: 'invitation_used',
    });
    await expectRefused('the used invitation, by another e-mail', join(stranger), {
      status: 409,
      code: 'invitation_used',
    });
  });

  it('refuses an invitation sent by a member or to a member, and removing the last owner, changing nothing', async () => {
    await expectRefused(
      'a member inviting',
      () =>
        caller(app, teammate).request('POST', `/api/company/organizations/${org.id}/invitations`, {
          email: uniqueEmail('x'),
          role: 'member',
        }),
      { status: 403, code: 'owner_only' },
    );
    await expectRefused(
      'inviting a member (e-mail in another case)',
      () =>
        caller(app, org.owner).request('POST', `/api/company/organizations/${org.id}/invitations`, {
          email: teammate.email!.toUpperCase(),
          role: 'member',
        }),
      { status: 409, code: 'already_member' },
    );
    await expectRefused(
      'the last owner removing themself',
      () => caller(app, org.owner).request('DELETE', `/api/company/organizations/${org.id}/members/${org.owner.uid}`),
      { status: 409, code: 'last_owner' },
    );
  });
});

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationMessages,
  applicationNotes,
  applications,
  applicationStatusHistory,
  studentProfiles,
} from '../../db/schema.ts';
import type { Database } from '../../db/client.ts';
import { buildEnv, buildTestApp } from '../../../../tests/api-setup/test-app.ts';
import { createTestClock, type TestClock } from '../../../../tests/api-setup/test-clock.ts';
import { openTestDatabase, type TestDatabase } from '../../../../tests/api-setup/test-database.ts';
import {
  applyAsStudent,
  caller,
  createOrganizationWithOwnerUser,
  postJob,
  type TestOrganization,
} from '../../../../tests/api-setup/company.ts';
import { createGoogleUser, type EmulatorUser, uniqueEmail } from '../../../../tests/api-setup/emulator-users.ts';
import { uploadProfileResume } from '../../../../tests/api-setup/profiles.ts';
import type { CompanyJob, StudentApplicationDetail } from '../../../shared/company/company-api.ts';
import { retentionTaskName } from './index.ts';

// The retention sweep over a test clock (APPLICATION_RETENTION_DAYS=30 here): applications of a job closed more than
// 30 days ago lose their applicant's details and resume copy; the organization keeps the application, its status
// history and its notes; the student keeps it in My Applications; a job still open, or closed more recently, is left.

const dayMs = 86_400_000;
let testDatabase: TestDatabase;
let db: Database;
let app: FastifyInstance;
let clock: TestClock;
let storageDir: string;
let organization: TestOrganization;
let student: EmulatorUser;
let closedJob: CompanyJob;
let openJob: CompanyJob;
let closedApplication: string;
let openApplication: string;
let closedAt: number;

const row = async (id: string) => (await db.select().from(applications).where(eq(applications.id, id)))[0]!;
const sweep = () => app.scheduler.runNow(retentionTaskName);

beforeAll(async () => {
  storageDir = mkdtempSync(join(tmpdir(), 'campus-jobs-retention-'));
  testDatabase = await openTestDatabase();
  db = testDatabase.database.db;
  clock = createTestClock(Date.parse('2026-12-01T10:00:00Z'));
  app = await buildTestApp({
    database: testDatabase.database,
    env: buildEnv({ STORAGE_DIR: storageDir, APPLICATION_RETENTION_DAYS: '30' }),
    clock: () => clock.now(),
  });
  organization = await createOrganizationWithOwnerUser(app, db, 'Retention Labs');
  closedJob = await postJob(app, organization.owner, organization.id, { title: 'Firmware Intern' });
  openJob = await postJob(app, organization.owner, organization.id, { title: 'Data Intern' });
  student = await createGoogleUser({ email: uniqueEmail('kept'), name: 'Odalys Brightwater' });
  const me = caller(app, student);
  expect((await me.request('POST', '/api/auth/create-account', { email: student.email })).statusCode).toBeLessThan(300);
  await uploadProfileResume(app, student, { fileName: 'Brightwater CV.pdf' });
  const answers = { firstName: 'Odalys', lastName: 'Brightwater', phone: '+1 514 555 0199' };
  closedApplication = await applyAsStudent(app, student, closedJob.slug, answers);
  openApplication = await applyAsStudent(app, student, openJob.slug, answers);
  const owner = caller(app, organization.owner);
  expect(
    (
      await owner.request('PATCH', `/api/company/applications/${closedApplication}`, {
        status: 'screening',
        version: 0,
      })
    ).statusCode,
  ).toBe(200);
  expect(
    (await owner.request('POST', `/api/company/applications/${closedApplication}/notes`, { body: 'Good fit' }))
      .statusCode,
  ).toBe(201);
  const closed = await owner.request('PATCH', `/api/company/jobs/${closedJob.id}`, { status: 'closed' });
  expect(closed.statusCode).toBe(200);
  closedAt = Date.parse((closed.json() as CompanyJob).closedAt!);
});

afterAll(async () => {
  await app?.close();
  await testDatabase?.dispose();
  rmSync(storageDir, { recursive: true, force: true });
});

describe('the application retention sweep', () => {
  it('tells the organization when a closed job’s applicants’ details go; an open job has no date', async () => {
    const owner = caller(app, organization.owner);
    const closed = (await owner.request('GET', `/api/company/jobs/${closedJob.id}`)).json() as CompanyJob;
    expect(Date.parse(closed.dataRemovalAt!)).toBe(closedAt + 30 * dayMs);
    const open = (await owner.request('GET', `/api/company/jobs/${openJob.id}`)).json() as CompanyJob;
    expect(open.dataRemovalAt).toBeNull();
  });

  it('leaves everything before the retention period ends', async () => {
    const before = await row(closedApplication);
    clock.advance(closedAt + 29 * dayMs - clock.now());
    await sweep();
    const after = await row(closedApplication);
    expect(after.anonymizedAt).toBeNull();
    expect(after.answers).toEqual(before.answers);
    expect(existsSync(join(storageDir, after.resumeKey))).toBe(true);
  });

  it('then removes the details and the resume copy, keeping the application, its history, notes and student', async () => {
    const before = await row(closedApplication);
    // A message the organization sent the student (it names them): removed with the details.
    const sent = await caller(app, organization.owner).request(
      'POST',
      `/api/company/applications/${closedApplication}/messages`,
      { message: { kind: 'custom', subject: 'Hello {{firstName}}', body: 'Thank you, {{firstName}}.' } },
    );
    expect(sent.statusCode).toBe(201);
    const [profile] = await db.select().from(studentProfiles).where(eq(studentProfiles.uid, student.uid));
    clock.advance(closedAt + 31 * dayMs - clock.now());
    await sweep();

    const after = await row(closedApplication);
    expect(after.anonymizedReason).toBe('retention');
    expect(after.anonymizedAt?.getTime()).toBe(clock.now());
    expect(after.uid).toBe(student.uid);
    expect(after.status).toBe('screening');
    expect(after.email).toBe('');
    expect(after.answers).toMatchObject({
      firstName: 'Applicant',
      lastName: '(details removed)',
      phone: '',
      email: '',
    });
    expect(after.resumeKey).toBe('');
    expect(existsSync(join(storageDir, before.resumeKey))).toBe(false);
    expect(JSON.stringify(after)).not.toMatch(/Odalys|Brightwater|555 0199/);
    // The student's own resume and the application of the open job are untouched.
    expect(existsSync(join(storageDir, profile!.resumeKey!))).toBe(true);
    const open = await row(openApplication);
    expect(open.anonymizedAt).toBeNull();
    expect(existsSync(join(storageDir, open.resumeKey))).toBe(true);
    // The organization's record of it stays.
    expect(
      (
        await db
          .select()
          .from(applicationStatusHistory)
          .where(eq(applicationStatusHistory.applicationId, closedApplication))
      ).length,
    ).toBeGreaterThan(0);
    const notes = await db.select().from(applicationNotes).where(eq(applicationNotes.applicationId, closedApplication));
    expect(notes.map((note) => note.body)).toEqual(['Good fit']);
    expect(
      await db.select().from(applicationMessages).where(eq(applicationMessages.applicationId, closedApplication)),
    ).toEqual([]);

    // The organization: listed under the removed name, its resume 410 with a reason that says why.
    const owner = caller(app, organization.owner);
    const resume = await owner.request('GET', `/api/company/applications/${closedApplication}/resume`);
    expect(resume.statusCode).toBe(410);
    expect(resume.json()).toMatchObject({ code: 'resume_expired' });
    // The student: still in My Applications, with the date its details were removed.
    const me = caller(app, student);
    const list = (await me.request('GET', '/api/applications')).json() as { applicationId: string }[];
    expect(list.map((item) => item.applicationId).sort()).toEqual([closedApplication, openApplication].sort());
    const detail = (
      await me.request('GET', `/api/applications/${closedApplication}`)
    ).json() as StudentApplicationDetail;
    expect(detail.detailsRemovedAt).toBe(new Date(clock.now()).toISOString());
    expect(detail.resumeName).toBe('');
    expect((await me.request('GET', `/api/applications/${closedApplication}/resume`)).statusCode).toBe(410);
  });

  it('runs again without changing anything more', async () => {
    const before = await row(closedApplication);
    clock.advance(dayMs);
    await sweep();
    expect(await row(closedApplication)).toEqual(before);
    expect((await row(openApplication)).anonymizedAt).toBeNull();
  });
});

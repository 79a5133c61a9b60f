import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { createTestClock, type TestClock } from '../../../../tests/api-setup/test-clock.ts';
import { openTestDatabase, type TestDatabase } from '../../../../tests/api-setup/test-database.ts';
import type { StudentApplication } from '../../../shared/company/company-api.ts';
import type { ActivityPage } from '../../../shared/organization-activity/organization-activity-api.ts';
import { organizationActivity } from '../../db/schema.ts';

// The activity log end to end: each member action (resume view, status move, note, CSV export) writes exactly one
// row with the app's clock; the student sees the first view's date and never who; owners read the log (paged, CSV).

let testDatabase: TestDatabase;
let app: FastifyInstance;
let storageDir: string;
let clock: TestClock;
let org: TestOrganization;
let other: TestOrganization;
let teammate: EmulatorUser;
const db = () => testDatabase.database.db;

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  storageDir = mkdtempSync(join(tmpdir(), 'campus-jobs-activity-'));
  clock = createTestClock(Date.parse('2026-11-20T09:00:00Z'));
  app = await buildTestApp({
    database: testDatabase.database,
    env: buildEnv({ STORAGE_DIR: storageDir, OUTBOX_DIR: join(storageDir, 'outbox') }),
    clock: () => clock.now(),
  });
  org = await createOrganizationWithOwnerUser(app, db(), 'Initech');
  other = await createOrganizationWithOwnerUser(app, db(), 'Globex');
  teammate = await createGoogleUser({ email: uniqueEmail('teammate'), name: 'Tea Mate' });
  await addMemberThroughApi(app, db(), org.id, teammate);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await testDatabase?.dispose();
  rmSync(storageDir, { recursive: true, force: true });
});

async function rowsOf(organizationId: string) {
  return db()
    .select()
    .from(organizationActivity)
    .where(eq(organizationActivity.organizationId, organizationId))
    .orderBy(organizationActivity.id);
}

/** The rows an action added to the organization's log. */
async function added(organizationId: string, action: () => Promise<void>) {
  const before = (await rowsOf(organizationId)).length;
  await action();
  return (await rowsOf(organizationId)).slice(before);
}

async function myApplications(student: EmulatorUser): Promise<StudentApplication[]> {
  const response = await caller(app, student).request('GET', '/api/applications');
  expect(response.statusCode).toBe(200);
  return response.json() as StudentApplication[];
}

async function viewResume(user: EmulatorUser, applicationId: string, status = 200) {
  const response = await caller(app, user).request('GET', `/api/company/applications/${applicationId}/resume`);
  expect(response.statusCode).toBe(status);
}

describe('recording', () => {
  it('writes one row per resume view, status move, note and CSV export, with the actor, ids and clock', async () => {
    const student = await createGoogleUser({ email: uniqueEmail('student') });
    const job = await postJob(app, org.owner, org.id, { title: 'Activity Intern' });
    const applicationId = await applyAsStudent(app, student, job.slug, { firstName: 'Ada', lastName: 'Lovelace' });
    const at = new Date(clock.now());

    expect(await added(org.id, () => viewResume(teammate, applicationId))).toEqual([
      expect.objectContaining({
        kind: 'resume-view',
        actorUid: teammate.uid,
        applicationId,
        jobId: job.id,
        detail: {},
        at,
      }),
    ]);

    const moved = await added(org.id, async () => {
      const response = await caller(app, org.owner).request('PATCH', `/api/company/applications/${applicationId}`, {
        status: 'screening',
        version: 0,
      });
      expect(response.statusCode).toBe(200);
    });
    expect(moved).toEqual([
      expect.objectContaining({
        kind: 'status-move',
        actorUid: org.owner.uid,
        applicationId,
        detail: { from: 'applied', to: 'screening', notified: false },
      }),
    ]);

    const bulk = await added(org.id, async () => {
      const response = await caller(app, org.owner).request('POST', '/api/company/applications/bulk-status', {
        applicationIds: [applicationId],
        status: 'interview',
      });
      expect(response.statusCode).toBe(200);
    });
    expect(bulk).toEqual([
      expect.objectContaining({ kind: 'status-move', detail: { from: 'screening', to: 'interview', notified: false } }),
    ]);

    const noted = await added(org.id, async () => {
      const response = await caller(app, teammate).request('POST', `/api/company/applications/${applicationId}/notes`, {
        body: 'Strong portfolio.',
      });
      expect(response.statusCode).toBe(201);
    });
    // The note's text stays in the notes: the log says only that one was written.
    expect(noted).toEqual([
      expect.objectContaining({ kind: 'note', actorUid: teammate.uid, applicationId, jobId: job.id, detail: {} }),
    ]);

    const exported = await added(org.id, async () => {
      const response = await caller(app, teammate).request('GET', `/api/company/jobs/${job.id}/applicants.csv`);
      expect(response.statusCode).toBe(200);
    });
    expect(exported).toEqual([
      expect.objectContaining({
        kind: 'export',
        actorUid: teammate.uid,
        applicationId: null,
        jobId: job.id,
        detail: { file: 'applicants' },
      }),
    ]);
  });

  it('writes nothing for a refused or failed action', async () => {
    const student = await createGoogleUser({ email: uniqueEmail('student') });
    const job = await postJob(app, org.owner, org.id, { title: 'Refusal Intern' });
    const applicationId = await applyAsStudent(app, student, job.slug);
    const before = await db().select().from(organizationActivity);
    await viewResume(other.owner, applicationId, 403);
    const stale = await caller(app, org.owner).request('PATCH', `/api/company/applications/${applicationId}`, {
      status: 'screening',
      version: 7,
    });
    expect(stale.statusCode).toBe(409);
    const empty = await caller(app, org.owner).request('POST', `/api/company/applications/${applicationId}/notes`, {
      body: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(await db().select().from(organizationActivity)).toEqual(before);
  });
});

describe("the student's viewedAt", () => {
  it('is null until a member opens the resume, then the first view only, the same for every application', async () => {
    const student = await createGoogleUser({ email: uniqueEmail('student') });
    const job = await postJob(app, org.owner, org.id, { title: 'Viewed Intern' });
    const otherJob = await postJob(app, other.owner, other.id, { title: 'Globex Intern' });
    const applicationId = await applyAsStudent(app, student, job.slug);
    const otherApplicationId = await applyAsStudent(app, student, otherJob.slug);

    const fresh = await myApplications(student);
    expect(fresh.map((item) => item.viewedAt)).toEqual([null, null]);

    clock.advance(60_000);
    const first = new Date(clock.now()).toISOString();
    await viewResume(teammate, applicationId);
    clock.advance(86_400_000);
    await viewResume(org.owner, applicationId);

    const mine = await myApplications(student);
    expect(mine.find((item) => item.applicationId === applicationId)).toMatchObject({
      viewedAt: first,
      company: 'Initech',
    });
    // The other organization's job was not looked at.
    expect(mine.find((item) => item.applicationId === otherApplicationId)?.viewedAt).toBeNull();
    // Nothing in the student's answer names the member.
    const body = JSON.stringify(mine);
    expect(body).not.toContain(teammate.uid);
    expect(body).not.toContain('Tea Mate');
    expect(body).not.toContain(teammate.email!);

    const detail = await caller(app, student).request('GET', `/api/applications/${applicationId}`);
    expect(detail.json()).toMatchObject({ viewedAt: first });
  });
});

describe('the owners’ log', () => {
  it('lists entries newest first with the member’s name and e-mail, 50 a page, older pages through `before`', async () => {
    const org2 = await createOrganizationWithOwnerUser(app, db(), 'Paging Corp');
    const student = await createGoogleUser({ email: uniqueEmail('student') });
    const job = await postJob(app, org2.owner, org2.id, { title: 'Paging Intern' });
    const applicationId = await applyAsStudent(app, student, job.slug, { firstName: 'Grace', lastName: 'Hopper' });
    for (let index = 0; index < 52; index++) {
      clock.advance(1000);
      await viewResume(org2.owner, applicationId);
    }
    const url = `/api/company/organizations/${org2.id}/activity`;
    const first = await caller(app, org2.owner).request('GET', url);
    expect(first.statusCode).toBe(200);
    const page = first.json() as ActivityPage;
    expect(page.items).toHaveLength(50);
    expect(page.items[0]).toEqual({
      id: expect.any(String),
      kind: 'resume-view',
      at: new Date(clock.now()).toISOString(),
      actor: { uid: org2.owner.uid, name: 'Paging Corp Owner', email: org2.owner.email },
      applicationId,
      applicantName: 'Grace Hopper',
      jobId: job.id,
      jobTitle: 'Paging Intern',
      detail: {},
    });
    const times = page.items.map((item) => item.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(page.nextCursor).toBe(page.items[49]!.id);

    const second = (await caller(app, org2.owner).request('GET', `${url}?before=${page.nextCursor}`)).json();
    expect(second.items).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    const ids = [...page.items, ...second.items].map((item: { id: string }) => item.id);
    expect(new Set(ids).size).toBe(52);

    const bad = await caller(app, org2.owner).request('GET', `${url}?before=abc`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalid_request');
  });

  it('refuses members who are not owners, other organizations’ owners, students, and callers with no token', async () => {
    const student = await createGoogleUser({ email: uniqueEmail('student') });
    for (const suffix of ['activity', 'activity.csv']) {
      const url = `/api/company/organizations/${org.id}/${suffix}`;
      const member = await caller(app, teammate).request('GET', url);
      expect([member.statusCode, member.json().code]).toEqual([403, 'owner_only']);
      const outsider = await caller(app, other.owner).request('GET', url);
      expect([outsider.statusCode, outsider.json().code]).toEqual([403, 'not_a_member']);
      const studentAnswer = await caller(app, student).request('GET', url);
      expect([studentAnswer.statusCode, studentAnswer.json().code]).toEqual([403, 'not_a_member']);
      const anonymous = await caller(app, null).request('GET', url);
      expect([anonymous.statusCode, anonymous.json().code]).toEqual([401, 'unauthenticated']);
    }
  });

  it('exports the log as CSV (RFC 4180, formulas neutralised) and records the export', async () => {
    const org3 = await createOrganizationWithOwnerUser(app, db(), 'Csv Works');
    const student = await createGoogleUser({ email: uniqueEmail('student') });
    const job = await postJob(app, org3.owner, org3.id, { title: '=HYPERLINK("x") Intern' });
    const applicationId = await applyAsStudent(app, student, job.slug, { firstName: 'Alan', lastName: 'Turing' });
    await viewResume(org3.owner, applicationId);
    const moved = await caller(app, org3.owner).request('PATCH', `/api/company/applications/${applicationId}`, {
      status: 'rejected',
      version: 0,
    });
    expect(moved.statusCode).toBe(200);

    const before = await rowsOf(org3.id);
    const response = await caller(app, org3.owner).request('GET', `/api/company/organizations/${org3.id}/activity.csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="organization-activity.csv"');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    expect(response.body).toContain('\r\n');
    const rows = parse(response.body.slice(1), { relax_column_count: false }) as string[][];
    const at = new Date(clock.now()).toISOString();
    expect(rows).toEqual([
      ['Time', 'Action', 'Member', 'Member email', 'Job', 'Applicant', 'Application ID', 'Detail'],
      [
        at,
        'status-move',
        'Csv Works Owner',
        org3.owner.email,
        `'=HYPERLINK("x") Intern`,
        'Alan Turing',
        applicationId,
        'applied -> rejected',
      ],
      [
        at,
        'resume-view',
        'Csv Works Owner',
        org3.owner.email,
        `'=HYPERLINK("x") Intern`,
        'Alan Turing',
        applicationId,
        '',
      ],
    ]);
    const after = await rowsOf(org3.id);
    expect(after.slice(before.length)).toEqual([
      expect.objectContaining({ kind: 'export', actorUid: org3.owner.uid, detail: { file: 'activity' } }),
    ]);
  });
});

describe('account deletion', () => {
  it("keeps a deleted member's entries for the organization, without their uid", async () => {
    const org4 = await createOrganizationWithOwnerUser(app, db(), 'Leaving Ltd');
    const leaving = await createGoogleUser({ email: uniqueEmail('leaving-member'), name: 'Lee Ving' });
    await addMemberThroughApi(app, db(), org4.id, leaving);
    const student = await createGoogleUser({ email: uniqueEmail('student') });
    const job = await postJob(app, org4.owner, org4.id, { title: 'Leaving Intern' });
    const applicationId = await applyAsStudent(app, student, job.slug);
    await viewResume(leaving, applicationId);
    await viewResume(org4.owner, applicationId);

    expect((await caller(app, leaving).request('DELETE', '/api/account')).statusCode).toBe(204);

    const rows = await rowsOf(org4.id);
    // The log also says a member left (their account was deleted): no uid either.
    expect(rows.map((row) => [row.kind, row.actorUid])).toEqual([
      ['resume-view', null],
      ['resume-view', org4.owner.uid],
      ['member-left', null],
    ]);
    expect(
      await db().select().from(organizationActivity).where(eq(organizationActivity.actorUid, leaving.uid)),
    ).toEqual([]);
    const page = (
      await caller(app, org4.owner).request('GET', `/api/company/organizations/${org4.id}/activity`)
    ).json() as ActivityPage;
    expect(page.items.map((item) => [item.kind, item.actor?.uid ?? null])).toEqual([
      ['member-left', null],
      ['resume-view', org4.owner.uid],
      ['resume-view', null],
    ]);
    // The student still sees the first view's date.
    const mine = await myApplications(student);
    expect(mine[0]?.viewedAt).toBe(rows[0]!.at.toISOString());
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { buildEnv, buildTestApp } from '../../../../tests/api-setup/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../../../tests/api-setup/test-database.ts';
import { watchAppState } from '../../../../tests/api-setup/app-state.ts';
import {
  applyAsStudent,
  caller,
  createOrganizationWithOwnerUser,
  postJob,
} from '../../../../tests/api-setup/company.ts';
import {
  createAnonymousUser,
  createGoogleUser,
  type EmulatorUser,
  uniqueEmail,
} from '../../../../tests/api-setup/emulator-users.ts';
import { uploadProfileResume } from '../../../../tests/api-setup/profiles.ts';
import { insertPushSubscription, insertTrackedApplication } from '../../../../tests/api-setup/student-rows.ts';
import { insertAlert } from '../../../../tests/api-setup/digests.ts';
import type { CompanyJob } from '../../../shared/company/company-api.ts';
import { exportedTables, notExportedTables } from './account-export.repository.ts';

// GET /api/account/export (issue 29, item 2): the student's own data as a ZIP (data.json, resume.json, the resume
// PDFs), nobody else's; refused without a token (401) and to anonymous sessions (403), changing nothing; limited to
// five downloads an hour per account.

let testDatabase: TestDatabase;
let db: Database;
let app: FastifyInstance;
let storageDir: string;
let jobs: CompanyJob[];

beforeAll(async () => {
  storageDir = mkdtempSync(join(tmpdir(), 'campus-jobs-export-'));
  testDatabase = await openTestDatabase();
  db = testDatabase.database.db;
  app = await buildTestApp({ database: testDatabase.database, env: buildEnv({ STORAGE_DIR: storageDir }) });
  const organization = await createOrganizationWithOwnerUser(app, db, 'Export Labs');
  jobs = [
    await postJob(app, organization.owner, organization.id, { title: 'Firmware Intern' }),
    await postJob(app, organization.owner, organization.id, { title: 'Data Intern' }),
  ];
}, 120_000);

afterAll(async () => {
  await app.close();
  await testDatabase.dispose();
  rmSync(storageDir, { recursive: true, force: true });
});

async function studentWithData(lastName: string): Promise<EmulatorUser> {
  const user = await createGoogleUser({ email: uniqueEmail('export'), name: `Ada ${lastName}` });
  const student = caller(app, user);
  expect((await student.request('POST', '/api/auth/create-account', { email: user.email })).statusCode).toBeLessThan(
    300,
  );
  expect(
    (await student.request('PATCH', '/api/profile/update', { phone: '+1 514 555 0199', school: 'McGill' })).statusCode,
  ).toBe(200);
  await uploadProfileResume(app, user, { fileName: `${lastName} CV.pdf`, marker: `profile-${lastName}` });
  await applyAsStudent(app, user, jobs[0]!.slug, { firstName: 'Ada', lastName });
  expect((await student.request('PUT', `/api/saved-jobs/${jobs[1]!.id}`, {})).statusCode).toBe(200);
  await insertAlert(db, { userUid: user.uid, name: `${lastName} alert` });
  await insertPushSubscription(db, user.uid);
  await insertTrackedApplication(db, user.uid, { title: `${lastName} Intern` });
  return user;
}

function unzip(body: Buffer): Record<string, Uint8Array> {
  return unzipSync(new Uint8Array(body));
}

describe('GET /api/account/export', () => {
  it('answers a ZIP of the student’s own data: data.json, resume.json and the resume PDFs', async () => {
    const ada = await studentWithData('Lovelace');
    const other = await studentWithData('Hopper');
    const response = await caller(app, ada).request('GET', '/api/account/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="campus-jobs-data-\d{4}-\d\d-\d\d\.zip"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');

    const files = unzip(response.rawPayload);
    expect(Object.keys(files).sort()).toEqual([
      'data.json',
      'resume.json',
      'resumes/application-1-Ada Lovelace CV.pdf',
      'resumes/profile-Lovelace CV.pdf',
    ]);
    const data = JSON.parse(strFromU8(files['data.json']!));
    expect(data).toMatchObject({ format: 'campus-jobs-account-export', version: 1 });
    expect(data.account).toMatchObject({ uid: ada.uid, email: ada.email });
    expect(data.profile).toMatchObject({ phone: '+1 514 555 0199', school: 'McGill', resumeName: 'Lovelace CV.pdf' });
    expect(data.applications).toHaveLength(1);
    expect(data.applications[0]).toMatchObject({ jobId: jobs[0]!.id, status: 'applied' });
    expect(data.applications[0]).not.toHaveProperty('idempotencyKey');
    expect(data.applications[0]).not.toHaveProperty('responseBody');
    expect(data.savedJobs.map((row: { jobId: string }) => row.jobId)).toEqual([jobs[1]!.id]);
    expect(data.alerts.map((row: { name: string }) => row.name)).toEqual(['Lovelace alert']);
    expect(data.trackedApplications.map((row: { title: string }) => row.title)).toEqual(['Lovelace Intern']);
    expect(data.pushSubscriptions).toHaveLength(1);
    expect(data.resumeFiles).toMatchObject({ profile: 'resumes/profile-Lovelace CV.pdf' });
    // Nothing of the other student.
    const text = strFromU8(files['data.json']!);
    expect(text).not.toContain(other.uid);
    expect(text).not.toContain('Hopper');

    // The PDFs are the stored bytes; resume.json is a JSON Resume with the student's contact details.
    expect(strFromU8(files['resumes/profile-Lovelace CV.pdf']!)).toContain('% profile-Lovelace');
    expect(strFromU8(files['resumes/application-1-Ada Lovelace CV.pdf']!)).toMatch(/^%PDF-/);
    const resume = JSON.parse(strFromU8(files['resume.json']!));
    expect(resume.basics).toMatchObject({ email: ada.email, phone: '+1 514 555 0199' });
  });

  it('is refused without a token (401) and to an anonymous session (403), changing nothing', async () => {
    const unchanged = await watchAppState({ db, storage: storageDir, mailSender: app.mailSender });
    const noToken = await caller(app, null).request('GET', '/api/account/export');
    expect(noToken.statusCode).toBe(401);
    const anonymous = await caller(app, await createAnonymousUser()).request('GET', '/api/account/export');
    expect(anonymous.statusCode).toBe(403);
    await unchanged.expectUnchanged('refused exports');
  });

  it('allows five downloads an hour per account, then answers 429 with when to come back', async () => {
    const grace = await studentWithData('Murray');
    for (let i = 0; i < 5; i++) {
      expect((await caller(app, grace).request('GET', '/api/account/export')).statusCode).toBe(200);
    }
    const refused = await caller(app, grace).request('GET', '/api/account/export');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another account is not held back by it.
    const other = await studentWithData('Liskov');
    expect((await caller(app, other).request('GET', '/api/account/export')).statusCode).toBe(200);
  });

  it('covers every table that keeps rows of a student: exported, or left out with a reason', async () => {
    const result = await db.execute(sql`
      select distinct table_name from information_schema.columns
      where table_schema = 'public' and column_name in ('uid', 'user_uid')`);
    const rows = (result as unknown as { rows: Array<{ table_name: string }> }).rows;
    const tables = rows.map((row) => row.table_name).sort();
    const known = [...Object.values(exportedTables), ...Object.keys(notExportedTables)].sort();
    expect(tables).toEqual(known);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountDeletions,
  applicantInvitations,
  applicationNotes,
  applications,
  applicationStatusHistory,
  notificationRuns,
  studentProfiles,
} from '../../db/schema.ts';
import type { Database } from '../../db/client.ts';
import { createLocalDiskStorage } from '../../storage/local-disk-storage.ts';
import type { Storage } from '../../storage/storage.ts';
import { buildEnv, buildTestApp } from '../../../../tests/api-setup/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../../../tests/api-setup/test-database.ts';
import { appTableNames, storedFileHashes, watchAppState } from '../../../../tests/api-setup/app-state.ts';
import {
  applyAsStudent,
  caller,
  createOrganizationWithOwnerUser,
  postJob,
  type TestOrganization,
} from '../../../../tests/api-setup/company.ts';
import { createGoogleUser, type EmulatorUser, uniqueEmail } from '../../../../tests/api-setup/emulator-users.ts';
import { uploadProfileResume } from '../../../../tests/api-setup/profiles.ts';
import { insertPushSubscription, insertTrackedApplication } from '../../../../tests/api-setup/student-rows.ts';
import { insertAlert } from '../../../../tests/api-setup/digests.ts';
import type { CompanyJob } from '../../../shared/company/company-api.ts';
import { finishAccountDeletion } from './account-deletion.service.ts';
import { accountDeletionTaskName } from './index.ts';

// DELETE /api/account against the real database, storage folder and Auth emulator. "Nothing of the student is
// left" is checked by reading every row of every table the app owns (PostgreSQL's own list, so tables added later
// are covered without editing this test) and every stored file.

let testDatabase: TestDatabase;
let db: Database;
let app: FastifyInstance;
let storageDir: string;
let organization: TestOrganization;
let jobs: CompanyJob[];

beforeAll(async () => {
  storageDir = mkdtempSync(join(tmpdir(), 'campus-jobs-deletion-'));
  testDatabase = await openTestDatabase();
  db = testDatabase.database.db;
  app = await buildTestApp({ database: testDatabase.database, env: buildEnv({ STORAGE_DIR: storageDir }) });
  organization = await createOrganizationWithOwnerUser(app, db, 'Deletion Labs');
  jobs = [
    await postJob(app, organization.owner, organization.id, { title: 'Firmware Intern' }),
    await postJob(app, organization.owner, organization.id, { title: 'Data Intern' }),
  ];
});

afterAll(async () => {
  await app.close();
  await testDatabase.dispose();
  rmSync(storageDir, { recursive: true, force: true });
});

type Student = {
  user: EmulatorUser;
  /** Strings that name this student and nobody else. */
  traces: string[];
  applicationIds: string[];
};

let sequence = 0;

/** A student with everything the app can hold of one: profile, resume, applications, lists, alert, push, mail. */
async function studentWithEverything(): Promise<Student> {
  sequence += 1;
  const firstName = `Zelphine${sequence}`;
  const lastName = `Quarrington${sequence}`;
  const phone = `+1 514 555 01${String(sequence).padStart(2, '0')}`;
  const school = `Universite Orbitale ${sequence}`;
  const user = await createGoogleUser({ email: uniqueEmail(`leaving${sequence}`), name: `${firstName} ${lastName}` });
  const student = caller(app, user);
  expect((await student.request('POST', '/api/auth/create-account', { email: user.email })).statusCode).toBeLessThan(
    300,
  );
  expect((await student.request('PATCH', '/api/profile/update', { phone, school })).statusCode).toBe(200);
  await uploadProfileResume(app, user, { fileName: `${lastName} CV.pdf` });
  const answers = { firstName, lastName, phone, university: school };
  const applicationIds = [
    await applyAsStudent(app, user, jobs[0]!.slug, answers),
    await applyAsStudent(app, user, jobs[1]!.slug, answers),
  ];
  expect((await student.request('PUT', `/api/saved-jobs/${jobs[0]!.id}`, {})).statusCode).toBe(200);
  expect((await student.request('PUT', `/api/dismissed-jobs/${jobs[1]!.id}`, {})).statusCode).toBe(200);
  await insertAlert(db, { userUid: user.uid, name: `${lastName} alert` });
  await insertPushSubscription(db, user.uid);
  await insertTrackedApplication(db, user.uid, { note: `${lastName} asked a referral` });
  await db.insert(notificationRuns).values({ id: `digest:${user.uid}:2026-11-27`, kind: 'digest' });
  await db.insert(applicantInvitations).values({
    tokenHash: `hash-${user.uid}`,
    jobId: jobs[0]!.id,
    email: user.email!,
    firstName,
    lastName,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  // The organization moves one application on and writes a note about it.
  const owner = caller(app, organization.owner);
  expect(
    (
      await owner.request('PATCH', `/api/company/applications/${applicationIds[0]}`, {
        status: 'screening',
        version: 0,
      })
    ).statusCode,
  ).toBe(200);
  expect(
    (await owner.request('POST', `/api/company/applications/${applicationIds[0]}/notes`, { body: 'Strong firmware' }))
      .statusCode,
  ).toBe(201);
  return { user, traces: [user.uid, user.email!, firstName, lastName, phone, school], applicationIds };
}

/** Every row of every app table, as text, that mentions one of `traces`. */
async function rowsMentioning(traces: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const table of await appTableNames(db)) {
    const result = (await db.execute(
      sql`select to_jsonb(t)::text as row from ${sql.identifier(table)} t`,
    )) as unknown as { rows: { row: string }[] };
    for (const { row } of result.rows) {
      const lower = row.toLowerCase();
      const hit = traces.find((trace) => lower.includes(trace.toLowerCase()));
      if (hit) found.push(`${table}: "${hit}" in ${row.slice(0, 200)}`);
    }
  }
  return found;
}

async function storageKeysOf(uid: string): Promise<string[]> {
  const profile = await db
    .select({ key: studentProfiles.resumeKey })
    .from(studentProfiles)
    .where(eq(studentProfiles.uid, uid));
  const applied = await db.select({ key: applications.resumeKey }).from(applications).where(eq(applications.uid, uid));
  return [...profile, ...applied].flatMap((row) => (row.key ? [row.key] : []));
}

async function firebaseUserExists(uid: string): Promise<boolean> {
  return app.firebaseAuth.getUser(uid).then(
    () => true,
    (error: { code?: string }) => {
      if (error.code === 'auth/user-not-found') return false;
      throw error;
    },
  );
}

describe('DELETE /api/account', () => {
  it('leaves no row, file or sign-in account of the student, and the organization keeps an anonymous application', async () => {
    const leaving = await studentWithEverything();
    const staying = await studentWithEverything();
    const leavingFiles = await storageKeysOf(leaving.user.uid);
    expect(leavingFiles).toHaveLength(3);
    expect(await rowsMentioning(leaving.traces)).not.toEqual([]);

    const response = await caller(app, leaving.user).request('DELETE', '/api/account');
    expect(response.statusCode).toBe(204);

    expect(await rowsMentioning(leaving.traces)).toEqual([]);
    const files = Object.keys(await storedFileHashes(storageDir));
    expect(files.filter((key) => leavingFiles.includes(key))).toEqual([]);
    expect(await firebaseUserExists(leaving.user.uid)).toBe(false);

    // The other student lost nothing.
    const stayingFiles = await storageKeysOf(staying.user.uid);
    expect(stayingFiles).toHaveLength(3);
    expect(files).toEqual(expect.arrayContaining(stayingFiles));
    expect(await firebaseUserExists(staying.user.uid)).toBe(true);
    const stayingProfile = await caller(app, staying.user).request('GET', '/api/profile');
    expect(stayingProfile.body).toContain(staying.traces[4]!);

    // The organization still has both applications, withdrawn, named "Deleted applicant", with history and notes.
    const applicants = await caller(app, organization.owner).request(
      'GET',
      `/api/company/jobs/${jobs[0]!.id}/applicants`,
    );
    expect(applicants.statusCode).toBe(200);
    const rows = await db.select().from(applications).where(eq(applications.id, leaving.applicationIds[0]!));
    expect(rows[0]).toMatchObject({ uid: null, status: 'withdrawn', email: '', resumeKey: '' });
    expect(rows[0]!.answers).toMatchObject({ firstName: 'Deleted', lastName: 'applicant' });
    expect(rows[0]!.anonymizedAt).toBeInstanceOf(Date);
    expect(applicants.body).toContain('Deleted');
    const history = await db
      .select()
      .from(applicationStatusHistory)
      .where(eq(applicationStatusHistory.applicationId, leaving.applicationIds[0]!));
    expect(history.map((row) => row.toStatus)).toEqual(expect.arrayContaining(['screening', 'withdrawn']));
    const notes = await db
      .select()
      .from(applicationNotes)
      .where(eq(applicationNotes.applicationId, leaving.applicationIds[0]!));
    expect(notes.map((note) => note.body)).toEqual(['Strong firmware']);
    // The resume is gone, and the organization is told why.
    const resume = await caller(app, organization.owner).request(
      'GET',
      `/api/company/applications/${leaving.applicationIds[0]}/resume`,
    );
    expect(resume.statusCode).toBe(410);
    expect(resume.json()).toMatchObject({ code: 'resume_removed' });

    // Twice is fine, and changes nothing.
    const unchanged = await watchAppState({ db: db, storage: storageDir });
    expect((await caller(app, leaving.user).request('DELETE', '/api/account')).statusCode).toBe(204);
    await unchanged.expectUnchanged('a second DELETE /api/account');
  });

  it('is refused to the only owner of an organization, and to anonymous sessions, changing nothing', async () => {
    const unchanged = await watchAppState({ db: db, storage: storageDir });
    const owner = await caller(app, organization.owner).request('DELETE', '/api/account');
    expect(owner.statusCode).toBe(409);
    expect(owner.json()).toMatchObject({ code: 'last_owner' });
    expect(owner.json().error).toContain('Deletion Labs');
    expect((await caller(app, null).request('DELETE', '/api/account')).statusCode).toBe(401);
    await unchanged.expectUnchanged('refused account deletions');
    expect(await firebaseUserExists(organization.owner.uid)).toBe(true);
  });

  it('finishes a deletion cut short, on a retry of the request or by the scheduled task', async () => {
    const onRetry = await studentWithEverything();
    const byTask = await studentWithEverything();
    const disk = createLocalDiskStorage(storageDir);

    // A process that dies after its first file: the marker is written, one file is gone, the rows remain.
    const dying: Storage = {
      ...disk,
      list: (prefix) => disk.list(prefix),
      async delete(key) {
        await disk.delete(key);
        throw new Error('killed');
      },
    };
    const deps = { db: db, storage: dying, firebaseAuth: app.firebaseAuth, now: Date.now };
    const keys = [...(await storageKeysOf(onRetry.user.uid)), ...(await storageKeysOf(byTask.user.uid))];
    for (const student of [onRetry, byTask]) {
      await db.insert(accountDeletions).values({ uid: student.user.uid, email: student.user.email! });
      await expect(finishAccountDeletion(deps, student.user.uid)).rejects.toThrow('killed');
      expect(await storageKeysOf(student.user.uid)).toHaveLength(3);
    }

    expect((await caller(app, onRetry.user).request('DELETE', '/api/account')).statusCode).toBe(204);
    expect(await rowsMentioning(onRetry.traces)).toEqual([]);
    expect(await firebaseUserExists(onRetry.user.uid)).toBe(false);

    // The next start (or the next round) finishes the other one, whose student never came back.
    expect(await rowsMentioning(byTask.traces)).not.toEqual([]);
    expect(await app.scheduler.runNow(accountDeletionTaskName)).toEqual({ ran: true });
    expect(await rowsMentioning(byTask.traces)).toEqual([]);
    expect(await firebaseUserExists(byTask.user.uid)).toBe(false);
    const files = Object.keys(await storedFileHashes(storageDir));
    expect(files.filter((key) => keys.includes(key))).toEqual([]);
  });
});

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apply, buildAnswers, multipartApplication } from '../../../tests/api-setup/applications.ts';
import { createGoogleUser, type EmulatorUser } from '../../../tests/api-setup/emulator-users.ts';
import { insertFeaturedJob, insertOrganization } from '../../../tests/api-setup/job-board.ts';
import { as } from '../../../tests/api-setup/profile-client.ts';
import { buildEnv } from '../../../tests/api-setup/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../../tests/api-setup/test-database.ts';
import { buildPdf, resumeUpload } from '../../../tests/api-setup/uploads.ts';
import { buildApp } from '../app.ts';
import { applications, type OrganizationRow, studentProfiles } from '../db/schema.ts';
import { createLocalDiskStorage } from './local-disk-storage.ts';
import { orphanSweepLockKey, type OrphanSweepLogger, sweepOrphanFiles } from './orphan-sweeper.ts';
import type { Storage } from './storage.ts';

const hourMs = 60 * 60_000;

let testDatabase: TestDatabase;
let storageDir: string;
let outboxDir: string;
let storage: Storage;
let app: FastifyInstance;
let organization: OrganizationRow;

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  storageDir = mkdtempSync(join(tmpdir(), 'campus-jobs-sweeper-files-'));
  outboxDir = mkdtempSync(join(tmpdir(), 'campus-jobs-sweeper-outbox-'));
  storage = createLocalDiskStorage(storageDir);
  app = await buildApp({
    env: buildEnv({ STORAGE_DIR: storageDir, OUTBOX_DIR: outboxDir }),
    database: testDatabase.database,
    storage,
  });
  await app.ready();
  organization = await insertOrganization(testDatabase.database.db, { name: 'Northwind Labs' });
});

afterAll(async () => {
  await app.close();
  await testDatabase.dispose();
  rmSync(storageDir, { recursive: true, force: true });
  rmSync(outboxDir, { recursive: true, force: true });
});

function recordingLogger(): OrphanSweepLogger & { messages: string[] } {
  const messages: string[] = [];
  const record = (_details: object, message: string) => void messages.push(message);
  return { messages, info: record, warn: record, error: record };
}

/** Makes a stored file look `ageMs` old (the local disk reports the file's modification time). */
function backdate(key: string, ageMs: number): void {
  const time = new Date(Date.now() - ageMs);
  utimesSync(join(storageDir, ...key.split('/')), time, time);
}

async function putOrphan(prefix: 'resumes/' | 'applications/', ageMs: number): Promise<string> {
  const key = `${prefix}${randomBytes(16).toString('hex')}.pdf`;
  await storage.put(key, buildPdf('orphan'), { contentType: 'application/pdf' });
  backdate(key, ageMs);
  return key;
}

/** A person with a profile resume who applied with an uploaded PDF: two files their rows reference. */
async function applicantWithFiles(): Promise<{ user: EmulatorUser; profileKey: string; applicationKey: string }> {
  const db = testDatabase.database.db;
  const user = await createGoogleUser();
  const upload = await as(app, user).upload('/api/profile/main-resume', resumeUpload(buildPdf('profile'), 'CV.pdf'));
  expect(upload.statusCode).toBe(200);
  const job = await insertFeaturedJob(db, { organizationId: organization.id });
  const applied = await apply(
    app,
    user,
    job.id,
    multipartApplication(buildAnswers(), { file: buildPdf('application') }),
  );
  expect(applied.statusCode).toBe(201);

  const [profile] = await db.select().from(studentProfiles).where(eq(studentProfiles.uid, user.uid));
  const [application] = await db.select().from(applications).where(eq(applications.uid, user.uid));
  if (!profile?.resumeKey || !application) throw new Error('the upload and the application should have stored rows');
  return { user, profileKey: profile.resumeKey, applicationKey: application.resumeKey };
}

describe('orphan file sweep', () => {
  it('removes old unreferenced resume and application files; keeps referenced ones, fresh orphans and other folders', async () => {
    const { user, profileKey, applicationKey } = await applicantWithFiles();
    backdate(profileKey, 3 * hourMs);
    backdate(applicationKey, 3 * hourMs);
    const oldResumeOrphan = await putOrphan('resumes/', 2 * hourMs);
    const oldApplicationOrphan = await putOrphan('applications/', 2 * hourMs);
    // An upload in flight: written, its row not committed yet.
    const freshOrphan = await putOrphan('resumes/', 5 * 60_000);
    await storage.put('organizations/northwind-labs/logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
    backdate('organizations/northwind-labs/logo.svg', 48 * hourMs);

    const log = recordingLogger();
    const run = await sweepOrphanFiles({ database: testDatabase.database, storage, log });

    expect(run).toEqual({ ran: true, scanned: 5, removed: 2, failed: 0 });
    expect(await storage.exists(oldResumeOrphan)).toBe(false);
    expect(await storage.exists(oldApplicationOrphan)).toBe(false);
    expect(await storage.exists(profileKey)).toBe(true);
    expect(await storage.exists(applicationKey)).toBe(true);
    expect(await storage.exists(freshOrphan)).toBe(true);
    expect(await storage.exists('organizations/northwind-labs/logo.svg')).toBe(true);
    expect(log.messages).toContain('orphan file sweep removed 2 file(s)');
    // The person's resume is still served.
    expect((await as(app, user).get('/api/profile/resume')).statusCode).toBe(200);
  });

  it('honours a shorter grace period', async () => {
    const tenMinutesOld = await putOrphan('applications/', 10 * 60_000);
    const run = await sweepOrphanFiles({
      database: testDatabase.database,
      storage,
      log: recordingLogger(),
      graceMs: 60_000,
    });
    expect(run.ran && run.removed).toBeGreaterThanOrEqual(1);
    expect(await storage.exists(tenMinutesOld)).toBe(false);
  });

  it('does nothing while another sweep holds the lock', async () => {
    const orphan = await putOrphan('resumes/', 2 * hourMs);
    const log = recordingLogger();
    const outer = await testDatabase.database.withAdvisoryLock(orphanSweepLockKey, () =>
      sweepOrphanFiles({ database: testDatabase.database, storage, log }),
    );
    expect(outer).toEqual({ acquired: true, result: { ran: false } });
    expect(log.messages).toEqual(['orphan file sweep already running elsewhere; skipped']);
    expect(await storage.exists(orphan)).toBe(true);

    await sweepOrphanFiles({ database: testDatabase.database, storage, log });
    expect(await storage.exists(orphan)).toBe(false);
  });

  it('runs when the app starts with the sweep enabled, and stops with the app', async () => {
    const orphan = await putOrphan('applications/', 2 * hourMs);
    const sweeping = await buildApp({
      env: buildEnv({ STORAGE_DIR: storageDir, OUTBOX_DIR: outboxDir }),
      database: testDatabase.database,
      storage,
      orphanSweep: {},
    });
    try {
      await sweeping.ready();
      await vi.waitFor(async () => expect(await storage.exists(orphan)).toBe(false), { timeout: 10_000, interval: 50 });
    } finally {
      await sweeping.close();
    }
  });
});

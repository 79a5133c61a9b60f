import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addMemberThroughApi,
  applyAsStudent,
  caller,
  createOrganizationWithOwnerUser,
  postJob,
  type TestOrganization,
} from '../../../../tests/api-setup/company.ts';
import { createGoogleUser, type EmulatorUser, uniqueEmail } from '../../../../tests/api-setup/emulator-users.ts';
import { type LocalPushService, startLocalPushService } from '../../../../tests/api-setup/local-push-service.ts';
import { buildEnv, buildTestApp } from '../../../../tests/api-setup/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../../../tests/api-setup/test-database.ts';
import { pushOutbox, users } from '../../db/schema.ts';

// When a company moves an application, the student's browsers get a push in the student's language that opens the
// application in My Applications, queued in the transaction of the change (so a refused change queues nothing).

let testDatabase: TestDatabase;
let app: FastifyInstance;
let service: LocalPushService;
let storageDir: string;
let org: TestOrganization;
let teammate: EmulatorUser;
const db = () => testDatabase.database.db;

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  service = await startLocalPushService();
  storageDir = mkdtempSync(join(tmpdir(), 'campus-jobs-status-push-'));
  app = await buildTestApp({
    database: testDatabase.database,
    env: buildEnv({
      STORAGE_DIR: storageDir,
      OUTBOX_DIR: join(storageDir, 'outbox'),
      PUSH_ALLOWED_HOSTS: service.host,
    }),
    pushAgent: service.agent,
  });
  org = await createOrganizationWithOwnerUser(app, db(), 'Initech');
  teammate = await createGoogleUser({ email: uniqueEmail('teammate'), name: 'Tea Mate' });
  await addMemberThroughApi(app, db(), org.id, teammate);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await service?.close();
  await testDatabase?.dispose();
  rmSync(storageDir, { recursive: true, force: true });
});

beforeEach(() => {
  service.received.length = 0;
});

/** A student who applied to a new job of `organization`, with one browser subscribed to push. */
async function studentWithApplication(organization: TestOrganization, jobTitle: string) {
  const student = await createGoogleUser({ email: uniqueEmail('student') });
  const job = await postJob(app, organization.owner, organization.id, { title: jobTitle });
  const applicationId = await applyAsStudent(app, student, job.slug);
  const browser = service.subscribe();
  expect((await caller(app, student).request('POST', '/api/push/subscriptions', browser)).statusCode).toBe(204);
  return { student, applicationId, browser };
}

const pushesFor = async (uid: string) => db().select().from(pushOutbox).where(eq(pushOutbox.userUid, uid));

describe('status-change pushes', () => {
  it('moving an application pushes the student (English by default) a notification opening it in My Applications', async () => {
    const { student, applicationId, browser } = await studentWithApplication(org, 'Pipeline Intern');
    const response = await caller(app, teammate).request('PATCH', `/api/company/applications/${applicationId}`, {
      status: 'interview',
      version: 0,
      notify: true,
    });
    expect(response.statusCode).toBe(200);
    expect(await pushesFor(student.uid)).toMatchObject([{ kind: 'status-change', causeId: applicationId }]);
    await app.pushSender.drain();
    expect(service.received.map((push) => [push.endpoint, push.payload])).toEqual([
      [
        browser.endpoint,
        {
          title: 'Application update: Pipeline Intern',
          body: 'Your application at Initech is now: Interview.',
          url: `/jobs/applied#application-${applicationId}`,
          tag: `application-${applicationId}`,
        },
      ],
    ]);
  });

  it("speaks the student's language (users.locale fr)", async () => {
    const { student, applicationId } = await studentWithApplication(org, 'Stagiaire données');
    await db().update(users).set({ locale: 'fr' }).where(eq(users.uid, student.uid));
    await caller(app, org.owner).request('PATCH', `/api/company/applications/${applicationId}`, {
      status: 'offer',
      version: 0,
      notify: true,
    });
    await app.pushSender.drain();
    expect(service.received.map((push) => push.payload)).toEqual([
      {
        title: 'Candidature mise à jour : Stagiaire données',
        body: 'Statut de votre candidature chez Initech : Offre.',
        url: `/jobs/applied#application-${applicationId}`,
        tag: `application-${applicationId}`,
      },
    ]);
  });

  it('a refused change (stale version) queues no push; an unchanged status neither', async () => {
    const { student, applicationId } = await studentWithApplication(org, 'Stale Intern');
    const stale = await caller(app, teammate).request('PATCH', `/api/company/applications/${applicationId}`, {
      status: 'screening',
      version: 7,
    });
    expect(stale.statusCode).toBe(409);
    const same = await caller(app, teammate).request('PATCH', `/api/company/applications/${applicationId}`, {
      status: 'applied',
      version: 0,
    });
    expect(same.statusCode).toBe(200);
    expect(await pushesFor(student.uid)).toEqual([]);
  });

  it('no push of a rejection when the organization keeps rejection news off, as for its e-mail', async () => {
    const quiet = await createOrganizationWithOwnerUser(app, db(), 'Quiet Corp');
    await caller(app, quiet.owner).request('PATCH', `/api/company/organizations/${quiet.id}`, {
      rejectionEmails: false,
    });
    const { student, applicationId } = await studentWithApplication(quiet, 'Quiet Intern');
    await caller(app, quiet.owner).request('PATCH', `/api/company/applications/${applicationId}`, {
      status: 'rejected',
      version: 0,
      notify: true,
    });
    expect(await pushesFor(student.uid)).toEqual([]);
  });

  it('a bulk change pushes each student whose application moved, and only them', async () => {
    const first = await studentWithApplication(org, 'Bulk Intern A');
    const second = await studentWithApplication(org, 'Bulk Intern B');
    const response = await caller(app, teammate).request('POST', '/api/company/applications/bulk-status', {
      applicationIds: [first.applicationId, second.applicationId],
      status: 'screening',
      notify: true,
    });
    expect(response.json()).toMatchObject({ updated: [first.applicationId, second.applicationId] });
    await app.pushSender.drain();
    expect(service.received.map((push) => [push.endpoint, (push.payload as { body: string }).body]).sort()).toEqual(
      [
        [first.browser.endpoint, 'Your application at Initech is now: Screening.'],
        [second.browser.endpoint, 'Your application at Initech is now: Screening.'],
      ].sort(),
    );
  });
});

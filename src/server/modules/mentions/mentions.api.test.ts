import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
import { openTestDatabase, type TestDatabase } from '../../../../tests/api-setup/test-database.ts';
import { mailOutbox } from '../../db/schema.ts';

// @mentions in a note: each member named gets one e-mail through the outbox, in their language, text and HTML;
// the author, people of other organizations and unknown names get nothing.

let testDatabase: TestDatabase;
let app: FastifyInstance;
let storageDir: string;
let org: TestOrganization;
let other: TestOrganization;
let teammate: EmulatorUser;
let french: EmulatorUser;
const db = () => testDatabase.database.db;

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  storageDir = mkdtempSync(join(tmpdir(), 'campus-jobs-mentions-'));
  app = await buildTestApp({
    database: testDatabase.database,
    env: buildEnv({
      STORAGE_DIR: storageDir,
      OUTBOX_DIR: join(storageDir, 'outbox'),
      PUBLIC_URL: 'https://jobs.example.edu',
    }),
  });
  org = await createOrganizationWithOwnerUser(app, db(), 'Mention Robotics');
  other = await createOrganizationWithOwnerUser(app, db(), 'Other Robotics');
  teammate = await createGoogleUser({ email: uniqueEmail('teammate'), name: 'Tea Mate' });
  french = await createGoogleUser({ email: uniqueEmail('french'), name: 'Élodie Roy' });
  await addMemberThroughApi(app, db(), org.id, teammate);
  await addMemberThroughApi(app, db(), org.id, french);
  await caller(app, french).request('PATCH', '/api/company/me', { locale: 'fr' });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await testDatabase?.dispose();
  rmSync(storageDir, { recursive: true, force: true });
});

const mentionsTo = (to: string) =>
  db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, to), eq(mailOutbox.kind, 'mention')));

describe('@mentions in notes', () => {
  it('e-mails each mentioned member once, in their language, and no one else', async () => {
    const job = await postJob(app, org.owner, org.id, { title: 'Mention Intern' });
    const student = await createGoogleUser({ email: uniqueEmail('student') });
    const applicationId = await applyAsStudent(app, student, job.slug, { firstName: 'Grace', lastName: 'Hopper' });
    const response = await caller(app, org.owner).request('POST', `/api/company/applications/${applicationId}/notes`, {
      body: '@tea mate and @Elodie: can you take the interview? @Tea Mate again. @Other Robotics Owner @nobody',
    });
    expect(response.statusCode).toBe(201);

    const [english] = await mentionsTo(teammate.email!);
    expect(await mentionsTo(teammate.email!)).toHaveLength(1);
    expect(english).toMatchObject({
      subject: 'Mention Robotics Owner mentioned you on Grace Hopper’s application',
      causeId: applicationId,
    });
    expect(english!.body).toContain('can you take the interview?');
    expect(english!.body).toContain(`https://jobs.example.edu/company/applications/${applicationId}`);
    expect(english!.html).toContain('<html lang="en"');

    const [inFrench] = await mentionsTo(french.email!);
    expect(await mentionsTo(french.email!)).toHaveLength(1);
    expect(inFrench!.subject).toBe('Mention Robotics Owner vous a mentionné sur la candidature de Grace Hopper');
    expect(inFrench!.html).toContain('<html lang="fr"');

    // Not the author, not a member of another organization.
    expect(await mentionsTo(org.owner.email!)).toHaveLength(0);
    expect(await mentionsTo(other.owner.email!)).toHaveLength(0);
  });

  it('sends nothing for a note without a mention of a member', async () => {
    const job = await postJob(app, org.owner, org.id, { title: 'Quiet Intern' });
    const student = await createGoogleUser({ email: uniqueEmail('student') });
    const applicationId = await applyAsStudent(app, student, job.slug);
    const before = (await db().select().from(mailOutbox).where(eq(mailOutbox.kind, 'mention'))).length;
    await caller(app, teammate).request('POST', `/api/company/applications/${applicationId}/notes`, {
      body: 'Write to tea@example.com, or @Tea Mate (that is me).',
    });
    expect((await db().select().from(mailOutbox).where(eq(mailOutbox.kind, 'mention'))).length).toBe(before);
  });
});

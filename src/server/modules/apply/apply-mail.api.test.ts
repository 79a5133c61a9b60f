import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apply, applicationWithPdf, buildAnswers } from '../../../../tests/api-setup/applications.ts';
import { createGoogleUser, type EmulatorUser } from '../../../../tests/api-setup/emulator-users.ts';
import { exactlyOne } from '../../../../tests/api-setup/exactly-one.ts';
import { insertFeaturedJob, insertOrganization } from '../../../../tests/api-setup/job-board.ts';
import { type SmtpStub, startSmtpStub } from '../../../../tests/api-setup/smtp-stub.ts';
import { buildEnv, buildTestApp } from '../../../../tests/api-setup/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../../../tests/api-setup/test-database.ts';
import { maxConcurrentUploadsPerAccount } from '../../http/multipart-request.ts';
import { applications, mailOutbox } from '../../db/schema.ts';

// The confirmation e-mail after an application: to the outbox folder without SMTP_URL, over SMTP with it, exactly one
// per application however often the request is sent, and an application that never fails because of the mail server.

let testDatabase: TestDatabase;
let workDir: string;
let organizationId: string;

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  workDir = mkdtempSync(join(tmpdir(), 'campus-jobs-mail-'));
  organizationId = (await insertOrganization(testDatabase.database.db, { name: 'Contoso Robotics' })).id;
});

afterAll(async () => {
  await testDatabase.dispose();
  rmSync(workDir, { recursive: true, force: true });
});

async function startApp(env: Record<string, string>): Promise<FastifyInstance> {
  return buildTestApp({
    database: testDatabase.database,
    env: buildEnv({ STORAGE_DIR: join(workDir, 'files'), PUBLIC_URL: 'https://jobs.example.edu/', ...env }),
  });
}

async function applyOnce(app: FastifyInstance, title: string) {
  const job = await insertFeaturedJob(testDatabase.database.db, { organizationId, title });
  const user = await createGoogleUser({ email: `mail-${Math.random().toString(36).slice(2, 8)}@example.test` });
  const response = await apply(app, user, job.id, applicationWithPdf(buildAnswers({ firstName: 'Grace' })));
  return { job, user, response };
}

/** The message as a person reads it: quoted-printable soft line breaks and escapes undone. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 1;
}

describe('confirmation e-mail without SMTP_URL', () => {
  it('writes one .eml per application to OUTBOX_DIR, to the account’s e-mail, naming the job and organization', async () => {
    const outboxDir = join(workDir, 'outbox');
    const app = await startApp({ OUTBOX_DIR: outboxDir });
    try {
      const { user, response } = await applyOnce(app, 'Robotics Intern');
      expect(response.statusCode, response.body).toBe(201);
      // The round the application nudged, and any after it: when this resolves, the message was handed over.
      await app.mailSender.drain();
      const files = readdirSync(outboxDir).filter((name) => name.endsWith('.eml'));
      expect(files).toHaveLength(1);
      const eml = decodeQuotedPrintable(readFileSync(join(outboxDir, files[0]!), 'utf8'));
      expect(eml).toMatch(new RegExp(`^To: ${user.email}$`, 'm'));
      expect(eml).toMatch(/^From: Campus Jobs <no-reply@campusjobs\.dev>$/m);
      expect(eml).toMatch(/^Subject: Application received: Robotics Intern at Contoso Robotics$/m);
      expect(eml).toContain('Hi Grace,');
      expect(eml).toContain('Thank you for applying for Robotics Intern at Contoso Robotics.');
      expect(eml).toContain('https://jobs.example.edu/jobs/applied');
    } finally {
      await app.close();
    }
  });
});

describe('confirmation e-mail over SMTP', () => {
  let smtp: SmtpStub;
  let app: FastifyInstance;
  const outboxDir = () => join(workDir, 'unused-outbox');

  beforeAll(async () => {
    smtp = await startSmtpStub();
    app = await startApp({ SMTP_URL: smtp.url, OUTBOX_DIR: outboxDir(), MAIL_FROM: 'Careers <careers@example.edu>' });
  });

  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  /** The messages the SMTP server received for `user` (several tests share the server). */
  const messagesTo = (user: EmulatorUser) => smtp.messages.filter((sent) => sent.to.includes(`<${user.email}>`));

  /** The confirmation rows queued for `user`, whichever application they name. */
  const confirmationsTo = (user: EmulatorUser) =>
    testDatabase.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, user.email!), eq(mailOutbox.kind, 'application-confirmation')));

  it('hands the message to the SMTP server named by SMTP_URL', async () => {
    const { user, response } = await applyOnce(app, 'Firmware Intern');
    expect(response.statusCode, response.body).toBe(201);
    await app.mailSender.drain();
    const message = exactlyOne(
      smtp.messages,
      (candidate) => candidate.data.includes('Firmware Intern'),
      'message about Firmware Intern',
    );
    expect(message.from).toBe('<careers@example.edu>');
    expect(message.to).toEqual([`<${user.email}>`]);
    expect(message.data).toMatch(/^Subject: Application received: Firmware Intern at Contoso Robotics$/m);
    expect(() => readdirSync(outboxDir())).toThrow();
  });

  it('the same request replayed after its success (same Idempotency-Key): one confirmation queued, one sent', async () => {
    const job = await insertFeaturedJob(testDatabase.database.db, { organizationId, title: 'Replay Intern' });
    const user = await createGoogleUser();
    const key = randomUUID();
    const body = applicationWithPdf(buildAnswers(), 'replayed');
    const first = await apply(app, user, job.id, body, { key });
    expect(first.statusCode, first.body).toBe(201);
    await app.mailSender.drain();
    const replay = await apply(app, user, job.id, body, { key });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    await app.mailSender.drain();
    expect(await confirmationsTo(user)).toMatchObject([{ causeId: first.json().applicationId }]);
    expect(messagesTo(user)).toHaveLength(1);
  });

  it('the same request sent several times at once (same Idempotency-Key): one confirmation queued, one sent', async () => {
    const job = await insertFeaturedJob(testDatabase.database.db, { organizationId, title: 'Concurrent Intern' });
    const user = await createGoogleUser();
    const key = randomUUID();
    const body = applicationWithPdf(buildAnswers(), 'concurrent');
    // As many as one account may upload at once (more get 429).
    const responses = await Promise.all(
      Array.from({ length: maxConcurrentUploadsPerAccount }, () => apply(app, user, job.id, body, { key })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(maxConcurrentUploadsPerAccount).fill(201));
    const applicationIds = new Set(responses.map((response) => response.json().applicationId));
    expect(applicationIds.size).toBe(1);
    await app.mailSender.drain();
    expect(await confirmationsTo(user)).toMatchObject([{ causeId: [...applicationIds][0] }]);
    expect(messagesTo(user)).toHaveLength(1);
  });
});

describe('a failing mail server never fails the application', () => {
  let refusing: SmtpStub;

  beforeAll(async () => {
    refusing = await startSmtpStub({ failWith: '554 5.7.1 Service unavailable' });
  });

  afterAll(async () => {
    await refusing.close();
  });

  it('a server that refuses every message: 201, the application is stored, the refusal only logged', async () => {
    const app = await startApp({ SMTP_URL: refusing.url, OUTBOX_DIR: join(workDir, 'no-outbox') });
    try {
      const { job, user, response } = await applyOnce(app, 'Controls Intern');
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({ jobId: job.id, email: user.email });
      const rows = await testDatabase.database.db.select().from(applications).where(eq(applications.uid, user.uid));
      expect(rows).toHaveLength(1);
      // The mailer did try, and was refused.
      await app.mailSender.drain();
      expect(refusing.refused.length).toBeGreaterThan(0);
      expect(refusing.messages).toHaveLength(0);
    } finally {
      await app.close();
    }
  });

  it('nothing listening on the SMTP port: 201 and the application is stored', async () => {
    const app = await startApp({
      SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`,
      OUTBOX_DIR: join(workDir, 'no-outbox'),
    });
    try {
      const { user, response } = await applyOnce(app, 'Controls Intern');
      expect(response.statusCode, response.body).toBe(201);
      const rows = await testDatabase.database.db.select().from(applications).where(eq(applications.uid, user.uid));
      expect(rows).toHaveLength(1);
      expect(() => readdirSync(join(workDir, 'no-outbox'))).toThrow();
    } finally {
      await app.close();
    }
  });
});

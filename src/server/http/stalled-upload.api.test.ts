import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoogleUser, type EmulatorUser } from '../../../tests/api-setup/emulator-users.ts';
import { insertFeaturedJob, insertOrganization } from '../../../tests/api-setup/job-board.ts';
import { buildEnv, buildTestApp } from '../../../tests/api-setup/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../../tests/api-setup/test-database.ts';
import { uploadProfileResume } from '../../../tests/api-setup/profiles.ts';
import { applications } from '../db/schema.ts';
import { maxConcurrentUploadsPerAccount, tooManyUploadsMessage } from './multipart-request.ts';

// Slow and stalled clients, over real sockets: a server with short timeouts (the defaults are seconds, see
// decision 010) must close a stalled upload, answer 408 to a slow drip, free the upload's slot and memory, and
// write nothing. The tests wait for the socket to close (an event), never for a fixed time.

let testDatabase: TestDatabase;
let app: FastifyInstance;
let port: number;
let storageDir: string;
let jobSlug: string;

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  storageDir = mkdtempSync(join(tmpdir(), 'campus-jobs-stalled-'));
  app = await buildTestApp({
    database: testDatabase.database,
    env: buildEnv({
      STORAGE_DIR: storageDir,
      OUTBOX_DIR: join(storageDir, 'outbox'),
      HTTP_IDLE_TIMEOUT_MS: '600',
      HTTP_HEADERS_TIMEOUT_MS: '1000',
      HTTP_REQUEST_TIMEOUT_MS: '1500',
    }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  const organization = await insertOrganization(testDatabase.database.db);
  jobSlug = (await insertFeaturedJob(testDatabase.database.db, { organizationId: organization.id })).slug;
});

afterAll(async () => {
  await app.close();
  await testDatabase.dispose();
  rmSync(storageDir, { recursive: true, force: true });
});

type OpenUpload = { socket: Socket; received: () => string; closed: Promise<void> };

/** Sends the headers of a ~5 MB resume upload and `sentBytes` of its body, then nothing more. */
function startUpload(user: EmulatorUser | null, sentBytes: number, path = '/api/profile/main-resume'): OpenUpload {
  const boundary = `----stall${randomBytes(6).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="resume"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
  );
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk) => {
    answer += chunk.toString('latin1');
  });
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const method = path.includes('/apply') ? 'POST' : 'PATCH';
  socket.write(
    [
      `${method} ${path} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      `Content-Type: multipart/form-data; boundary=${boundary}`,
      `Content-Length: ${5 * 1024 * 1024 - 1024}`,
      ...(user ? [`Authorization: Bearer ${user.idToken}`] : []),
      'Idempotency-Key: stalled-upload-key-1',
      '',
      '',
    ].join('\r\n'),
  );
  socket.write(Buffer.concat([head, Buffer.alloc(Math.max(0, sentBytes - head.length), 0x41)]));
  return { socket, received: () => answer, closed };
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

describe('a stalled upload', () => {
  it('signed in, 4.5 MB sent then nothing: the connection is closed, its slot freed, nothing stored', async () => {
    const user = await createGoogleUser();
    const upload = startUpload(user, 4.5 * 1024 * 1024);
    await until(() => app.uploadSlots.active() > 0 || upload.socket.closed);
    await upload.closed;
    await until(() => app.uploadSlots.active() === 0);
    expect(readdirSync(storageDir, { recursive: true }).filter((name) => String(name).startsWith('resumes/'))).toEqual(
      [],
    );
    // The account can upload again at once: nothing of the stalled request is held.
    expect(await uploadProfileResume(app, user, { marker: 'after-stall', fileName: 'CV.pdf' })).toMatchObject({
      name: 'CV.pdf',
    });
  });

  it('signed out: the 401 is answered and the connection closed, not left open', async () => {
    const upload = startUpload(null, 1024 * 1024);
    await upload.closed;
    expect(upload.received()).toMatch(/^HTTP\/1\.1 401 /);
  });

  it('a stalled application upload: closed, no application row, no file', async () => {
    const user = await createGoogleUser();
    const upload = startUpload(user, 2 * 1024 * 1024, `/api/public/jobs/${jobSlug}/apply`);
    await upload.closed;
    await until(() => app.uploadSlots.active() === 0);
    expect(await testDatabase.database.db.$count(applications)).toBe(0);
    expect(
      readdirSync(storageDir, { recursive: true }).filter((name) => String(name).startsWith('applications/')),
    ).toEqual([]);
  });
});

describe('a slow drip', () => {
  it('a body trickling in forever gets 408 once the whole-request deadline passes, and is closed', async () => {
    const user = await createGoogleUser();
    const upload = startUpload(user, 1024);
    // A byte now and then keeps the connection from being idle; only the whole-request deadline can end it.
    const drip = setInterval(() => upload.socket.write('A'), 100);
    try {
      await upload.closed;
    } finally {
      clearInterval(drip);
    }
    expect(upload.received()).toMatch(/^HTTP\/1\.1 408 /);
    await until(() => app.uploadSlots.active() === 0);
  });
});

describe('uploads per account', () => {
  it(`an account may have ${maxConcurrentUploadsPerAccount} uploads in flight; one more is refused with 429`, async () => {
    const user = await createGoogleUser();
    const open = Array.from({ length: maxConcurrentUploadsPerAccount }, () => startUpload(user, 64 * 1024));
    await until(() => app.uploadSlots.active() >= maxConcurrentUploadsPerAccount);
    const extra = startUpload(user, 64 * 1024);
    await extra.closed;
    expect(extra.received()).toMatch(/^HTTP\/1\.1 429 /);
    expect(extra.received()).toContain(tooManyUploadsMessage);
    // Another account is not affected.
    const other = await createGoogleUser();
    expect(await uploadProfileResume(app, other, { marker: 'other-account', fileName: 'CV.pdf' })).toMatchObject({
      name: 'CV.pdf',
    });
    await Promise.all(open.map((upload) => upload.closed));
    await until(() => app.uploadSlots.active() === 0);
  });
});

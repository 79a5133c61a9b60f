import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoogleUser, type EmulatorUser } from '../../../../tests/api-setup/emulator-users.ts';
import { as } from '../../../../tests/api-setup/profile-client.ts';
import { uploadProfileResume } from '../../../../tests/api-setup/profiles.ts';
import { buildEnv, buildTestApp } from '../../../../tests/api-setup/test-app.ts';
import { createTestClock } from '../../../../tests/api-setup/test-clock.ts';
import { openTestDatabase, type TestDatabase } from '../../../../tests/api-setup/test-database.ts';
import { buildMultipart, buildPdf, resumeUpload } from '../../../../tests/api-setup/uploads.ts';

const fiveMegabytes = 5 * 1024 * 1024;

let testDatabase: TestDatabase;
let app: FastifyInstance;
let storageDir: string;
let port: number;
// Upload times come from this clock: exact instants to compare, no wall-clock ranges.
const clock = createTestClock();

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  storageDir = mkdtempSync(join(tmpdir(), 'campus-jobs-resumes-'));
  app = await buildTestApp({
    database: testDatabase.database,
    env: buildEnv({ STORAGE_DIR: storageDir }),
    clock: clock.now,
  });
  // Some tests need a real socket: cutting an upload short, a client that goes away.
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});

afterAll(async () => {
  await app.close();
  await testDatabase.dispose();
  rmSync(storageDir, { recursive: true, force: true });
});

/** Every file under STORAGE_DIR, relative paths (temporary files included). */
function storedFiles(): string[] {
  return readdirSync(storageDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(storageDir.length + 1))
    .sort();
}

function upload(user: EmulatorUser, body: { body: Buffer; contentType: string }) {
  return as(app, user).upload('/api/profile/main-resume', body);
}

async function userWithResume(marker: string): Promise<EmulatorUser> {
  const user = await createGoogleUser();
  await uploadProfileResume(app, user, { marker, fileName: 'First CV.pdf' });
  return user;
}

async function currentResumeBytes(user: EmulatorUser): Promise<string> {
  const response = await as(app, user).get('/api/profile/resume');
  expect(response.statusCode).toBe(200);
  return response.rawPayload.toString('latin1');
}

/** Waits for `condition`, checking after each turn of the event loop (an event, not a fixed time). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

type RawAnswer = { status: number | null; connection: string | null; body: string; error: string | null };

/** Sends `body` over a real connection, as chunked transfer when `chunked`, and reports what came back. */
function sendOverSocket(
  user: EmulatorUser,
  body: Buffer,
  contentType: string,
  { chunked = false } = {},
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const answer: RawAnswer = { status: null, connection: null, body: '', error: null };
    const request = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'PATCH',
      path: '/api/profile/main-resume',
      headers: {
        authorization: `Bearer ${user.idToken}`,
        'content-type': contentType,
        ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': body.length }),
      },
    });
    request.on('response', (response) => {
      answer.status = response.statusCode ?? null;
      answer.connection = response.headers.connection ?? null;
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (answer.body += chunk));
      response.on('end', () => resolve(answer));
      response.on('error', () => resolve(answer));
    });
    request.on('error', (error) => {
      answer.error = error.message;
      // The server may close the connection while we are still writing: an answer already in is read to its end
      // (its 'end' resolves); without one, the socket's close is the end of the story.
      if (answer.status === null) request.once('close', () => resolve(answer));
    });
    for (let offset = 0; offset < body.length; offset += 64 * 1024)
      request.write(body.subarray(offset, offset + 64 * 1024));
    request.end();
  });
}

describe('PATCH /api/profile/main-resume: a valid PDF', () => {
  it('stores it under an unguessable key with its cleaned name and answers the profile', async () => {
    const user = await createGoogleUser();
    clock.advance(1_234);
    const uploadedAt = clock.now();
    const pdf = buildPdf('first-upload');
    const response = await upload(user, resumeUpload(pdf, 'Ada Lovelace CV (2025).pdf'));
    expect(response.statusCode).toBe(200);
    const { resume } = response.json();
    expect(resume).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Ada Lovelace CV.pdf',
      url: '/profile/resume',
      size: pdf.length,
      uploadedAt: { _seconds: Math.floor(uploadedAt / 1000), _nanoseconds: (uploadedAt % 1000) * 1e6 },
    });

    const files = storedFiles().filter((file) => readFileSync(join(storageDir, file)).equals(pdf));
    expect(files).toHaveLength(1);
    // The key says nothing about the person or the file name.
    expect(files[0]).toMatch(/^resumes\/[0-9a-f]{32}\.pdf$/);
    expect(files[0]).not.toContain(user.uid);
  });

  it('serves it back to its owner inline, as a PDF, not cached', async () => {
    const user = await createGoogleUser();
    const pdf = buildPdf('serve-me');
    await upload(user, resumeUpload(pdf, 'Résumé Élodie.pdf'));
    const response = await as(app, user).get('/api/profile/resume');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="Resume Elodie.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%C3%89lodie.pdf`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.rawPayload.equals(pdf)).toBe(true);
  });

  it('answers 404 when there is no resume yet', async () => {
    const user = await createGoogleUser();
    const response = await as(app, user).get('/api/profile/resume');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'No resume uploaded yet', code: 'resume_not_uploaded' });
  });

  it('replaces the previous resume and deletes the previous file', async () => {
    const user = await userWithResume('old-cv');
    const oldFiles = storedFiles();
    const newPdf = buildPdf('new-cv');
    const response = await upload(user, resumeUpload(newPdf, 'Second CV.pdf'));
    expect(response.json().resume.name).toBe('Second CV.pdf');
    expect(await currentResumeBytes(user)).toContain('new-cv');
    const files = storedFiles();
    expect(files).toHaveLength(oldFiles.length);
    expect(files.some((file) => readFileSync(join(storageDir, file), 'latin1').includes('old-cv'))).toBe(false);
  });

  it('accepts a file of exactly 5 MB', async () => {
    const user = await createGoogleUser();
    const pdf = buildPdf('five', fiveMegabytes);
    expect(pdf.length).toBe(fiveMegabytes);
    const response = await upload(user, resumeUpload(pdf));
    expect(response.statusCode).toBe(200);
    expect(response.json().resume.size).toBe(fiveMegabytes);
  });

  it('stores a path-traversal file name as its letters only, inside the storage folder', async () => {
    const user = await createGoogleUser();
    const response = await upload(user, resumeUpload(buildPdf('traversal'), '../../etc/passwd.pdf'));
    expect(response.statusCode).toBe(200);
    expect(response.json().resume.name).toBe('passwd.pdf');
    expect(storedFiles().every((file) => /^resumes\/[0-9a-f]{32}\.pdf$/.test(file))).toBe(true);
    expect(readdirSync(join(storageDir, '..')).some((name) => name === 'passwd.pdf' || name === 'etc')).toBe(false);
  });

  it('judges the content, not the name: a PDF named setup.exe is accepted (renamed setupexe.pdf)', async () => {
    const user = await createGoogleUser();
    const response = await upload(user, resumeUpload(buildPdf(), 'setup.exe', 'application/x-msdownload'));
    expect(response.statusCode).toBe(200);
    expect(response.json().resume.name).toBe('setupexe.pdf');
  });
});

describe('PATCH /api/profile/main-resume: refused uploads keep the previous resume and store nothing', () => {
  const noResume = 'Send the PDF in the form field "resume"';
  const executable = Buffer.concat([
    Buffer.from('MZ\x90\x00\x03\x00\x00\x00'),
    Buffer.alloc(2048, 0x41),
    Buffer.from('%%EOF'),
  ]);

  it.each([
    ['a renamed .exe (PDF name and type)', resumeUpload(executable, 'My CV.pdf'), 415, 'Please upload a PDF document.'],
    ['an empty file', resumeUpload(Buffer.alloc(0), 'My CV.pdf'), 415, 'Please upload a PDF document.'],
    ['a truncated PDF', resumeUpload(buildPdf().subarray(0, 60), 'My CV.pdf'), 415, 'Please upload a PDF document.'],
    [
      'a name without letters',
      resumeUpload(buildPdf(), '2025-07.pdf'),
      400,
      'Name must only contain letters or spaces.',
    ],
    ['a file in another field', buildMultipart([{ name: 'cv', fileName: 'cv.pdf', data: buildPdf() }]), 400, noResume],
    ['a text field only', buildMultipart([{ name: 'resume', value: '%PDF-1.4 %%EOF' }]), 400, noResume],
    [
      'two files',
      buildMultipart([
        { name: 'resume', fileName: 'a.pdf', data: buildPdf() },
        { name: 'resume', fileName: 'b.pdf', data: buildPdf() },
      ]),
      400,
      'Invalid upload: At most 1 file(s) may be sent',
    ],
  ])('%s', async (_label, body, status, error) => {
    const user = await userWithResume('keep-me');
    const before = storedFiles();
    const response = await upload(user, body);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error, code: expect.any(String) });
    expect(await currentResumeBytes(user)).toContain('keep-me');
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a body that is not multipart with 415', async () => {
    const user = await createGoogleUser();
    const response = await as(app, user).patch('/api/profile/main-resume', { resume: 'JVBERi0xLjQ=' });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      error: 'Send the resume as multipart/form-data with one file field "resume"',
      code: 'unsupported_media_type',
    });
  });

  it('refuses a body cut short with 400', async () => {
    const user = await userWithResume('keep-me');
    const { body, contentType } = resumeUpload(buildPdf('cut'));
    const response = await upload(user, { body: body.subarray(0, body.length - 40), contentType });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'The upload was interrupted. Please try again.',
      code: 'upload_interrupted',
    });
    expect(await currentResumeBytes(user)).toContain('keep-me');
  });

  it('refuses a 6 MB file with 413 "File size must be less than 5MB"', async () => {
    const user = await userWithResume('keep-me');
    const before = storedFiles();
    const response = await upload(user, resumeUpload(buildPdf('six', 6 * 1024 * 1024)));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'File size must be less than 5MB', code: 'resume_too_large' });
    expect(await currentResumeBytes(user)).toContain('keep-me');
    expect(storedFiles()).toEqual(before);
  });

  it('refuses 6 MB over a real socket from Content-Length alone, before reading it, and closes the connection', async () => {
    const user = await userWithResume('keep-me');
    const before = storedFiles();
    const { body, contentType } = resumeUpload(buildPdf('six', 6 * 1024 * 1024));
    const answer = await sendOverSocket(user, body, contentType);
    expect(answer.status).toBe(413);
    expect(answer.connection).toBe('close');
    expect(JSON.parse(answer.body)).toEqual({ error: 'File size must be less than 5MB', code: 'resume_too_large' });
    expect(storedFiles()).toEqual(before);
    expect(await currentResumeBytes(user)).toContain('keep-me');
  });

  it('cuts a 6 MB chunked upload (no Content-Length) once 5 MB have been read: 413, nothing stored', async () => {
    const user = await userWithResume('keep-me');
    const before = storedFiles();
    const { body, contentType } = resumeUpload(buildPdf('six', 6 * 1024 * 1024));
    const answer = await sendOverSocket(user, body, contentType, { chunked: true });
    expect(answer.status).toBe(413);
    expect(answer.connection).toBe('close');
    expect(JSON.parse(answer.body)).toEqual({ error: 'File size must be less than 5MB', code: 'resume_too_large' });
    expect(storedFiles()).toEqual(before);
    expect(await currentResumeBytes(user)).toContain('keep-me');
  });

  it('cuts a chunked upload whose bytes hide outside the file (a part the reader skips): 413, nothing stored', async () => {
    const user = await userWithResume('keep-me');
    const before = storedFiles();
    const { body, contentType } = resumeUpload(buildPdf('small'));
    const boundary = contentType.split('boundary=')[1]!;
    // A part without Content-Disposition is skipped unread; 6 MB of it must not be read to the end either.
    const skipped = Buffer.concat([
      Buffer.from(`--${boundary}\r\nX-Note: ignore\r\n\r\n`),
      Buffer.alloc(6 * 1024 * 1024, 0x61),
      Buffer.from('\r\n'),
    ]);
    const answer = await sendOverSocket(user, Buffer.concat([skipped, body]), contentType, { chunked: true });
    expect(answer.status).toBe(413);
    expect(answer.connection).toBe('close');
    expect(JSON.parse(answer.body)).toEqual({ error: 'File size must be less than 5MB', code: 'resume_too_large' });
    expect(storedFiles()).toEqual(before);
    expect(await currentResumeBytes(user)).toContain('keep-me');
  });

  it('keeps the previous resume and leaves no file when the client goes away mid-upload', async () => {
    const user = await userWithResume('keep-me');
    const before = storedFiles();
    const { body, contentType } = resumeUpload(buildPdf('never-finished', 2 * 1024 * 1024));
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.on('error', () => {});
    socket.write(
      `PATCH /api/profile/main-resume HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${user.idToken}\r\n` +
        `Content-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(body.subarray(0, body.length / 2));
    // Once the server is reading the upload (it holds an upload slot), drop the connection without a word; the
    // slot is given back when the server has dealt with the broken upload.
    await until(() => app.uploadSlots.active() > 0);
    socket.destroy();
    await until(() => app.uploadSlots.active() === 0);

    expect(storedFiles()).toEqual(before);
    expect(await currentResumeBytes(user)).toContain('keep-me');
    // And the next upload works.
    expect((await upload(user, resumeUpload(buildPdf('after-abort')))).statusCode).toBe(200);
    expect(await currentResumeBytes(user)).toContain('after-abort');
  });
});

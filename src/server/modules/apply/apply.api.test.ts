import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFileHashes, watchAppState } from '../../../../tests/api-setup/app-state.ts';
import {
  type ApplicationBody,
  apply,
  applicationWithPdf,
  buildAnswers,
  jsonApplication,
  multipartApplication,
} from '../../../../tests/api-setup/applications.ts';
import {
  createAnonymousUser,
  createGoogleUser,
  createPasswordUser,
  garbledToken,
} from '../../../../tests/api-setup/emulator-users.ts';
import { type FakeDevpost, startFakeDevpost } from '../../../../tests/api-setup/fake-devpost.ts';
import { insertFeaturedJob, insertOrganization } from '../../../../tests/api-setup/job-board.ts';
import { as } from '../../../../tests/api-setup/profile-client.ts';
import { uploadProfileResume } from '../../../../tests/api-setup/profiles.ts';
import { buildEnv, buildTestApp } from '../../../../tests/api-setup/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../../../tests/api-setup/test-database.ts';
import { buildPdf } from '../../../../tests/api-setup/uploads.ts';
import { maxConcurrentUploadsPerAccount } from '../../http/multipart-request.ts';
import { applicantInvitations, applications, type FeaturedJobRow, type OrganizationRow } from '../../db/schema.ts';
import { createInvitation, createSharedLink, revokeSharedLink } from './invitations.repository.ts';

let testDatabase: TestDatabase;
let app: FastifyInstance;
let devpost: FakeDevpost;
let storageDir: string;
let outboxDir: string;
let port: number;
let organization: OrganizationRow;

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  devpost = await startFakeDevpost();
  storageDir = mkdtempSync(join(tmpdir(), 'campus-jobs-applications-files-'));
  outboxDir = mkdtempSync(join(tmpdir(), 'campus-jobs-applications-outbox-'));
  app = await buildTestApp({
    database: testDatabase.database,
    env: buildEnv({ STORAGE_DIR: storageDir, OUTBOX_DIR: outboxDir, DEVPOST_BASE_URL: devpost.origin }),
  });
  // One test needs a real socket: a chunked upload cut at 5 MB.
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  organization = await insertOrganization(testDatabase.database.db, { name: 'Northwind Labs' });
});

afterAll(async () => {
  await app.close();
  await devpost.close();
  await testDatabase.dispose();
  rmSync(storageDir, { recursive: true, force: true });
  rmSync(outboxDir, { recursive: true, force: true });
});

const db = () => testDatabase.database.db;

function newJob(overrides: Partial<FeaturedJobRow> = {}): Promise<FeaturedJobRow> {
  return insertFeaturedJob(db(), { organizationId: organization.id, title: 'Data Engineering Intern', ...overrides });
}

/**
 * Watches everything the app owns (every table, every stored file, the outbox folder) for a test that claims a
 * request stored or changed nothing. Earlier requests' mail is delivered first: the sender's writes are not a change.
 */
async function watchState() {
  return watchAppState({ db: db(), storage: storageDir, outboxDir, mailSender: app.mailSender });
}

/** Every stored file (key -> sha256 of its bytes). */
async function storedFiles(): Promise<Record<string, string>> {
  return storedFileHashes(storageDir);
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function applicationRows(uid: string) {
  return db().select().from(applications).where(eq(applications.uid, uid));
}

describe('POST /api/public/jobs/:slug/apply: who may apply', () => {
  it.each([
    ['no token', 401, async () => null, 'Authentication required'],
    [
      'a garbled token',
      401,
      async () => ({ ...(await createGoogleUser()), idToken: garbledToken((await createGoogleUser()).idToken) }),
      'Invalid or expired token',
    ],
    ['an anonymous session', 403, () => createAnonymousUser(), 'An identified account is required'],
    [
      'an account whose e-mail is not verified',
      403,
      () => createPasswordUser(),
      'Please verify your email address before applying.',
    ],
  ])('refuses %s with %i and stores nothing', async (_label, status, makeUser, error) => {
    const job = await newJob();
    const user = await makeUser();
    const unchanged = await watchState();
    const response = await apply(app, user, job.id, applicationWithPdf());
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error, code: expect.any(String) });
    expect(await db().$count(applications, eq(applications.jobId, job.id))).toBe(0);
    await unchanged.expectUnchanged();
  });
});

describe('POST /api/public/jobs/:slug/apply: a valid application', () => {
  it('answers 201 with the receipt, ties the application to the account and its e-mail, keeps a copy of the PDF', async () => {
    const job = await newJob({ title: 'Platform Intern' });
    const user = await createGoogleUser({ email: 'Ada.Applicant@Example.test' });
    const pdf = buildPdf('fresh-upload');
    const before = Date.now();
    const response = await apply(
      app,
      user,
      job.slug,
      multipartApplication(buildAnswers({ email: 'someone-else@example.test' }), { file: pdf, fileName: 'My CV.pdf' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const receipt = response.json();
    expect(receipt).toEqual({
      applicationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      jobId: job.id,
      jobTitle: 'Platform Intern',
      organizationName: 'Northwind Labs',
      email: 'ada.applicant@example.test',
      submittedAt: expect.any(String),
    });
    expect(Date.parse(receipt.submittedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(response.headers['idempotent-replayed']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');

    const [row] = await applicationRows(user.uid);
    expect(row).toMatchObject({
      id: receipt.applicationId,
      jobId: job.id,
      email: 'ada.applicant@example.test',
      channel: 'public',
      status: 'applied',
      version: 0,
      resumeName: 'My CV.pdf',
      resumeSize: pdf.length,
      resumeSource: 'upload',
      answers: expect.objectContaining({
        firstName: 'Ada',
        email: 'ada.applicant@example.test',
        graduationYear: 2027,
        devpostUsername: null,
      }),
    });
    expect(row?.resumeKey).toMatch(/^applications\/[0-9a-f]{32}\.pdf$/);
    expect(readFileSync(join(storageDir, row!.resumeKey)).equals(pdf)).toBe(true);
  });

  it('accepts the job by id as well as by slug, and a JSON body with the saved profile resume', async () => {
    const job = await newJob();
    const user = await createGoogleUser();
    const saved = await uploadProfileResume(app, user, { marker: 'profile-json' });
    const response = await apply(app, user, job.id, jsonApplication(buildAnswers(), saved));
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await applicationRows(user.uid);
    expect(row).toMatchObject({ resumeSource: 'profile', resumeProfileId: saved.id, resumeName: 'Profile CV.pdf' });
  });

  it('copies the saved resume: replacing the profile resume afterwards leaves the application’s copy intact', async () => {
    const job = await newJob();
    const user = await createGoogleUser();
    const saved = await uploadProfileResume(app, user, { marker: 'original-profile-cv' });
    // The saved reference sent as a multipart text field (JSON text), as the wizard does with other answers.
    const response = await apply(app, user, job.id, multipartApplication(buildAnswers(), { saved }));
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await applicationRows(user.uid);
    expect(row?.resumeKey).toMatch(/^applications\//);

    await uploadProfileResume(app, user, { marker: 'replacement-profile-cv' });
    const copy = readFileSync(join(storageDir, row!.resumeKey), 'latin1');
    expect(copy).toContain('original-profile-cv');
    expect(copy).not.toContain('replacement-profile-cv');
  });

  it('accepts optional answers left empty', async () => {
    const job = await newJob();
    const user = await createGoogleUser();
    const answers = buildAnswers({ linkedinUrl: '', portfolioUrl: null, githubUsername: '', devpostUsername: '' });
    const response = await apply(app, user, job.id, applicationWithPdf(answers));
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await applicationRows(user.uid);
    expect(row?.answers).toMatchObject({ linkedinUrl: null, portfolioUrl: null, githubUsername: null });
  });
});

describe('POST /api/public/jobs/:slug/apply: the job', () => {
  it.each([
    ['an unknown job', () => Promise.resolve('no-such-job')],
    ['an unknown job id', () => Promise.resolve(randomUUID())],
    ['an expired posting', async () => (await newJob({ endPostingDate: new Date(Date.now() - 60_000) })).id],
  ])('refuses %s with 404', async (_label, slug) => {
    const user = await createGoogleUser();
    const response = await apply(app, user, await slug(), applicationWithPdf());
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'This job posting is not available or has expired.',
      code: 'job_not_available',
    });
    expect(await applicationRows(user.uid)).toHaveLength(0);
  });
});

describe('POST /api/public/jobs/:slug/apply: Idempotency-Key', () => {
  it.each([
    ['missing', null],
    ['too short', 'abc1234'],
    ['with other characters', 'key with spaces!'],
    ['too long', 'k'.repeat(201)],
  ])('refuses a key %s with 400', async (_label, key) => {
    const job = await newJob();
    const user = await createGoogleUser();
    const response = await apply(app, user, job.id, applicationWithPdf(), { key });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Idempotency-Key header is required', code: 'idempotency_key_missing' });
    expect(await applicationRows(user.uid)).toHaveLength(0);
  });

  it('answers a retry with the same key and payload with the first response, marked as replayed, and stores one', async () => {
    const job = await newJob();
    const user = await createGoogleUser();
    const key = randomUUID();
    const body = applicationWithPdf(buildAnswers(), 'retry-me');
    const first = await apply(app, user, job.id, body, { key });
    const unchanged = await watchState();
    const second = await apply(app, user, job.id, body, { key });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await applicationRows(user.uid)).toHaveLength(1);
    await unchanged.expectUnchanged('after the replay');
  });

  it('replays across body shapes: the same answers as multipart and then as JSON are the same request', async () => {
    const job = await newJob();
    const user = await createGoogleUser();
    const saved = await uploadProfileResume(app, user, { marker: 'same-request' });
    const key = randomUUID();
    const first = await apply(app, user, job.id, multipartApplication(buildAnswers(), { saved }), { key });
    const second = await apply(app, user, job.id, jsonApplication(buildAnswers({ graduationYear: '2027' }), saved), {
      key,
    });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
  });

  it('makes one application out of concurrent requests with the same key; every one gets the same receipt', async () => {
    const job = await newJob();
    const user = await createGoogleUser();
    const key = randomUUID();
    const body = applicationWithPdf(buildAnswers(), 'concurrent');
    const filesBefore = await storedFiles();
    // As many as one account may upload at once (more get 429, see stalled-upload.api.test.ts).
    const concurrent = maxConcurrentUploadsPerAccount;
    const responses = await Promise.all(
      Array.from({ length: concurrent }, () => apply(app, user, job.id, body, { key })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(concurrent).fill(201));
    const ids = new Set(responses.map((response) => response.json().applicationId));
    expect(ids.size).toBe(1);
    const rows = await applicationRows(user.uid);
    expect(rows).toHaveLength(1);
    // No orphan copies from the requests that lost the race: the files stored before, and the winner's copy.
    expect(await storedFiles()).toEqual({ ...filesBefore, [rows[0]!.resumeKey]: sha256(buildPdf('concurrent')) });
  });

  it('refuses the same key with another payload with 422 and keeps the first application', async () => {
    const [job, otherJob] = [await newJob(), await newJob()];
    const user = await createGoogleUser();
    const key = randomUUID();
    const first = await apply(app, user, job.id, applicationWithPdf(buildAnswers()), { key });
    expect(first.statusCode).toBe(201);
    const unchanged = await watchState();
    const changed = await apply(
      app,
      user,
      job.id,
      applicationWithPdf(buildAnswers({ coverLetter: 'A different letter.' })),
      { key },
    );
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toEqual({
      error: 'This Idempotency-Key was already used with a different application.',
      code: 'idempotency_key_reused',
    });
    const elsewhere = await apply(app, user, otherJob.id, applicationWithPdf(buildAnswers()), { key });
    expect(elsewhere.statusCode).toBe(422);
    const rows = await applicationRows(user.uid);
    expect(rows.map((row) => row.id)).toEqual([first.json().applicationId]);
    await unchanged.expectUnchanged();
  });

  it('does not remember refused requests: the same key works once the answers are fixed', async () => {
    const job = await newJob();
    const user = await createGoogleUser();
    const key = randomUUID();
    const refused = await apply(app, user, job.id, applicationWithPdf(buildAnswers({ coverLetter: '' })), { key });
    expect(refused.statusCode).toBe(400);
    const fixed = await apply(app, user, job.id, applicationWithPdf(buildAnswers()), { key });
    expect(fixed.statusCode).toBe(201);
  });

  it('lets two people use the same key independently', async () => {
    const job = await newJob();
    const key = randomUUID();
    const [ada, grace] = await Promise.all([createGoogleUser(), createGoogleUser()]);
    expect((await apply(app, ada, job.id, applicationWithPdf(), { key })).statusCode).toBe(201);
    expect((await apply(app, grace, job.id, applicationWithPdf(), { key })).statusCode).toBe(201);
  });
});

describe('POST /api/public/jobs/:slug/apply: one application per person and job', () => {
  it('refuses a second application with another key with 409', async () => {
    const job = await newJob();
    const user = await createGoogleUser();
    expect((await apply(app, user, job.id, applicationWithPdf())).statusCode).toBe(201);
    const unchanged = await watchState();
    const again = await apply(app, user, job.id, applicationWithPdf(buildAnswers({ coverLetter: 'Second try.' })));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'You have already applied to this job.', code: 'already_applied' });
    expect(await applicationRows(user.uid)).toHaveLength(1);
    await unchanged.expectUnchanged();
  });

  it('stores exactly one of several concurrent applications with different keys; the others get 409', async () => {
    const job = await newJob();
    const user = await createGoogleUser();
    const concurrent = maxConcurrentUploadsPerAccount;
    const pdf = buildPdf('one-of-several');
    const filesBefore = await storedFiles();
    const responses = await Promise.all(
      Array.from({ length: concurrent }, () =>
        apply(app, user, job.id, multipartApplication(buildAnswers(), { file: pdf })),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(concurrent - 1).fill(409)]);
    const rows = await applicationRows(user.uid);
    expect(rows).toHaveLength(1);
    // The refused requests' copies are removed again: the files stored before, and the winner's copy.
    expect(await storedFiles()).toEqual({ ...filesBefore, [rows[0]!.resumeKey]: sha256(pdf) });
    expect(readdirSync(join(storageDir, 'applications')).filter((name) => name.startsWith('.'))).toEqual([]);
  });
});

describe('POST /api/public/jobs/:slug/apply: answers are validated with the shared rules', () => {
  const long = (length: number) => 'x'.repeat(length);
  it.each([
    ['firstName', '', 'First name is required'],
    ['firstName', null, 'First name is required'],
    ['lastName', '   ', 'Last name is required'],
    ['phone', '', 'Phone number is required'],
    ['phone', 'call me', 'Phone number can only contain digits, spaces, and +()-'],
    ['phone', '555-0199', 'Phone number must be at least 10 digits'],
    ['university', '', 'University is required'],
    ['major', '', 'Major is required'],
    ['major', long(201), 'Must be at most 200 characters'],
    ['graduationYear', '', 'Graduation year is required'],
    ['graduationYear', 2022, 'Graduation year must be between 2023 and 2030'],
    ['graduationYear', 2031, 'Graduation year must be between 2023 and 2030'],
    ['graduationYear', '2025.5', 'Graduation year must be between 2023 and 2030'],
    ['coverLetter', '', 'Cover letter is required'],
    ['coverLetter', long(10_001), 'Cover letter must be at most 10000 characters'],
    ['linkedinUrl', 'https://example.com/ada', 'LinkedIn URL must be in format: linkedin.com/in/username'],
    ['portfolioUrl', 'not a url', 'Portfolio URL must be a valid URL (e.g., example.com)'],
    [
      'githubUsername',
      '-ada-',
      'GitHub username must be 1-39 letters, digits or hyphens, and cannot start or end with a hyphen',
    ],
    ['devpostUsername', 'ada lovelace!', 'Devpost username can only contain letters, digits, hyphens and underscores'],
  ])('refuses %s = %j with 400 "%s" and stores nothing', async (field, value, message) => {
    const job = await newJob();
    const user = await createGoogleUser();
    const unchanged = await watchState();
    const response = await apply(app, user, job.id, applicationWithPdf(buildAnswers({ [field]: value })));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message, fields: { [field]: message }, code: 'invalid_request' });
    expect(await applicationRows(user.uid)).toHaveLength(0);
    await unchanged.expectUnchanged();
  });

  it('names every field at fault, the first message as the error', async () => {
    const job = await newJob();
    const user = await createGoogleUser();
    const response = await apply(
      app,
      user,
      job.id,
      applicationWithPdf(buildAnswers({ firstName: '', coverLetter: '' })),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'First name is required',
      code: 'invalid_request',
      fields: { firstName: 'First name is required', coverLetter: 'Cover letter is required' },
    });
  });

  it('refuses a body that is neither multipart nor JSON with 415', async () => {
    const job = await newJob();
    const user = await createGoogleUser();
    const response = await apply(app, user, job.id, { payload: 'firstName=Ada', contentType: 'text/plain' });
    expect(response.statusCode).toBe(415);
  });
});

describe('POST /api/public/jobs/:slug/apply: the resume', () => {
  const missing = 'Please upload a resume or select your profile resume before submitting.';
  const executable = Buffer.concat([
    Buffer.from('MZ\x90\x00\x03\x00\x00\x00'),
    Buffer.alloc(2048, 0x41),
    Buffer.from('%%EOF'),
  ]);

  it.each([
    ['no resume at all (multipart)', 400, () => multipartApplication(buildAnswers(), null), missing],
    ['no resume at all (JSON)', 400, () => jsonApplication(buildAnswers(), null), missing],
    [
      'a renamed .exe',
      400,
      () => multipartApplication(buildAnswers(), { file: executable, fileName: 'My CV.pdf' }),
      'Please upload a PDF document only',
    ],
    [
      'an empty file',
      400,
      () => multipartApplication(buildAnswers(), { file: Buffer.alloc(0) }),
      'Please upload a PDF document only',
    ],
    [
      'a saved resume that does not exist',
      400,
      () => jsonApplication(buildAnswers(), { id: randomUUID(), url: '/profile/resume' }),
      missing,
    ],
    ['a saved reference that is not {id, url}', 400, () => jsonApplication(buildAnswers(), 'my resume'), missing],
    [
      'a saved reference in a multipart field that is not JSON',
      400,
      () => multipartApplication(buildAnswers(), null, [{ name: 'resume', value: '{not json' }]),
      missing,
    ],
  ])('refuses %s with %i and stores nothing', async (_label, status, body, error) => {
    const job = await newJob();
    const user = await createGoogleUser();
    // The resume is checked after the account is loaded, which creates it on first use as signing in does: the
    // account exists before, so the refusal is seen to store nothing of the application.
    expect((await as(app, user).get('/api/profile')).statusCode).toBe(200);
    const unchanged = await watchState();
    const response = await apply(app, user, job.id, body());
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error, code: expect.any(String) });
    expect(await applicationRows(user.uid)).toHaveLength(0);
    await unchanged.expectUnchanged();
  });

  it('refuses another person’s saved resume and an outdated one of one’s own', async () => {
    const job = await newJob();
    const [ada, grace] = await Promise.all([createGoogleUser(), createGoogleUser()]);
    const gracesResume = await uploadProfileResume(app, grace, { marker: 'grace-cv' });
    const stolen = await apply(app, ada, job.id, jsonApplication(buildAnswers(), gracesResume));
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toEqual({ error: missing, code: 'application_resume_missing' });

    const outdated = await uploadProfileResume(app, ada, { marker: 'ada-old-cv' });
    await uploadProfileResume(app, ada, { marker: 'ada-new-cv' });
    const old = await apply(app, ada, job.id, jsonApplication(buildAnswers(), outdated));
    expect(old.statusCode).toBe(400);
    expect(await applicationRows(ada.uid)).toHaveLength(0);
  });

  it('judges the content, not the name: a PDF named setup.exe is accepted', async () => {
    const job = await newJob();
    const user = await createGoogleUser();
    const body = multipartApplication(buildAnswers(), {
      file: buildPdf(),
      fileName: 'setup.exe',
      contentType: 'application/x-msdownload',
    });
    const response = await apply(app, user, job.id, body);
    expect(response.statusCode, response.body).toBe(201);
  });

  it.each([
    ['6 MB', 6 * 1024 * 1024],
    ['exactly 5 MB', 5 * 1024 * 1024],
  ])('refuses a %s file with 413 "File size must be less than 5MB" and stores nothing', async (_label, size) => {
    const job = await newJob();
    const user = await createGoogleUser();
    const unchanged = await watchState();
    const response = await apply(app, user, job.id, withPdfOfSize(size));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'File size must be less than 5MB', code: 'resume_too_large' });
    expect(await applicationRows(user.uid)).toHaveLength(0);
    await unchanged.expectUnchanged();
  });

  it('accepts a file just under 5 MB', async () => {
    const job = await newJob();
    const user = await createGoogleUser();
    const response = await apply(app, user, job.id, withPdfOfSize(5 * 1024 * 1024 - 1));
    expect(response.statusCode, response.body).toBe(201);
  });

  it('cuts a 6 MB chunked upload (no Content-Length) at 5 MB: 413, connection closed, nothing stored', async () => {
    const job = await newJob();
    const user = await createGoogleUser();
    const unchanged = await watchState();
    const body = withPdfOfSize(6 * 1024 * 1024);
    const answer = await new Promise<{ status: number | null; connection: string | null; body: string }>((resolve) => {
      const result = { status: null as number | null, connection: null as string | null, body: '' };
      const request = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/public/jobs/${job.id}/apply`,
        headers: {
          authorization: `Bearer ${user.idToken}`,
          'content-type': body.contentType,
          'idempotency-key': randomUUID(),
          'transfer-encoding': 'chunked',
        },
      });
      request.on('response', (response) => {
        result.status = response.statusCode ?? null;
        result.connection = response.headers.connection ?? null;
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (result.body += chunk));
        response.on('end', () => resolve(result));
      });
      request.on('error', () => setTimeout(() => resolve(result), 100));
      const bytes = body.payload as Buffer;
      for (let offset = 0; offset < bytes.length; offset += 64 * 1024)
        request.write(bytes.subarray(offset, offset + 64 * 1024));
      request.end();
    });
    expect(answer.status).toBe(413);
    expect(answer.connection).toBe('close');
    expect(JSON.parse(answer.body)).toEqual({ error: 'File size must be less than 5MB', code: 'resume_too_large' });
    expect(await applicationRows(user.uid)).toHaveLength(0);
    await unchanged.expectUnchanged();
  });
});

function withPdfOfSize(size: number): ApplicationBody {
  return multipartApplication(buildAnswers(), { file: buildPdf('sized', size) });
}

describe('POST /api/public/jobs/:slug/apply: Devpost', () => {
  const notVerified = 'Please verify your Devpost username before submitting';

  it('refuses a Devpost username that Devpost does not know, naming the field', async () => {
    const job = await newJob();
    const user = await createGoogleUser();
    const response = await apply(
      app,
      user,
      job.id,
      applicationWithPdf(buildAnswers({ devpostUsername: 'nobody_here' })),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: notVerified,
      fields: { devpostUsername: notVerified },
      code: 'invalid_request',
    });
    expect(await applicationRows(user.uid)).toHaveLength(0);
  });

  it('accepts a username Devpost confirms now', async () => {
    const job = await newJob();
    const user = await createGoogleUser();
    const response = await apply(app, user, job.id, applicationWithPdf(buildAnswers({ devpostUsername: 'jane_doe' })));
    expect(response.statusCode, response.body).toBe(201);
  });

  it('accepts the username this account verified, without asking Devpost again', async () => {
    const job = await newJob();
    const user = await createGoogleUser();
    expect((await as(app, user).post('/api/devpost/profile', { username: 'jane_doe' })).json().success).toBe(true);
    const requestsBefore = devpost.requests.length;
    const response = await apply(app, user, job.id, applicationWithPdf(buildAnswers({ devpostUsername: 'JANE_DOE' })));
    expect(response.statusCode, response.body).toBe(201);
    expect(devpost.requests.length).toBe(requestsBefore);
  });
});

describe('POST /api/public/jobs/:slug/apply?token= (private invitation)', () => {
  it('accepts the invited person (e-mail compared without case) and records the channel', async () => {
    const job = await newJob();
    const user = await createGoogleUser({ email: `invited-${randomUUID().slice(0, 6)}@example.test` });
    const { token, invitation } = await createInvitation(db(), { jobId: job.id, email: user.email!.toUpperCase() });
    const response = await apply(app, user, job.id, applicationWithPdf(), { query: `?token=${token}` });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await applicationRows(user.uid);
    expect(row).toMatchObject({ channel: 'private', invitationId: invitation.id, sharedLinkId: null });
  });

  it.each([
    ['an unknown token', async () => 'x'.repeat(43), 404, 'Invalid token'],
    [
      'a token for another job',
      async (email: string) => (await createInvitation(db(), { jobId: (await newJob()).id, email })).token,
      404,
      'Invalid token',
    ],
    [
      'an expired token',
      async (email: string, jobId: string) => {
        const { token, invitation } = await createInvitation(db(), { jobId, email });
        await db()
          .update(applicantInvitations)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(applicantInvitations.id, invitation.id));
        return token;
      },
      410,
      'This invitation has expired.',
    ],
    [
      'a token sent to another e-mail',
      async (_email: string, jobId: string) =>
        (await createInvitation(db(), { jobId, email: 'other@example.test' })).token,
      403,
      'This invitation was sent to another email address.',
    ],
  ])('refuses %s with the status and message of its case', async (_label, makeToken, status, error) => {
    const job = await newJob();
    const user = await createGoogleUser();
    const token = await makeToken(user.email!, job.id);
    const response = await apply(app, user, job.id, applicationWithPdf(), {
      query: `?token=${encodeURIComponent(token)}`,
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error, code: expect.any(String) });
    expect(await applicationRows(user.uid)).toHaveLength(0);
  });
});

describe('POST /api/public/jobs/:slug/apply?sharedId= (shared link)', () => {
  it('accepts a live link of the job and records it', async () => {
    const job = await newJob();
    const user = await createGoogleUser();
    const link = await createSharedLink(db(), job.id);
    const response = await apply(app, user, job.id, applicationWithPdf(), { query: `?sharedId=${link.id}` });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await applicationRows(user.uid);
    expect(row).toMatchObject({ channel: 'link', sharedLinkId: link.id, invitationId: null });
  });

  it.each([
    ['an unknown link', async () => 'no-such-link', 404, 'This link is not valid.'],
    [
      'another job’s link',
      async () => (await createSharedLink(db(), (await newJob()).id)).id,
      404,
      'This link is not valid.',
    ],
    [
      'a revoked link',
      async (jobId: string) => {
        const link = await createSharedLink(db(), jobId);
        await revokeSharedLink(db(), link.id);
        return link.id;
      },
      410,
      'This link has been revoked.',
    ],
  ])('refuses %s with the status and message of its case', async (_label, makeLink, status, error) => {
    const job = await newJob();
    const user = await createGoogleUser();
    const response = await apply(app, user, job.id, applicationWithPdf(), {
      query: `?sharedId=${await makeLink(job.id)}`,
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error, code: expect.any(String) });
    expect(await applicationRows(user.uid)).toHaveLength(0);
  });
});

describe('GET /api/job/applied-jobs and the profile’s appliedJobs', () => {
  it('lists the caller’s own applied job ids, newest first; nobody else sees them', async () => {
    const [first, second] = [await newJob(), await newJob()];
    const [ada, grace] = await Promise.all([createGoogleUser(), createGoogleUser()]);
    expect((await apply(app, ada, first.id, applicationWithPdf())).statusCode).toBe(201);
    expect((await apply(app, ada, second.slug, applicationWithPdf())).statusCode).toBe(201);

    const mine = await as(app, ada).get('/api/job/applied-jobs');
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual([second.id, first.id]);
    expect(mine.headers['cache-control']).toBe('no-store');
    expect((await as(app, ada).get('/api/profile')).json().appliedJobs).toEqual([second.id, first.id]);

    expect((await as(app, grace).get('/api/job/applied-jobs')).json()).toEqual([]);
    expect((await as(app, grace).get('/api/profile')).json().appliedJobs).toEqual([]);
  });

  it.each([
    ['no token', async () => null, 401],
    ['an anonymous session', () => createAnonymousUser(), 403],
  ])('refuses %s (401 without a token, 403 for an anonymous session)', async (_label, makeUser, status) => {
    const response = await as(app, await makeUser()).get('/api/job/applied-jobs');
    expect(response.statusCode).toBe(status);
    expect(response.json()).toHaveProperty('error');
  });
});

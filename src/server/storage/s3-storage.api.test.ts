import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoogleUser } from '../../../tests/api-setup/emulator-users.ts';
import { type LocalS3Server, startLocalS3Server } from '../../../tests/api-setup/local-s3-server.ts';
import { as } from '../../../tests/api-setup/profile-client.ts';
import { buildEnv } from '../../../tests/api-setup/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../../tests/api-setup/test-database.ts';
import { buildPdf, resumeUpload } from '../../../tests/api-setup/uploads.ts';
import { buildApp } from '../app.ts';
import type { Env } from '../env.ts';
import { createStorage } from './create-storage.ts';
import { sweepOrphanFiles } from './orphan-sweeper.ts';

// The app configured with the S3 variables (no storage handed in): files go to the bucket, and a second
// instance with the same configuration serves them.

let testDatabase: TestDatabase;
let s3: LocalS3Server;
let env: Env;
let first: FastifyInstance;
let second: FastifyInstance;
const unusedStorageDir = join(tmpdir(), `campus-jobs-s3-unused-${randomUUID()}`);

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  s3 = await startLocalS3Server();
  env = buildEnv({
    STORAGE_DIR: unusedStorageDir,
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_PREFIX: 'campus-jobs',
  });
  first = await buildApp({ env, database: testDatabase.database });
  second = await buildApp({ env, database: testDatabase.database });
  await Promise.all([first.ready(), second.ready()]);
});

afterAll(async () => {
  await first.close();
  await second.close();
  await s3.close();
  await testDatabase.dispose();
});

describe('the app on S3 storage', () => {
  it('stores a profile resume uploaded through PATCH /api/profile/main-resume in the bucket; every instance serves it', async () => {
    const user = await createGoogleUser();
    const pdf = buildPdf('stored-in-s3');

    const upload = await as(first, user).upload('/api/profile/main-resume', resumeUpload(pdf, 'Ada CV.pdf'));
    expect(upload.statusCode).toBe(200);

    const keys = [...s3.objects.keys()].filter((key) => key.startsWith('campus-jobs/resumes/'));
    expect(keys).toHaveLength(1);
    expect(s3.objects.get(keys[0] ?? '')?.data.equals(pdf)).toBe(true);
    expect(s3.objects.get(keys[0] ?? '')?.contentType).toBe('application/pdf');
    expect(existsSync(unusedStorageDir)).toBe(false);

    for (const instance of [first, second]) {
      const read = await as(instance, user).get('/api/profile/resume');
      expect(read.statusCode).toBe(200);
      expect(read.headers['content-type']).toContain('application/pdf');
      expect(read.rawPayload.equals(pdf)).toBe(true);
    }
  });

  it('replacing the resume removes the previous object from the bucket', async () => {
    const user = await createGoogleUser();
    const resumeKeys = () => new Set([...s3.objects.keys()].filter((key) => key.startsWith('campus-jobs/resumes/')));
    const before = resumeKeys();
    expect((await as(first, user).upload('/api/profile/main-resume', resumeUpload(buildPdf('one')))).statusCode).toBe(
      200,
    );
    const afterFirst = resumeKeys();
    expect((await as(second, user).upload('/api/profile/main-resume', resumeUpload(buildPdf('two')))).statusCode).toBe(
      200,
    );
    const afterSecond = resumeKeys();
    expect(afterFirst.size).toBe(before.size + 1);
    expect(afterSecond.size).toBe(afterFirst.size);
    const read = await as(first, user).get('/api/profile/resume');
    expect(read.rawPayload.toString('latin1')).toContain('% two');
  });

  it('sweeps an old orphan from the bucket and keeps the referenced resumes', async () => {
    const storage = createStorage(env);
    try {
      await storage.put('resumes/0123456789abcdef0123456789abcdef.pdf', buildPdf('orphan'));
      const orphan = s3.objects.get('campus-jobs/resumes/0123456789abcdef0123456789abcdef.pdf');
      if (!orphan) throw new Error('the orphan should be in the bucket');
      orphan.lastModified = new Date(Date.now() - 2 * 60 * 60_000);
      const referencedBefore = [...s3.objects.keys()].filter(
        (key) => key !== 'campus-jobs/resumes/0123456789abcdef0123456789abcdef.pdf',
      );

      const silent = { info() {}, warn() {}, error() {} };
      // Referenced resumes are fresh here: a zero grace period shows they are kept because a row names them.
      const run = await sweepOrphanFiles({ database: testDatabase.database, storage, log: silent, graceMs: 0 });

      expect(run).toMatchObject({ ran: true, removed: 1, failed: 0 });
      expect([...s3.objects.keys()].sort()).toEqual(referencedBefore.sort());
    } finally {
      storage.destroy?.();
    }
  });
});

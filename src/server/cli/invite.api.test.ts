import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apply, buildAnswers, multipartApplication } from '../../../tests/api-setup/applications.ts';
import {
  type CliResult,
  runCliScript,
  type ServerOnDataDir,
  startServerOnDataDir,
} from '../../../tests/api-setup/cli.ts';
import { createGoogleUser } from '../../../tests/api-setup/emulator-users.ts';
import { insertFeaturedJob, insertOrganization } from '../../../tests/api-setup/job-board.ts';
import { as } from '../../../tests/api-setup/profile-client.ts';
import { buildEnv } from '../../../tests/api-setup/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../../tests/api-setup/test-database.ts';
import { buildPdf } from '../../../tests/api-setup/uploads.ts';
import { openDatabase } from '../db/client.ts';
import { applicantInvitations, type FeaturedJobRow, sharedLinks } from '../db/schema.ts';

// `npm run invite` and `npm run share-link` as a person runs them: a separate process, against a running server or
// straight into the database.

function runCli(name: 'invite' | 'share-link', args: string[], env: Record<string, string>): Promise<CliResult> {
  return runCliScript(name, args, { DATABASE_URL: '', PUBLIC_URL: '', PORT: '', LOG_LEVEL: 'silent', ...env });
}

function lastLine(text: string): string {
  return text.trim().split('\n').at(-1) ?? '';
}

describe('npm run invite / share-link with a server running on DATA_DIR', () => {
  let testDatabase: TestDatabase;
  let dataDir: string;
  let server: ServerOnDataDir;
  let job: FeaturedJobRow;

  beforeAll(async () => {
    testDatabase = await openTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'campus-jobs-invite-data-'));
    server = await startServerOnDataDir({
      dataDir,
      database: testDatabase.database,
      env: buildEnv({ STORAGE_DIR: join(dataDir, 'files'), OUTBOX_DIR: join(dataDir, 'outbox') }),
    });
    const organization = await insertOrganization(testDatabase.database.db, { name: 'Tailspin Toys' });
    job = await insertFeaturedJob(testDatabase.database.db, {
      organizationId: organization.id,
      title: 'Toy Designer Intern',
    });
  });

  afterAll(async () => {
    await server.close();
    await testDatabase.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('invite prints a link that the invited person can use to apply', async () => {
    const user = await createGoogleUser();
    const result = await runCli(
      'invite',
      ['--job', job.slug, '--email', user.email!, '--first-name', 'Ada', '--last-name', 'Lovelace'],
      {
        DATA_DIR: dataDir,
        PUBLIC_URL: 'https://jobs.example.edu',
      },
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      `Invitation for Ada Lovelace <${user.email}> to "Toy Designer Intern" at Tailspin Toys`,
    );
    expect(result.stdout).toContain(`through the running server (pid ${process.pid})`);
    const url = new URL(lastLine(result.stdout));
    expect(`${url.origin}${url.pathname}`).toBe(`https://jobs.example.edu/jobs/${job.id}/apply`);
    const token = url.searchParams.get('token')!;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);

    const info = await as(server.app, user).get(`/api/applicants/validate/${token}`);
    expect(info.statusCode).toBe(200);
    expect(info.json().applicant).toEqual({ firstName: 'Ada', lastName: 'Lovelace', email: user.email });
    const applied = await apply(server.app, user, job.id, multipartApplication(buildAnswers(), { file: buildPdf() }), {
      query: url.search,
    });
    expect(applied.statusCode, applied.body).toBe(201);
  });

  it('share-link prints a link, and --revoke makes it answer 410', async () => {
    const created = await runCli('share-link', ['--job', job.id], { DATA_DIR: dataDir });
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const url = new URL(lastLine(created.stdout));
    expect(`${url.origin}${url.pathname}`).toBe(`http://localhost:3000/jobs/${job.id}/apply`);
    const sharedId = url.searchParams.get('sharedId')!;
    expect((await server.app.inject({ url: `/api/public/jobs/${job.id}?sharedId=${sharedId}` })).statusCode).toBe(200);

    const revoked = await runCli('share-link', ['--revoke', sharedId], { DATA_DIR: dataDir });
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toContain(`Shared link ${sharedId} of job ${job.id} revoked`);
    expect((await server.app.inject({ url: `/api/public/jobs/${job.id}?sharedId=${sharedId}` })).statusCode).toBe(410);
  });

  it('exits 1 with the reason for an unknown job, and 2 for bad arguments', async () => {
    const unknown = await runCli('invite', ['--job', 'no-such-job', '--email', 'a@example.test'], {
      DATA_DIR: dataDir,
    });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No open featured job "no-such-job"');
    const bad = await runCli('invite', ['--job', job.id, '--email', 'not-an-email'], { DATA_DIR: dataDir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--email must be an e-mail address');
    const none = await runCli('share-link', [], { DATA_DIR: dataDir });
    expect(none.code).toBe(2);
    // A link id starting with "-" (one in 64 base64url ids) is an id, not an unknown option: looked up, not found.
    const dashed = await runCli('share-link', ['--revoke', '-Xm9qTz0aBcDeFgHiJkLmNo'], { DATA_DIR: dataDir });
    expect(dashed.stderr).not.toContain('Unknown option');
    expect(dashed.code).toBe(1);
    expect(
      await testDatabase.database.db.$count(applicantInvitations, eq(applicantInvitations.email, 'not-an-email')),
    ).toBe(0);
  });
});

describe('npm run invite / share-link without a server', () => {
  it('open an unused DATA_DIR themselves and write there', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'campus-jobs-invite-direct-'));
    try {
      let jobId: string;
      const setup = await openDatabase({ dataDir });
      try {
        await setup.migrate();
        const organization = await insertOrganization(setup.db, { name: 'Direct Org' });
        jobId = (await insertFeaturedJob(setup.db, { organizationId: organization.id })).id;
      } finally {
        await setup.close();
      }

      const invite = await runCli('invite', ['--job', jobId, '--email', 'direct@example.test'], {
        DATA_DIR: dataDir,
        PORT: '4100',
      });
      expect(invite.stderr).toBe('');
      expect(invite.code).toBe(0);
      expect(invite.stdout).toContain(`created in ${dataDir}`);
      expect(lastLine(invite.stdout)).toMatch(
        new RegExp(`^http://localhost:4100/jobs/${jobId}/apply\\?token=[\\w-]{43}$`),
      );
      const share = await runCli('share-link', ['--job', jobId], { DATA_DIR: dataDir });
      expect(share.code).toBe(0);

      const check = await openDatabase({ dataDir });
      try {
        expect(await check.db.$count(applicantInvitations, eq(applicantInvitations.jobId, jobId))).toBe(1);
        expect(await check.db.$count(sharedLinks, eq(sharedLinks.jobId, jobId))).toBe(1);
      } finally {
        await check.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

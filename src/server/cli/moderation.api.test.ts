import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CliResult,
  runCliScript,
  type ServerOnDataDir,
  startServerOnDataDir,
} from '../../../tests/api-setup/cli.ts';
import { caller } from '../../../tests/api-setup/company.ts';
import { createGoogleUser, uniqueEmail } from '../../../tests/api-setup/emulator-users.ts';
import { buildListing } from '../../../tests/api-setup/job-board.ts';
import { buildEnv } from '../../../tests/api-setup/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../../tests/api-setup/test-database.ts';
import { openDatabase } from '../db/client.ts';
import { externalListings, hiddenJobs, moderationLog } from '../db/schema.ts';

// `npm run moderation -- list|hide|restore|dismiss` as an operator runs it: through the running server, or into DATA_DIR.

function runModeration(args: string[], env: Record<string, string>): Promise<CliResult> {
  return runCliScript('moderation', args, { DATABASE_URL: '', LOG_LEVEL: 'silent', ...env });
}

const cliActor = `cli:${userInfo().username}`;

describe('npm run moderation with a server running on DATA_DIR', () => {
  let testDatabase: TestDatabase;
  let dataDir: string;
  let server: ServerOnDataDir;
  const listings = [buildListing({ title: 'Too Good To Be True Intern' }), buildListing()];

  beforeAll(async () => {
    testDatabase = await openTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'campus-jobs-moderation-data-'));
    server = await startServerOnDataDir({
      dataDir,
      database: testDatabase.database,
      env: buildEnv({ STORAGE_DIR: join(dataDir, 'files'), OUTBOX_DIR: join(dataDir, 'outbox') }),
    });
    await server.app.feedIngest.importSources([{ name: 'internships.json', type: 'internship', data: listings }]);
    const student = await createGoogleUser({ email: uniqueEmail('reporter') });
    await caller(server.app, student).request('POST', '/api/auth/create-account', { email: student.email });
    const report = await caller(server.app, student).request('POST', `/api/public/jobs/${listings[0]!.id}/reports`, {
      reason: 'scam',
      text: 'Wants my bank details',
    });
    expect(report.statusCode).toBe(201);
  });

  afterAll(async () => {
    await server?.close();
    await testDatabase?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const boardIds = async () =>
    (
      (await server.app.inject({ method: 'GET', url: '/api/public/board' })).json() as { jobs: { id: string }[] }
    ).jobs.map((job) => job.id);

  it('lists the reports, hides the job off the running board, restores it, and logs both as the OS user', async () => {
    const listingId = listings[0]!.id as string;
    const list = await runModeration(['list'], { DATA_DIR: dataDir });
    expect(list.stderr).toBe('');
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(`${listingId}  Too Good To Be True Intern at Acme`);
    expect(list.stdout).toContain('1 open report(s): scam 1');
    expect(list.stdout).toContain('[scam] Wants my bank details');

    const hide = await runModeration(['hide', listingId, '--reason', 'Scam: bank details'], { DATA_DIR: dataDir });
    expect(hide.stderr).toBe('');
    expect(hide.code).toBe(0);
    expect(hide.stdout).toContain(`Hidden ${listingId} through the running server`);
    expect(await boardIds()).not.toContain(listingId);

    const again = await runModeration(['hide', listingId, '--reason', 'twice'], { DATA_DIR: dataDir });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('This job is already hidden.');

    const restore = await runModeration(['restore', listingId], { DATA_DIR: dataDir });
    expect(restore.code).toBe(0);
    expect(await boardIds()).toContain(listingId);

    const log = await testDatabase.database.db.select().from(moderationLog).orderBy(moderationLog.id);
    expect(log.map((entry) => [entry.action, entry.jobId, entry.actor, entry.reason])).toEqual([
      ['hide', listingId, cliActor, 'Scam: bank details'],
      ['restore', listingId, cliActor, null],
    ]);
    const listed = await runModeration(['list'], { DATA_DIR: dataDir });
    expect(listed.stdout).toContain(`restore ${listingId} by ${cliActor}`);
  }, 180_000);

  it('refuses missing or bad arguments with the usage and exit 2, changing nothing', async () => {
    // One process each (several seconds apiece on a busy machine): the argument rules' main cases.
    for (const args of [
      ['delete', 'x'],
      ['hide', listings[1]!.id as string, '--reason', '  '],
      ['hide', 'not a job id', '--reason', 'scam'],
    ]) {
      const result = await runModeration(args, { DATA_DIR: dataDir });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain('Usage: npm run moderation -- list');
    }
    expect(await testDatabase.database.db.$count(hiddenJobs)).toBe(0);
    expect(await testDatabase.database.db.$count(moderationLog)).toBe(2);
  }, 120_000);

  it('dismisses the open reports of a job through the running server, leaving it on the board', async () => {
    const listingId = listings[1]!.id as string;
    const student = await createGoogleUser({ email: uniqueEmail('wrong-reporter') });
    await caller(server.app, student).request('POST', '/api/auth/create-account', { email: student.email });
    const report = await caller(server.app, student).request('POST', `/api/public/jobs/${listingId}/reports`, {
      reason: 'closed',
    });
    expect(report.statusCode).toBe(201);

    const noReason = await runModeration(['dismiss', listingId], { DATA_DIR: dataDir });
    expect(noReason.code).toBe(2);
    expect(noReason.stderr).toContain('--reason');

    const dismiss = await runModeration(['dismiss', listingId, '--reason', 'Checked: still open'], {
      DATA_DIR: dataDir,
    });
    expect(dismiss.stderr).toBe('');
    expect(dismiss.code).toBe(0);
    expect(dismiss.stdout).toContain(`Dismissed 1 open report(s) of ${listingId} through the running server`);
    expect(await boardIds()).toContain(listingId);

    const again = await runModeration(['dismiss', listingId, '--reason', 'again'], { DATA_DIR: dataDir });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('This job has no open reports to dismiss.');

    const [last] = await testDatabase.database.db.select().from(moderationLog).orderBy(desc(moderationLog.id)).limit(1);
    expect(last).toMatchObject({ action: 'dismiss', jobId: listingId, actor: cliActor, reason: 'Checked: still open' });
    expect(await testDatabase.database.db.$count(hiddenJobs)).toBe(0);
  }, 180_000);
});

describe('npm run moderation without a server', () => {
  it('opens an unused DATA_DIR itself and hides the job there, with its audit entry', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'campus-jobs-moderation-direct-'));
    const listing = buildListing();
    try {
      const setup = await openDatabase({ dataDir });
      try {
        await setup.migrate();
        await setup.db.insert(externalListings).values({
          id: listing.id as string,
          feedType: 'internship',
          title: 'Listing',
          company: 'Acme',
          locations: ['Remote'],
          terms: [],
          degrees: [],
          url: 'https://jobs.example.com/listing',
          datePosted: 1_760_000_000,
        });
      } finally {
        await setup.close();
      }
      const result = await runModeration(['hide', listing.id as string, '-r', 'Closed for months'], {
        DATA_DIR: dataDir,
      });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`Hidden ${listing.id} in ${dataDir}`);
      const check = await openDatabase({ dataDir });
      try {
        expect(await check.db.select().from(hiddenJobs)).toEqual([
          expect.objectContaining({ jobId: listing.id, reason: 'Closed for months', hiddenBy: cliActor }),
        ]);
        expect(await check.db.$count(moderationLog)).toBe(1);
      } finally {
        await check.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

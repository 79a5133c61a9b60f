import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CliResult,
  runCliScript,
  type ServerOnDataDir,
  startServerOnDataDir,
} from '../../../tests/api-setup/cli.ts';
import { buildListing } from '../../../tests/api-setup/job-board.ts';
import { buildEnv } from '../../../tests/api-setup/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../../tests/api-setup/test-database.ts';
import { openDatabase } from '../db/client.ts';
import { acquireDataDirLock } from '../db/data-dir-lock.ts';
import { externalListings } from '../db/schema.ts';
import { adminEndpointFileName } from '../modules/admin/index.ts';

// `npm run ingest` as a person runs it: a separate process, against a running server or straight into the database.

function runCli(args: string[], env: Record<string, string>): Promise<CliResult> {
  return runCliScript('ingest', args, { DATABASE_URL: '', LOG_LEVEL: 'silent', ...env });
}

let workDir: string;
let testDatabase: TestDatabase;

function writeFeed(name: string, records: unknown): string {
  const path = join(workDir, name);
  writeFileSync(path, JSON.stringify(records));
  return path;
}

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'campus-jobs-ingest-cli-'));
});

afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
});

describe('npm run ingest with a server running on DATA_DIR', () => {
  let dataDir: string;
  let server: ServerOnDataDir;

  beforeAll(async () => {
    testDatabase = await openTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'campus-jobs-ingest-data-'));
    server = await startServerOnDataDir({ dataDir, database: testDatabase.database, env: buildEnv() });
  });

  afterAll(async () => {
    await server.close();
    await testDatabase.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('publishes the admin endpoint readable by its owner only', () => {
    expect(statSync(join(dataDir, adminEndpointFileName)).mode & 0o777).toBe(0o600);
  });

  it('sends the files to the server, which imports them, and prints a summary per source', async () => {
    const internships = writeFeed('internships-current.json', [
      buildListing({ title: 'Cli Intern One' }),
      buildListing({ title: 'Cli Intern Two' }),
      buildListing({ title: 'Cli Intern Three' }),
      buildListing({ url: 'not a url' }),
    ]);
    const newGrads = writeFeed('new-grads-current.json', [buildListing({ title: 'Cli New Grad' })]);

    const result = await runCli([internships, newGrads], { DATA_DIR: dataDir });

    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      `${internships} (internship): 4 records, 3 imported, 1 skipped (1 invalid, 0 inactive, 0 duplicate)`,
    );
    expect(result.stdout).toContain(`${newGrads} (new-grad): 1 record, 1 imported, 0 skipped`);
    expect(result.stdout).toContain('internship listings: 3 active (3 new, 0 changed, 0 unchanged), 0 deactivated');
    expect(result.stdout).toContain(
      `Imported through the running server (pid ${process.pid}); the board now shows 4 jobs.`,
    );
    const page = (await server.app.inject({ method: 'GET', url: '/api/public/board?type=internship' })).json();
    expect(page.jobs.map((job: { title: string }) => job.title).sort()).toEqual([
      'Cli Intern One',
      'Cli Intern Three',
      'Cli Intern Two',
    ]);
  });

  it('replaces a feed with --type and reports what left it', async () => {
    const file = writeFeed('listings.json', [buildListing({ title: 'Only Intern Left' })]);
    const result = await runCli([file, '--type', 'internship'], { DATA_DIR: dataDir });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('internship listings: 1 active (1 new, 0 changed, 0 unchanged), 3 deactivated');
    expect((await server.app.inject({ method: 'GET', url: '/api/public/board?type=internship' })).json().total).toBe(1);
  });

  it('exits 1 with the server’s reason when a file is refused, and changes nothing', async () => {
    const before = await testDatabase.database.db.$count(externalListings);
    const file = writeFeed('internships-broken.json', { listings: [] });
    const result = await runCli([file], { DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('The server refused the import (HTTP 400)');
    expect(result.stderr).toContain('not a JSON array of listings');
    expect(await testDatabase.database.db.$count(externalListings)).toBe(before);
  });
});

describe('npm run ingest without a server', () => {
  it('opens an unused DATA_DIR itself (embedded database) and imports', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'campus-jobs-ingest-direct-'));
    try {
      const file = writeFeed('tech-new-grads.json', [buildListing(), buildListing(), buildListing({ active: false })]);
      const result = await runCli([file], { DATA_DIR: dataDir });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`Imported into ${dataDir}.`);
      expect(result.stdout).toContain('new-grad listings: 2 active (2 new');
      // The command released the folder; its data is there for the next server.
      expect(existsSync(join(dataDir, 'campus-jobs.lock'))).toBe(false);
      const database = await openDatabase({ dataDir });
      try {
        expect(await database.db.$count(externalListings)).toBe(2);
      } finally {
        await database.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('writes into DATABASE_URL when set', async (context) => {
    const database = await openTestDatabase();
    try {
      if (!database.url) {
        context.skip('needs TEST_DATABASE_URL (PostgreSQL)');
        return;
      }
      const file = writeFeed('interns.json', [buildListing(), buildListing()]);
      const result = await runCli([file], { DATABASE_URL: database.url, DATA_DIR: join(workDir, 'unused') });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('Imported into DATABASE_URL.');
      expect(await database.database.db.$count(externalListings)).toBe(2);
    } finally {
      await database.dispose();
    }
  });

  it('refuses while a server holds DATA_DIR without having published its admin endpoint', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'campus-jobs-ingest-starting-'));
    const lock = acquireDataDirLock(dataDir);
    try {
      const result = await runCli([writeFeed('interns-2.json', [buildListing()])], { DATA_DIR: dataDir });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`A server (pid ${process.pid}) is using DATA_DIR`);
    } finally {
      lock.release();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('npm run ingest: usage errors', () => {
  it.each([
    [[], 2, 'Name at least one feed file or URL'],
    [['jobs.json'], 2, 'Cannot tell the type of jobs.json from its name'],
    [['internships-for-new-grads.json'], 2, 'Cannot tell the type'],
    [['x.json', '--type', 'senior'], 2, '--type must be internship or new-grad, not "senior"'],
    [['--bogus'], 2, "Unknown option '--bogus'"],
    [['missing-internships.json'], 1, 'Import failed: missing-internships.json: no such file'],
  ])('%j exits %i: %s', async (args, code, message) => {
    const result = await runCli(args, { DATA_DIR: join(workDir, 'never-created') });
    expect(result.code).toBe(code);
    expect(result.stderr).toContain(message);
    expect(existsSync(join(workDir, 'never-created'))).toBe(false);
  });

  it('prints its usage with --help', async () => {
    const result = await runCli(['--help'], {});
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: npm run ingest -- <file-or-url>/);
  });
});

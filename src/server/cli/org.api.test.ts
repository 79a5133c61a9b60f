import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CliResult,
  runCliScript,
  type ServerOnDataDir,
  startServerOnDataDir,
} from '../../../tests/api-setup/cli.ts';
import { caller, createOrganizationWithOwnerUser, lastMailLink, postJob } from '../../../tests/api-setup/company.ts';
import { createGoogleUser, uniqueEmail } from '../../../tests/api-setup/emulator-users.ts';
import { buildEnv } from '../../../tests/api-setup/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../../tests/api-setup/test-database.ts';
import { openDatabase } from '../db/client.ts';
import { featuredJobs, organizationActivity, organizationInvitations, organizations } from '../db/schema.ts';

// `npm run org -- create | delete | restore` as an operator runs it: through the running server, or straight into the database.

function runOrg(args: string[], env: Record<string, string>): Promise<CliResult> {
  return runCliScript('org', args, { DATABASE_URL: '', PUBLIC_URL: '', PORT: '', LOG_LEVEL: 'silent', ...env });
}

function lastLine(text: string): string {
  return text.trim().split('\n').at(-1) ?? '';
}

describe('npm run org with a server running on DATA_DIR', () => {
  let testDatabase: TestDatabase;
  let dataDir: string;
  let server: ServerOnDataDir;

  beforeAll(async () => {
    testDatabase = await openTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'campus-jobs-org-data-'));
    server = await startServerOnDataDir({
      dataDir,
      database: testDatabase.database,
      env: buildEnv({ STORAGE_DIR: join(dataDir, 'files'), OUTBOX_DIR: join(dataDir, 'outbox') }),
    });
  });

  afterAll(async () => {
    await server?.close();
    await testDatabase?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates the organization and prints a link its owner uses once to join as owner', async () => {
    const owner = await createGoogleUser({ email: uniqueEmail('ada') });
    const result = await runOrg(['create', '--name', 'Acme', '--owner', owner.email!.toUpperCase()], {
      DATA_DIR: dataDir,
      PUBLIC_URL: 'https://jobs.example.edu',
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Organization "Acme" (acme) created through the running server');
    const link = lastLine(result.stdout);
    expect(link).toMatch(/^https:\/\/jobs\.example\.edu\/company\/join\/[\w-]{43}$/);
    const token = link.split('/company/join/')[1]!;
    // The owner gets the same link by e-mail, through the server's outbox.
    const mailed = await lastMailLink(testDatabase.database.db, owner.email!.toLowerCase(), '/company/join/');
    expect(mailed.endsWith(`/company/join/${token}`)).toBe(true);

    const joined = await caller(server.app, owner).request('POST', `/api/company/join/${token}`);
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({ name: 'Acme', slug: 'acme', role: 'owner' });
    expect((await caller(server.app, owner).request('POST', `/api/company/join/${token}`)).json().code).toBe(
      'invitation_used',
    );

    // A second "Acme" gets its own slug.
    const second = await runOrg(['create', '--name', 'Acme', '--owner', 'bob@acme.example'], { DATA_DIR: dataDir });
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/\(acme-[0-9a-f]{6}\)/);
  });

  // One case per test: each starts a process (seconds each on a busy machine), within its own time budget.
  it.each([
    [[]],
    [['create', '--name', 'Acme']],
    [['create', '--name', 'Acme', '--owner', 'not-an-email']],
    [['delete', '--name', 'Acme', '--owner', 'a@b.example']],
  ])('refuses %j (exit 2, usage) without creating anything', async (args: string[]) => {
    const before = await testDatabase.database.db.$count(organizations);
    const result = await runOrg(args, { DATA_DIR: dataDir });
    expect(result.code, args.join(' ')).toBe(2);
    expect(result.stderr).toContain('Usage: npm run org -- create');
    expect(await testDatabase.database.db.$count(organizations)).toBe(before);
  });
});

describe('npm run org -- delete | restore with a server running on DATA_DIR', () => {
  let testDatabase: TestDatabase;
  let dataDir: string;
  let server: ServerOnDataDir;
  const cliActor = `cli:${userInfo().username}`;

  beforeAll(async () => {
    testDatabase = await openTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'campus-jobs-org-delete-'));
    server = await startServerOnDataDir({
      dataDir,
      database: testDatabase.database,
      env: buildEnv({
        STORAGE_DIR: join(dataDir, 'files'),
        OUTBOX_DIR: join(dataDir, 'outbox'),
        ORGANIZATION_DELETION_GRACE_DAYS: '14',
      }),
    });
  });

  afterAll(async () => {
    await server?.close();
    await testDatabase?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('schedules the deletion as an owner would (jobs closed, date after the grace period), by slug and id, and cancels it, logged as the OS user', async () => {
    const db = testDatabase.database.db;
    const organization = await createOrganizationWithOwnerUser(server.app, db, 'Sunset Labs');
    const job = await postJob(server.app, organization.owner, organization.id);
    const boardIds = async () =>
      (
        (await server.app.inject({ method: 'GET', url: '/api/public/board' })).json() as { jobs: { id: string }[] }
      ).jobs.map((entry) => entry.id);
    // The board picks a new job up through the board version's notice.
    await expect.poll(boardIds).toContain(job.id);

    const before = Date.now();
    const deleted = await runOrg(['delete', 'sunset-labs'], { DATA_DIR: dataDir });
    expect(deleted.stderr).toBe('');
    expect(deleted.code).toBe(0);
    expect(deleted.stdout).toContain('"Sunset Labs" (sunset-labs) is scheduled for deletion on ');
    expect(deleted.stdout).toContain('through the running server');
    const [row] = await db.select().from(organizations).where(eq(organizations.id, organization.id));
    expect(row!.deletionRequestedBy).toBe(cliActor);
    const graceMs = row!.deletionDueAt!.getTime() - row!.deletionRequestedAt!.getTime();
    expect(graceMs).toBe(14 * 86_400_000);
    expect(row!.deletionRequestedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const [closed] = await db.select().from(featuredJobs).where(eq(featuredJobs.id, job.id));
    expect(closed!.status).toBe('closed');
    await expect.poll(boardIds).not.toContain(job.id);
    // Again, by id: the first date stands.
    const again = await runOrg(['delete', organization.id], { DATA_DIR: dataDir });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('it already was: the first date stands');

    const restored = await runOrg(['restore', organization.id], { DATA_DIR: dataDir });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(
      'The deletion of "Sunset Labs" (sunset-labs) is cancelled through the running server',
    );
    const [after] = await db.select().from(organizations).where(eq(organizations.id, organization.id));
    expect(after).toMatchObject({ deletionDueAt: null, deletionRequestedAt: null, deletionRequestedBy: null });

    const log = await db
      .select({ kind: organizationActivity.kind, actorUid: organizationActivity.actorUid })
      .from(organizationActivity)
      .where(eq(organizationActivity.organizationId, organization.id))
      .orderBy(organizationActivity.id);
    expect(log.filter((entry) => entry.kind.startsWith('deletion-'))).toEqual([
      { kind: 'deletion-scheduled', actorUid: cliActor },
      { kind: 'deletion-cancelled', actorUid: cliActor },
    ]);
  }, 180_000);

  it('refuses an unknown organization (exit 1) and a restore with nothing scheduled (exit 1), changing nothing', async () => {
    const db = testDatabase.database.db;
    const before = await db.select().from(organizations).orderBy(organizations.id);
    const unknown = await runOrg(['delete', 'no-such-org'], { DATA_DIR: dataDir });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('There is no organization with this id or slug.');
    const nothing = await runOrg(['restore', 'sunset-labs'], { DATA_DIR: dataDir });
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toContain('restore failed:');
    const bad = await runOrg(['delete'], { DATA_DIR: dataDir });
    expect(bad.code).toBe(2);
    expect(await db.select().from(organizations).orderBy(organizations.id)).toEqual(before);
  }, 120_000);
});

describe('npm run org without a server', () => {
  it('opens an unused DATA_DIR itself and writes the organization and its owner invitation there', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'campus-jobs-org-direct-'));
    try {
      const result = await runOrg(['create', '--name', 'Direct Org', '--owner', 'owner@direct.example'], {
        DATA_DIR: dataDir,
        PORT: '4100',
      });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`created in ${dataDir}`);
      expect(lastLine(result.stdout)).toMatch(/^http:\/\/localhost:4100\/company\/join\/[\w-]{43}$/);
      const check = await openDatabase({ dataDir });
      try {
        const [organization] = await check.db.select().from(organizations).where(eq(organizations.slug, 'direct-org'));
        expect(organization?.name).toBe('Direct Org');
        const invitations = await check.db
          .select()
          .from(organizationInvitations)
          .where(eq(organizationInvitations.organizationId, organization!.id));
        expect(invitations).toEqual([
          expect.objectContaining({ email: 'owner@direct.example', role: 'owner', acceptedAt: null }),
        ]);
        // Its e-mail waits in the outbox for the next server started on DATA_DIR.
        expect(await lastMailLink(check.db, 'owner@direct.example', '/company/join/')).toBe(lastLine(result.stdout));
      } finally {
        await check.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appTableNames, snapshotAppState, watchAppState } from '../../../tests/api-setup/app-state.ts';
import { insertOrganization } from '../../../tests/api-setup/job-board.ts';
import { openTestDatabase, type TestDatabase } from '../../../tests/api-setup/test-database.ts';
import { createLocalDiskStorage } from '../storage/local-disk-storage.ts';
import * as schema from './schema.ts';

// The "nothing changed" helper every refusal test relies on must itself see every kind of change.

let testDatabase: TestDatabase;
let workDir: string;
const db = () => testDatabase.database.db;

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  workDir = mkdtempSync(join(tmpdir(), 'campus-jobs-app-state-'));
  mkdirSync(join(workDir, 'files'));
  mkdirSync(join(workDir, 'outbox'));
});

afterAll(async () => {
  await testDatabase.dispose();
  rmSync(workDir, { recursive: true, force: true });
});

const sources = () => ({ db: db(), storage: join(workDir, 'files'), outboxDir: join(workDir, 'outbox') });

describe('snapshotAppState', () => {
  it('compares every table of the Drizzle schema (none is left out)', async () => {
    const schemaTables = Object.values(schema)
      .filter((value) => is(value, PgTable))
      .map((table) => getTableName(table as PgTable));
    expect(schemaTables.length).toBeGreaterThanOrEqual(17);
    expect(await appTableNames(db())).toEqual(expect.arrayContaining(schemaTables));
    expect(Object.keys((await snapshotAppState(sources())).tables)).toEqual(expect.arrayContaining(schemaTables));
  });

  it('sees a new row, a changed column, a new file, a changed file and a new outbox file', async () => {
    const organization = await insertOrganization(db(), { name: 'Snapshot Labs' });
    const changes: [string, () => Promise<void> | void][] = [
      ['a new row', async () => void (await insertOrganization(db(), { name: 'Another Labs' }))],
      [
        'one changed column',
        async () =>
          void (await db()
            .update(schema.organizations)
            .set({ rejectionEmails: !organization.rejectionEmails })
            .where(eq(schema.organizations.id, organization.id))),
      ],
      ['a new stored file', () => createLocalDiskStorage(join(workDir, 'files')).put('resumes/a.pdf', '%PDF-1')],
      ['a changed stored file', () => createLocalDiskStorage(join(workDir, 'files')).put('resumes/a.pdf', '%PDF-2')],
      ['a new .eml file', () => writeFileSync(join(workDir, 'outbox', 'message.eml'), 'Subject: hi')],
    ];
    for (const [label, change] of changes) {
      const watched = await watchAppState(sources());
      await watched.expectUnchanged(`${label}: nothing done yet`);
      await change();
      await expect(watched.expectUnchanged(label), label).rejects.toThrow();
    }
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client.ts';
import { createServerDatabase, testDatabaseUrl } from './test-database.ts';

// Vitest globalSetup for the API project: the migrated database every test file starts from, made once per run
// (docs/decisions/036-test-suite-time.md).
// - PGlite: an in-memory PGlite spends 3-4 s of CPU in its initdb on every open, and the migrations ~0.4 s more;
//   loading a dump of a migrated one takes ~0.9 s.
// - PostgreSQL: migrating a new database takes ~0.9 s; copying a migrated template database ~0.3 s.

declare module 'vitest' {
  export interface ProvidedContext {
    /** The uncompressed dump (PGlite's `dumpDataDir('none')`) of a migrated in-memory database; '' on PostgreSQL. */
    pgliteTemplateFile: string;
    /** The migrated PostgreSQL database test databases are copied from; '' on PGlite. */
    postgresTemplateDatabase: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = testDatabaseUrl();
  if (serverUrl) {
    const created = await createServerDatabase(serverUrl, { prefix: 'campus_jobs_template' });
    try {
      const database = await openDatabase({ databaseUrl: created.url });
      try {
        await database.migrate();
      } finally {
        // A template database must have no open connection when it is copied.
        await database.close();
      }
    } catch (error) {
      await created.drop();
      throw error;
    }
    project.provide('pgliteTemplateFile', '');
    project.provide('postgresTemplateDatabase', created.name);
    return () => created.drop();
  }

  const database = await openDatabase({ dataDir: 'memory' });
  const folder = mkdtempSync(join(tmpdir(), 'campus-jobs-pglite-template-'));
  try {
    await database.migrate();
    // The handle's drizzle instance on PGlite keeps its client as `$client`.
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    const file = join(folder, 'migrated.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplateFile', file);
    project.provide('postgresTemplateDatabase', '');
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  } finally {
    await database.close();
  }
  return async () => rmSync(folder, { recursive: true, force: true });
}

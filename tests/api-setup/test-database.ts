import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client.ts';

// Each API test file gets its own migrated database: in-memory PGlite by default, or, when
// TEST_DATABASE_URL names a PostgreSQL server, a fresh database on it that is dropped afterwards.

export type TestDatabase = {
  database: DatabaseHandle;
  kind: 'pglite' | 'postgres';
  /** The per-file PostgreSQL database's URL (for a second connection pool: "another instance"); null for PGlite. */
  url: string | null;
  /** Closes the connection (if still open) and drops the per-file PostgreSQL database. */
  dispose(): Promise<void>;
};

export function testDatabaseUrl(): string | null {
  // Empty means unset: `npm test` passes TEST_DATABASE_URL='' for its PGlite run.
  return process.env.TEST_DATABASE_URL || null;
}

async function withAdminClient<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates a database on the PostgreSQL server (a copy of `template` when given) and answers its name, its URL and how
 * to drop it (`with (force)`: open connections are closed).
 */
export async function createServerDatabase(
  serverUrl: string,
  { prefix = 'campus_jobs_test', template }: { prefix?: string; template?: string } = {},
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await withAdminClient(serverUrl, (client) =>
    client.query(`create database "${name}"${template ? ` template "${template}"` : ''}`),
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      await withAdminClient(serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

let template: Blob | undefined;

/** The migrated database made once per run by tests/api-setup/database-template.ts (read once per worker). */
function pgliteTemplate(): Blob | undefined {
  const file = inject('pgliteTemplateFile');
  if (!file) return undefined;
  template ??= new Blob([readFileSync(file)]);
  return template;
}

export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = testDatabaseUrl();
  if (!serverUrl) {
    // Starts from the run's migrated dump; migrate() then finds nothing to apply (and still checks so).
    const database = await openDatabase({ dataDir: 'memory', memoryTemplate: pgliteTemplate() });
    await database.migrate();
    return { database, kind: 'pglite', url: null, dispose: () => database.close() };
  }

  // A database per file (not a schema): the generated SQL names "public" in foreign keys. A copy of the run's migrated
  // template (tests/api-setup/database-template.ts); migrate() then finds nothing to do.
  const created = await createServerDatabase(serverUrl, { template: inject('postgresTemplateDatabase') || undefined });
  const database = await openDatabase({ databaseUrl: created.url });
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    await created.drop();
    throw error;
  }
  return {
    database,
    kind: 'postgres',
    url: created.url,
    async dispose() {
      await database.close();
      await created.drop();
    },
  };
}

export type EmptyTestDatabase = {
  /** The new PostgreSQL database's URL; null on PGlite (an in-memory database belongs to one handle). */
  url: string | null;
  /** A new handle on the database, not migrated (PGlite: the same handle every time). */
  open(): Promise<DatabaseHandle>;
  dispose(): Promise<void>;
};

/** A database with nothing in it, for tests of the migrations themselves. */
export async function createEmptyTestDatabase(): Promise<EmptyTestDatabase> {
  const serverUrl = testDatabaseUrl();
  const handles: DatabaseHandle[] = [];
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: 'memory' });
    return { url: null, open: async () => database, dispose: () => database.close() };
  }
  const created = await createServerDatabase(serverUrl);
  return {
    url: created.url,
    async open() {
      const database = await openDatabase({ databaseUrl: created.url });
      handles.push(database);
      return database;
    },
    async dispose() {
      await Promise.all(handles.map((handle) => handle.close()));
      await created.drop();
    },
  };
}

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { buildEnv } from '../../../tests/api-setup/test-app.ts';
import { createEmptyTestDatabase, type EmptyTestDatabase } from '../../../tests/api-setup/test-database.ts';
import { type Database, MigrationError, migrationFiles } from './client.ts';

async function appliedMigrations(db: Database): Promise<number> {
  const result = (await db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`)) as {
    rows: { applied: number }[];
  };
  return Number(result.rows[0]?.applied);
}

let empty: EmptyTestDatabase | undefined;
const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  await empty?.dispose();
  empty = undefined;
});

describe('migrations', () => {
  it('three instances starting at once on an empty database all come up, and each file is applied once', async () => {
    empty = await createEmptyTestDatabase();
    if (empty.url) {
      // Three apps, each with its own connection pool (as three processes would have), started together.
      const env = buildEnv({ DATABASE_URL: empty.url, UNSUBSCRIBE_SECRET: 'a'.repeat(64) });
      const started = await Promise.allSettled([1, 2, 3].map(() => buildApp({ env, scheduledTasks: false })));
      for (const result of started) if (result.status === 'fulfilled') apps.push(result.value);
      expect(started.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      await Promise.all(apps.map((app) => app.ready()));
      for (const app of apps) {
        const response = await app.inject({ method: 'GET', url: '/api/readyz' });
        expect(response.statusCode).toBe(200);
      }
    } else {
      // The embedded database has one process per data folder: three calls of that process at once.
      const database = await empty.open();
      await Promise.all([database.migrate(), database.migrate(), database.migrate()]);
    }
    const database = await empty.open();
    expect(await appliedMigrations(database.db)).toBe(migrationFiles().length);
  }, 180_000);

  it("a refused migration fails with PostgreSQL's own message and SQLSTATE", async () => {
    empty = await createEmptyTestDatabase();
    const database = await empty.open();
    // A table the first migration creates, already there: its CREATE TABLE is refused.
    await database.db.execute(sql`create table users (id int)`);
    const failure = await database.migrate().then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(MigrationError);
    expect((failure as MigrationError).message).toBe(
      'migrations failed: relation "users" already exists (SQLSTATE 42P07)',
    );
    // Nothing half-applied: the files run in one transaction.
    const tables = (await database.db.execute(
      sql`select count(*)::int as count from information_schema.tables where table_schema = 'public'`,
    )) as { rows: { count: number }[] };
    expect(Number(tables.rows[0]?.count)).toBe(1);
  }, 180_000);
});

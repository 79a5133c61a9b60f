import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, setUpTestApp } from '../../../../tests/api-setup/test-app.ts';
import { testDatabaseUrl } from '../../../../tests/api-setup/test-database.ts';

const suite = setUpTestApp();

describe('GET /api/healthz', () => {
  it('answers 200 ok to anyone, uncached', async () => {
    const response = await suite.app.inject({ method: 'GET', url: '/api/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('runs against the database the test run selected (TEST_DATABASE_URL: PostgreSQL, else PGlite)', async () => {
    expect(suite.testDatabase.database.kind).toBe(testDatabaseUrl() ? 'postgres' : 'pglite');
    // Both drivers answer raw queries with { rows }.
    const result = (await suite.testDatabase.database.db.execute(sql`select version() as version`)) as {
      rows: { version: string }[];
    };
    expect(result.rows[0]?.version).toMatch(/^PostgreSQL \d+/);
  });
});

describe('GET /api/readyz', () => {
  it('answers 200 ready once the database is migrated and the board loaded, uncached', async () => {
    const response = await suite.app.inject({ method: 'GET', url: '/api/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 stopping once the instance drains, while liveness still answers 200', async () => {
    const app = await buildTestApp({ database: suite.testDatabase.database });
    try {
      app.beginDraining();
      const ready = await app.inject({ method: 'GET', url: '/api/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', reason: 'stopping' });
      expect((await app.inject({ method: 'GET', url: '/api/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  // Last in the file: it closes the database.
  it('answers 503 migrations_pending when the database lacks a file this build ships', async () => {
    const { db } = suite.testDatabase.database;
    const [last] = (
      (await db.execute(sql`delete from drizzle.__drizzle_migrations
        where id = (select max(id) from drizzle.__drizzle_migrations) returning id, hash, created_at`)) as {
        rows: { id: number; hash: string; created_at: string }[];
      }
    ).rows;
    try {
      const response = await suite.app.inject({ method: 'GET', url: '/api/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', reason: 'migrations_pending' });
    } finally {
      await db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at)
        values (${last!.id}, ${last!.hash}, ${last!.created_at})`);
    }
    expect((await suite.app.inject({ method: 'GET', url: '/api/readyz' })).statusCode).toBe(200);
  });

  it('answers 503 database_unavailable once the database is gone; liveness stays 200', async () => {
    await suite.testDatabase.database.close();
    const response = await suite.app.inject({ method: 'GET', url: '/api/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', reason: 'database_unavailable' });
    expect((await suite.app.inject({ method: 'GET', url: '/api/healthz' })).statusCode).toBe(200);
  });
});

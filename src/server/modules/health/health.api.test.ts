import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../../../tests/api-setup/test-app.ts';
import { testDatabaseUrl } from '../../../../tests/api-setup/test-database.ts';

const suite = setUpTestApp();

describe('GET /api/healthz', () => {
  it('answers 200 ok while the database answers, to anyone and uncached', async () => {
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

  // Last in the file: it closes the database.
  it('answers 503 unavailable once the database is gone', async () => {
    await suite.testDatabase.database.close();
    const response = await suite.app.inject({ method: 'GET', url: '/api/healthz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable' });
  });
});

import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp } from '../../../../tests/api-setup/test-app.ts'
import { openTestDatabase, testDatabaseUrl, type TestDatabase } from '../../../../tests/api-setup/test-database.ts'

let testDatabase: TestDatabase
let app: FastifyInstance

beforeAll(async () => {
  testDatabase = await openTestDatabase()
  app = await buildTestApp({ database: testDatabase.database })
})

afterAll(async () => {
  await app.close()
  await testDatabase.dispose()
})

describe('GET /api/healthz', () => {
  it('answers 200 ok while the database answers, to anyone and uncached', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/healthz' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ok' })
    expect(response.headers['cache-control']).toBe('no-store')
  })

  it('runs against the database the test run selected (TEST_DATABASE_URL: PostgreSQL, else PGlite)', async () => {
    expect(testDatabase.database.kind).toBe(testDatabaseUrl() ? 'postgres' : 'pglite')
    // Both drivers answer raw queries with { rows }.
    const result = (await testDatabase.database.db.execute(sql`select version() as version`)) as {
      rows: { version: string }[]
    }
    expect(result.rows[0]?.version).toMatch(/^PostgreSQL \d+/)
  })

  // Last in the file: it closes the database.
  it('answers 503 unavailable once the database is gone', async () => {
    await testDatabase.database.close()
    const response = await app.inject({ method: 'GET', url: '/api/healthz' })
    expect(response.statusCode).toBe(503)
    expect(response.json()).toEqual({ status: 'unavailable' })
  })
})

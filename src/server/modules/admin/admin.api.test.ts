import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildListing } from '../../../../tests/api-setup/job-board.ts';
import { buildEnv, buildTestApp } from '../../../../tests/api-setup/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../../../tests/api-setup/test-database.ts';
import { buildApp } from '../../app.ts';
import { externalListings } from '../../db/schema.ts';
import { createAdminToken } from './admin-endpoint.ts';

let testDatabase: TestDatabase;
let app: FastifyInstance;
const token = createAdminToken();

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  app = await buildApp({ env: buildEnv(), database: testDatabase.database, adminToken: token });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await testDatabase.dispose();
});

function postIngest(body: unknown, headers: Record<string, string> = { authorization: `Bearer ${token}` }) {
  return app.inject({ method: 'POST', url: '/api/admin/ingest', headers, payload: body as object });
}

const listingCount = () => testDatabase.database.db.$count(externalListings);

describe('POST /api/admin/ingest: who may call', () => {
  it.each([
    ['no token', {}],
    ['a wrong token', { authorization: `Bearer ${createAdminToken()}` }],
    ['another scheme', { authorization: `Basic ${token}` }],
  ])('refuses %s with 401', async (_name, headers) => {
    const response = await postIngest({ sources: [] }, headers);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: 'Admin token required (see DATA_DIR/admin-token)',
      code: 'admin_token_required',
    });
    expect(response.headers['www-authenticate']).toBe('Bearer');
  });

  it('does not exist for a caller from another machine, even with the token', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/ingest',
      remoteAddress: '203.0.113.7',
      headers: { authorization: `Bearer ${token}` },
      payload: { sources: [] },
    });
    expect(response.statusCode).toBe(404);
  });

  it('does not exist on a server started without an admin token', async () => {
    const plain = await buildTestApp({ database: testDatabase.database });
    try {
      const response = await plain.inject({ method: 'POST', url: '/api/admin/ingest', payload: { sources: [] } });
      expect(response.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('POST /api/admin/ingest: importing', () => {
  it.each([
    [{}, /sources must be a list/],
    [{ sources: [] }, /at least one source is required/],
    [{ sources: [{ name: 'x.json', type: 'internships', records: [] }] }, /type must be internship or new-grad/],
    [{ sources: [{ name: 'x.json', type: 'internship', records: { jobs: [] } }] }, /^x\.json: not a JSON array/],
    [
      {
        sources: [
          { name: 'good.json', type: 'internship', records: [buildListing()] },
          { name: 'bad.json', type: 'new-grad', records: [{ id: 'only an id' }] },
        ],
      },
      /^bad\.json: 1 of 1 records are invalid$/,
    ],
  ])('refuses %j with 400 and writes nothing', async (body, error) => {
    const response = await postIngest(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(error);
    expect(await listingCount()).toBe(0);
  });

  it('imports large sources (beyond the default 1 MB body limit) and answers the counts and the new board', async () => {
    const internships = Array.from({ length: 6000 }, () => buildListing());
    const newGrads = [buildListing({ title: 'New Grad Engineer' }), buildListing({ active: false })];
    const body = {
      sources: [
        { name: 'internships-a.json', type: 'internship', records: internships.slice(0, 3000) },
        { name: 'internships-b.json', type: 'internship', records: [...internships.slice(3000), internships[0]] },
        { name: 'grads.json', type: 'new-grad', records: newGrads },
      ],
    };
    expect(JSON.stringify(body).length).toBeGreaterThan(1024 * 1024);

    const response = await postIngest(body);

    expect(response.statusCode, response.body).toBe(200);
    const report = response.json();
    expect(report.sources).toEqual([
      {
        name: 'internships-a.json',
        type: 'internship',
        records: 3000,
        imported: 3000,
        skipped: { invalid: 0, inactive: 0, duplicate: 0 },
      },
      {
        name: 'internships-b.json',
        type: 'internship',
        records: 3001,
        imported: 3000,
        skipped: { invalid: 0, inactive: 0, duplicate: 1 },
      },
      {
        name: 'grads.json',
        type: 'new-grad',
        records: 2,
        imported: 1,
        skipped: { invalid: 0, inactive: 1, duplicate: 0 },
      },
    ]);
    expect(report.feeds).toEqual([
      expect.objectContaining({ type: 'internship', imported: 6000, added: 6000, deactivated: 0 }),
      expect.objectContaining({ type: 'new-grad', imported: 1, added: 1, deactivated: 0 }),
    ]);
    expect(report.board).toEqual({ version: expect.any(String), jobs: 6001 });
    expect(await listingCount()).toBe(6001);
    const page = (await app.inject({ method: 'GET', url: '/api/public/board?type=new-grad' })).json();
    expect(page.jobs.map((job: { title: string }) => job.title)).toEqual(['New Grad Engineer']);
  }, 60_000);
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildListing } from '../../../../tests/api-setup/job-board.ts';
import { buildEnv, buildTestApp } from '../../../../tests/api-setup/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../../../tests/api-setup/test-database.ts';

// The board's place facets, counts and work-mode filter over feeds spelled the way the real feeds spell places,
// and listings that closed (active: false or gone from the feed) never on the board.

let testDatabase: TestDatabase;
let app: FastifyInstance;

type Facet = { value: string; count: number };
type Page = {
  jobs: { id: string; places: { country: string | null }[] }[];
  total: number;
  facets: { countries: Facet[]; states: Facet[]; cities: Facet[] };
};

// Three listings the feeds updated after the others (which share one update time), none of them first by posting.
const phoenix = buildListing({ locations: ['Phoenix, AZ'], date_updated: 1_760_200_000 });
const bangalore = buildListing({ locations: ['Bangalore'], date_updated: 1_760_300_000 });
const waterloo = buildListing({
  locations: ['Waterloo, ON'],
  date_updated: 1_760_150_000,
  normalized_locations: [
    {
      raw: 'Waterloo, ON',
      normalized: { city: 'Waterloo', region: 'Ontario', region_code: 'ON', country: 'Canada', country_code: 'CA' },
      type: 'hybrid',
      unresolved: false,
    },
  ],
});

// Every spelling the issue found under the wrong country, in both feeds' shapes.
const internships = [
  buildListing({ locations: ['Toronto, ON, Canada'] }),
  buildListing({ locations: ['Toronto, ON, CA'] }),
  buildListing({ locations: ['Toronto, Canada'] }),
  buildListing({ locations: ['Vancouver, BC'] }),
  buildListing({ locations: ['Vancouver, British Columbia, CAN'] }),
  buildListing({ locations: ['San Jose, CA', 'San Jose, California'] }),
  phoenix,
  buildListing({ locations: ['Arizona'] }),
  buildListing({ locations: ['London, UK'] }),
  bangalore,
  buildListing({ locations: ['Remote in USA'] }),
  buildListing({ locations: ['Hybrid'] }),
  buildListing({ locations: ['Global Remote'] }),
  buildListing({ locations: ['Europe'] }),
  buildListing({ locations: ['NYC'], active: false }),
];
const newGrads = [
  waterloo,
  buildListing({
    locations: ['Remote in Canada'],
    normalized_locations: [
      {
        raw: 'Remote in Canada',
        normalized: {
          city: 'Remote In Canada',
          region: null,
          region_code: null,
          country: 'Canada',
          country_code: 'CA',
        },
        type: 'remote',
      },
    ],
  }),
];
const leaving = buildListing({ locations: ['Austin, TX'] });

const usStateCodes = ['AZ', 'CA', 'FL', 'MA', 'NC', 'NJ', 'NY', 'PA', 'TX', 'VA'];
const provinceCodes = ['ON', 'BC', 'QC', 'AB'];

async function board(query: string): Promise<Page> {
  const response = await app.inject({ method: 'GET', url: `/api/public/board?limit=100${query}` });
  expect(response.statusCode, query).toBe(200);
  return response.json() as Page;
}

const values = (facets: Facet[]) => facets.map((facet) => facet.value);

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  app = await buildTestApp({ database: testDatabase.database, env: buildEnv() });
  await app.feedIngest.importSources([
    { name: 'internships.json', type: 'internship', data: [...internships, leaving] },
    { name: 'new-grads.json', type: 'new-grad', data: newGrads },
  ]);
  // The Austin listing leaves its feed.
  await app.feedIngest.importSources([{ name: 'internships.json', type: 'internship', data: internships }]);
});

afterAll(async () => {
  await app.close();
  await testDatabase.dispose();
});

describe('GET /api/public/board: places', () => {
  it('offers only real countries, each once, sorted, with the number of matching jobs', async () => {
    const { facets } = await board('');
    expect(facets.countries).toEqual([
      { value: 'Canada', count: 7 },
      { value: 'India', count: 1 },
      { value: 'United Kingdom', count: 1 },
      { value: 'United States', count: 4 },
    ]);
    for (const code of [...usStateCodes, ...provinceCodes]) expect(values(facets.countries)).not.toContain(code);
  });

  it('lists regions of the chosen country only, never a country, with counts', async () => {
    const us = await board('&country=United%20States');
    expect(us.facets.states).toEqual([
      { value: 'Arizona', count: 2 },
      { value: 'California', count: 1 },
    ]);
    const canada = await board('&country=Canada');
    expect(canada.facets.states).toEqual([
      { value: 'British Columbia', count: 2 },
      { value: 'Ontario', count: 4 },
    ]);
    for (const country of values((await board('')).facets.countries))
      expect(values(us.facets.states)).not.toContain(country);
  });

  it('finds every spelling of Toronto and Vancouver under Canada, and the old ?country=USA&state=CA link still works', async () => {
    expect((await board('&country=Canada')).total).toBe(7);
    const ontario = await board('&country=Canada&state=Ontario');
    expect(ontario.facets.cities).toEqual([
      { value: 'Toronto', count: 3 },
      { value: 'Waterloo', count: 1 },
    ]);
    expect((await board('&country=Canada&state=Ontario&city=Toronto')).total).toBe(3);
    expect((await board('&country=Canada&state=BC&city=Vancouver')).total).toBe(2);
    expect((await board('&country=USA&state=CA')).total).toBe(1);
  });

  it('filters by work mode, the new-grad feed type included', async () => {
    const remote = await board('&mode=remote');
    expect(remote.total).toBe(3);
    expect(remote.facets.countries).toEqual([
      { value: 'Canada', count: 1 },
      { value: 'United States', count: 1 },
    ]);
    expect((await board('&mode=hybrid')).total).toBe(2);
    expect((await board('&mode=remote&country=Canada')).total).toBe(1);
    const bad = await app.inject({ method: 'GET', url: '/api/public/board?mode=moon' });
    expect(bad.statusCode).toBe(400);
  });

  it('never shows a listing that is inactive in its feed or left it', async () => {
    const { jobs, total } = await board('');
    expect(total).toBe(internships.length - 1 + newGrads.length);
    const ids = jobs.map((job) => job.id);
    expect(ids).not.toContain(internships.at(-1)!.id);
    expect(ids).not.toContain(leaving.id);
  });

  it('orders by the latest update with sort=updated, ties in board order; refuses an unknown sort', async () => {
    const postedOrder = (await board('')).jobs.map((job) => job.id);
    const updatedFirst = [bangalore.id, phoenix.id, waterloo.id];
    const { jobs } = await board('&sort=updated');
    expect(jobs.map((job) => job.id)).toEqual([
      ...updatedFirst,
      ...postedOrder.filter((id) => !updatedFirst.includes(id)),
    ]);
    // The default order is another one, so the comparison above proves the sort.
    expect(postedOrder.slice(0, 3)).not.toEqual(updatedFirst);
    const refused = await app.inject({ method: 'GET', url: '/api/public/board?sort=random' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('invalid_request');
  });
});

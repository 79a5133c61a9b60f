import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobFacets } from '../../../shared/jobs/filter-jobs.ts';
import type { BoardJob } from '../../../shared/jobs/listing-schemas.ts';
import { buildListing, insertFeaturedJob, insertOrganization } from '../../../../tests/api-setup/job-board.ts';
import { buildTestApp } from '../../../../tests/api-setup/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../../../tests/api-setup/test-database.ts';

// The board's family, term, degree and sponsorship filters through GET /api/public/board: filed at ingestion from
// the feeds' spellings, chosen by partners for featured jobs, filtered and counted by the server's index.

let testDatabase: TestDatabase;
let app: FastifyInstance;

const listings = {
  swe: buildListing({
    title: 'Software Engineer Intern',
    category: 'Software Engineering',
    terms: ['Summer 2026'],
    degrees: ["Bachelor's"],
    locations: ['Toronto, ON, Canada'],
    date_posted: 1_760_000_600,
  }),
  ml: buildListing({
    title: 'Machine Learning Intern',
    category: 'Data Science, AI & Machine Learning',
    terms: ['Fall 2026', 'Winter 2027'],
    degrees: ["Master's", 'PhD'],
    locations: ['New York, NY'],
    date_posted: 1_760_000_500,
  }),
  hardware: buildListing({
    title: 'Hardware Intern',
    category: 'Hardware Engineering',
    terms: ['Summer 2026'],
    degrees: [],
    locations: ['Toronto, ON, Canada'],
    date_posted: 1_760_000_400,
  }),
  uncategorised: buildListing({
    title: 'Mystery Intern',
    category: null,
    terms: ['Summer 2026'],
    degrees: ['Incomplete'],
    date_posted: 1_760_000_300,
  }),
  quant: buildListing({
    title: 'Quant Trader Intern',
    category: 'Quantitative Finance',
    terms: ['Summer 2025'],
    degrees: ["Bachelor's", "Master's"],
    date_posted: 1_760_000_200,
  }),
};
const newGrad = buildListing({
  title: 'Software Engineer I',
  category: 'Software',
  terms: [],
  degrees: ["Bachelor's", "Master's"],
  date_posted: 1_760_000_100,
});

let sponsors: string;
let doesNotSponsor: string;

async function board(query: string): Promise<{ jobs: BoardJob[]; total: number; facets: JobFacets }> {
  const response = await app.inject({ method: 'GET', url: `/api/public/board${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function ids(query: string): Promise<string[]> {
  return (await board(query)).jobs.map((job) => job.id).sort();
}

const id = (listing: Record<string, unknown>) => listing.id as string;

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  app = await buildTestApp({ database: testDatabase.database });
  const { db } = testDatabase.database;
  const organization = await insertOrganization(db, { name: 'Northwind Labs' });
  sponsors = (
    await insertFeaturedJob(db, {
      organizationId: organization.id,
      title: 'Platform Intern',
      family: 'software',
      terms: ['summer-2026'],
      degreeLevels: ['master'],
      sponsorship: 'yes',
    })
  ).id;
  doesNotSponsor = (
    await insertFeaturedJob(db, {
      organizationId: organization.id,
      title: 'Product Intern',
      family: 'product',
      sponsorship: 'no',
    })
  ).id;
  await app.feedIngest.importSources([
    { name: 'internships.json', type: 'internship', data: Object.values(listings) },
    { name: 'new-grads.json', type: 'new-grad', data: [newGrad] },
  ]);
});

afterAll(async () => {
  await app.close();
  await testDatabase.dispose();
});

describe('GET /api/public/board: family, term, degree and sponsorship', () => {
  it('files each listing at ingestion and carries the featured jobs’ own choices', async () => {
    const jobs = new Map((await board('?limit=100')).jobs.map((job) => [job.id, job]));
    expect(jobs.get(id(listings.ml))).toMatchObject({
      family: 'ai-ml-data',
      termKeys: ['fall-2026', 'winter-2027'],
      degreeLevels: ['master', 'phd'],
      sponsorship: 'unknown',
    });
    expect(jobs.get(id(listings.uncategorised))).toMatchObject({ family: null, degreeLevels: [] });
    expect(jobs.get(sponsors)).toMatchObject({
      family: 'software',
      termKeys: ['summer-2026'],
      degreeLevels: ['master'],
      sponsorship: 'yes',
    });
  });

  it('filters by one family or several', async () => {
    expect(await ids('?category=software')).toEqual([id(listings.swe), id(newGrad), sponsors].sort());
    expect(await ids('?category=hardware,quant')).toEqual([id(listings.hardware), id(listings.quant)].sort());
  });

  it('filters by term, keeping jobs offered in any chosen term', async () => {
    expect(await ids('?term=winter-2027,summer-2025')).toEqual([id(listings.ml), id(listings.quant)].sort());
  });

  it('filters by degree, keeping jobs that state none', async () => {
    expect(await ids('?degree=phd')).toEqual(
      [id(listings.ml), id(listings.hardware), id(listings.uncategorised), doesNotSponsor].sort(),
    );
  });

  it('keeps only the jobs that sponsor visas for sponsorship=yes', async () => {
    expect(await ids('?sponsorship=yes')).toEqual([sponsors]);
  });

  it('combines the filters with each other, the type, the text and the places', async () => {
    expect(await ids('?category=software,hardware&term=summer-2026&degree=bachelor')).toEqual(
      [id(listings.swe), id(listings.hardware)].sort(),
    );
    expect(await ids('?type=internship&category=software&term=summer-2026&country=Canada')).toEqual([id(listings.swe)]);
    expect(await ids('?category=ai-ml-data&q=machine')).toEqual([id(listings.ml)]);
    expect((await board('?category=other')).total).toBe(0);
  });

  it('counts each facet under the other active filters', async () => {
    const { facets, total } = await board('?category=software&term=summer-2026');
    expect(total).toBe(2);
    expect(facets.categories).toEqual([
      { value: 'software', count: 2 },
      { value: 'hardware', count: 1 },
    ]);
    expect(facets.terms).toEqual([{ value: 'summer-2026', count: 2 }]);
    expect(facets.degrees).toEqual([
      { value: 'bachelor', count: 1 },
      { value: 'master', count: 1 },
    ]);
    expect(facets.countries).toEqual([{ value: 'Canada', count: 2 }]);
  });

  it('lists every term with a job, past ones too, in calendar order', async () => {
    expect((await board('')).facets.terms.map((facet) => facet.value)).toEqual([
      'summer-2025',
      'summer-2026',
      'fall-2026',
      'winter-2027',
    ]);
  });

  it.each([
    ['?category=biology', 'category'],
    ['?category=software,biology', 'category'],
    ['?term=summer', 'term'],
    ['?term=monsoon-2026', 'term'],
    ['?degree=doctorate', 'degree'],
    ['?sponsorship=no', 'sponsorship'],
  ])('refuses %s with 400 invalid_request naming the filter', async (query, field) => {
    const response = await app.inject({ method: 'GET', url: `/api/public/board${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_request' });
    expect(response.json().error).toContain(field);
  });

  it('reads the same choice written in another order or with spaces as one answer', async () => {
    const first = await board('?category=quant,hardware');
    const second = await board('?category=%20hardware%20,quant,quant');
    expect(second).toEqual(first);
  });
});

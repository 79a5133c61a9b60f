import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobFacets } from '../../../shared/jobs/filter-jobs.ts';
import type { BoardJob } from '../../../shared/jobs/listing-schemas.ts';
import { buildListing } from '../../../../tests/api-setup/job-board.ts';
import { buildTestApp } from '../../../../tests/api-setup/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../../../tests/api-setup/test-database.ts';

// One card per job: postings with the same company and title (another city, or the same one posted twice) are one
// card on GET /api/public/board, counted once in the total and the facets, each still a posting of its own.

let testDatabase: TestDatabase;
let app: FastifyInstance;

const role = { title: 'Entry Level C++ Software Engineer', company_name: 'Wolverine Trading' };
const chicago = buildListing({ ...role, locations: ['Chicago, IL'], date_posted: 1_760_000_500 });
const chicagoAgain = buildListing({ ...role, locations: ['Chicago, IL'], date_posted: 1_760_000_400 });
const newYork = buildListing({ ...role, locations: ['New York, NY'], date_posted: 1_760_000_300 });
const toronto = buildListing({ ...role, locations: ['Toronto, ON, Canada'], date_posted: 1_760_000_200 });
const other = buildListing({
  title: 'Quant Researcher',
  company_name: 'Wolverine Trading',
  locations: ['Seattle, WA'],
  date_posted: 1_760_000_100,
});

async function board(query = ''): Promise<{ jobs: BoardJob[]; total: number; facets: JobFacets }> {
  const response = await app.inject({ method: 'GET', url: `/api/public/board${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const id = (listing: Record<string, unknown>) => listing.id as string;

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  app = await buildTestApp({ database: testDatabase.database });
  await app.feedIngest.importSources([
    { name: 'new-grads.json', type: 'new-grad', data: [chicago, chicagoAgain, newYork, toronto, other] },
  ]);
});

afterAll(async () => {
  await app.close();
  await testDatabase.dispose();
});

describe('GET /api/public/board: one card per job', () => {
  it('shows four postings of one role as one card led by the newest, the others offered on it', async () => {
    const { jobs, total } = await board();
    expect(total).toBe(2);
    expect(jobs.map((job) => job.id)).toEqual([id(chicago), id(other)]);
    expect(jobs[0]!.alsoPosted?.map((posting) => [posting.id, posting.locations, posting.url])).toEqual([
      [id(chicagoAgain), ['Chicago, IL'], chicagoAgain.url],
      [id(newYork), ['New York, NY'], newYork.url],
      [id(toronto), ['Toronto, ON, Canada'], toronto.url],
    ]);
    expect(jobs[1]!.alsoPosted).toBeUndefined();
  });

  it('counts a card once in each facet, whatever number of its postings carry the value', async () => {
    const { facets } = await board();
    expect(facets.countries).toEqual([
      { value: 'Canada', count: 1 },
      { value: 'United States', count: 2 },
    ]);
    expect(facets.categories).toEqual([{ value: 'software', count: 2 }]);
  });

  it('keeps on a card only the postings that match the filters', async () => {
    const { jobs, total } = await board('?country=Canada');
    expect(total).toBe(1);
    expect(jobs[0]!.id).toBe(id(toronto));
    expect(jobs[0]!.alsoPosted).toBeUndefined();
  });

  it('pages by cards', async () => {
    const second = await board('?offset=1&limit=1');
    expect(second.total).toBe(2);
    expect(second.jobs.map((job) => job.id)).toEqual([id(other)]);
  });

  it('keeps every posting in the offline snapshot, one per job id', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/public/board/snapshot' });
    const ids = (response.json() as { jobs: BoardJob[] }).jobs.map((job) => job.id);
    expect(ids.sort()).toEqual([chicago, chicagoAgain, newYork, toronto, other].map(id).sort());
  });
});

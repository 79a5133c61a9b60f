import { promisify } from 'node:util';
import { brotliDecompress, gunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FacetValue } from '../../../shared/jobs/filter-jobs.ts';
import type { BoardJob } from '../../../shared/jobs/listing-schemas.ts';
import { buildListing, insertFeaturedJob, insertOrganization } from '../../../../tests/api-setup/job-board.ts';
import { buildEnv, buildTestApp } from '../../../../tests/api-setup/test-app.ts';
import { createTestClock } from '../../../../tests/api-setup/test-clock.ts';
import { openTestDatabase, type TestDatabase, testDatabaseUrl } from '../../../../tests/api-setup/test-database.ts';
import { openDatabase } from '../../db/client.ts';
import { buildApp } from '../../app.ts';
import type { FeaturedJobRow } from '../../db/schema.ts';

const gunzipAsync = promisify(gunzip);
const brotliAsync = promisify(brotliDecompress);

let testDatabase: TestDatabase;
// The board's time: featured jobs expire when a test moves it, not when the wall clock does.
const clock = createTestClock();
let app: FastifyInstance;

const dayMs = 24 * 60 * 60 * 1000;
const longTitle = `${'a'.repeat(5000)}!`;

// External listings (datePosted decides their order) ...
const internships = {
  toronto: buildListing({ title: 'Data Scientist Intern', company_name: 'Maple Bank', date_posted: 1_760_000_300 }),
  twoCities: buildListing({
    title: 'Software Engineer Intern',
    company_name: 'Notion',
    locations: ['San Francisco, CA', 'New York, NY'],
    date_posted: 1_760_000_200,
  }),
  montreal: buildListing({
    title: 'Stagiaire en développement',
    company_name: 'Québec Tech',
    locations: ['Montréal, QC, Canada'],
    date_posted: 1_760_000_250,
  }),
  cpp: buildListing({
    title: 'C++ Developer Intern',
    company_name: 'Game Co',
    locations: ['Vancouver, BC, Canada'],
    date_posted: 1_760_000_150,
  }),
  long: buildListing({
    title: longTitle,
    company_name: 'Long Title Co',
    locations: ['Remote in USA'],
    date_posted: 1_760_000_100,
  }),
};
const newGrads = {
  twoProvinces: buildListing({
    title: 'Software Engineer I',
    company_name: 'Northern Labs',
    locations: ['Vancouver, BC, Canada', 'Toronto, ON, Canada'],
    date_posted: 1_760_000_400,
  }),
  remote: buildListing({
    title: 'Backend Engineer (Go)',
    company_name: 'Google',
    locations: ['Remote in USA'],
    date_posted: 1_760_000_050,
  }),
  seattle: buildListing({
    title: 'Engineer, Platform',
    company_name: 'Stripe',
    locations: ['Seattle, WA'],
    date_posted: 1_760_000_350,
  }),
};

// ... and featured jobs, which come first whatever their date.
let ottawa: FeaturedJobRow;
let boston: FeaturedJobRow;

const id = (listing: Record<string, unknown>) => listing.id as string;

async function board(query = ''): Promise<{
  jobs: BoardJob[];
  total: number;
  facets: { countries: FacetValue[]; states: FacetValue[]; cities: FacetValue[] };
  version: string;
  refreshedAt: string;
}> {
  const response = await app.inject({ method: 'GET', url: `/api/public/board${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function ids(query = ''): Promise<string[]> {
  return (await board(query)).jobs.map((job) => job.id);
}

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  app = await buildTestApp({ database: testDatabase.database, clock: clock.now });
  const { db } = testDatabase.database;
  const northwind = await insertOrganization(db, { name: 'Northwind Labs' });
  const aurora = await insertOrganization(db, { name: 'Aurora Robotics' });
  ottawa = await insertFeaturedJob(db, {
    organizationId: northwind.id,
    title: 'Frontend Developer',
    type: 'Internship',
    location: 'Ottawa, ON, Canada',
    postingDate: new Date(Date.now() - dayMs),
  });
  boston = await insertFeaturedJob(db, {
    organizationId: aurora.id,
    title: 'Robotics Engineer',
    type: 'Full-time',
    location: 'Boston, MA',
    postingDate: new Date(Date.now() - 10 * dayMs),
    endPostingDate: new Date(Date.now() + 30 * dayMs),
  });
  await insertFeaturedJob(db, {
    organizationId: aurora.id,
    title: 'Closed Engineer Posting',
    postingDate: new Date(Date.now() - 40 * dayMs),
    endPostingDate: new Date(Date.now() - dayMs),
  });
  await app.feedIngest.importSources([
    { name: 'internships.json', type: 'internship', data: Object.values(internships) },
    { name: 'new-grads.json', type: 'new-grad', data: Object.values(newGrads) },
  ]);
});

afterAll(async () => {
  await app.close();
  await testDatabase.dispose();
});

const boardOrder = () => [
  ottawa.id,
  boston.id,
  id(newGrads.twoProvinces),
  id(newGrads.seattle),
  id(internships.toronto),
  id(internships.montreal),
  id(internships.twoCities),
  id(internships.cpp),
  id(internships.long),
  id(newGrads.remote),
];

describe('GET /api/public/board: order and shape', () => {
  it('lists featured jobs first (newest first), then the rest by date posted, newest first', async () => {
    const answer = await board();
    expect(answer.jobs.map((job) => job.id)).toEqual(boardOrder());
    expect(answer.total).toBe(10);
    expect(answer.version).toEqual(expect.any(String));
    expect(Date.parse(answer.refreshedAt)).not.toBeNaN();
  });

  it('leaves out a featured job whose end date has passed', async () => {
    expect((await board('?type=featured&q=closed')).total).toBe(0);
  });

  it('maps a featured job to a board item: no url, its free-text type, the organization as company', async () => {
    const [first] = (await board('?limit=1')).jobs;
    expect(first).toEqual({
      id: ottawa.id,
      title: 'Frontend Developer',
      company: 'Northwind Labs',
      locations: ['Ottawa, ON, Canada'],
      category: null,
      terms: [],
      degrees: [],
      datePosted: Math.floor(ottawa.postingDate.getTime() / 1000),
      url: null,
      featured: true,
      type: 'Internship',
      places: [{ country: 'Canada', region: 'Ontario', city: 'Ottawa', mode: 'onsite' }],
      dateUpdated: null,
      family: null,
      termKeys: [],
      degreeLevels: [],
      sponsorship: 'unknown',
    });
  });

  it('keeps an external listing’s link, type, category, terms and degrees', async () => {
    const job = (await board('?type=internship&q=maple')).jobs[0];
    expect(job).toEqual({
      id: id(internships.toronto),
      title: 'Data Scientist Intern',
      company: 'Maple Bank',
      locations: ['Toronto, ON, Canada'],
      category: 'Software',
      terms: ['Summer 2026'],
      degrees: ["Bachelor's"],
      datePosted: 1_760_000_300,
      url: `https://jobs.example.com/${id(internships.toronto)}`,
      featured: false,
      type: 'internship',
      places: [{ country: 'Canada', region: 'Ontario', city: 'Toronto', mode: 'onsite' }],
      dateUpdated: 1_760_100_000,
      family: 'software',
      termKeys: ['summer-2026'],
      degreeLevels: ['bachelor'],
      sponsorship: 'unknown',
    });
  });
});

describe('GET /api/public/board: filters', () => {
  it.each([
    ['all', () => boardOrder()],
    ['featured', () => [ottawa.id, boston.id]],
    [
      'internship',
      () =>
        [internships.toronto, internships.montreal, internships.twoCities, internships.cpp, internships.long].map(id),
    ],
    ['new-grad', () => [newGrads.twoProvinces, newGrads.seattle, newGrads.remote].map(id)],
  ])('type=%s selects its jobs in board order', async (type, expected) => {
    expect(await ids(`?type=${type}`)).toEqual(expected());
  });

  it('filters by country over any of a job’s locations', async () => {
    expect(await ids('?country=Canada')).toEqual([
      ottawa.id,
      id(newGrads.twoProvinces),
      id(internships.toronto),
      id(internships.montreal),
      id(internships.cpp),
    ]);
  });

  it('filters by country and state, and by city, ignoring case', async () => {
    expect(await ids('?country=canada&state=on')).toEqual([
      ottawa.id,
      id(newGrads.twoProvinces),
      id(internships.toronto),
    ]);
    expect(await ids('?country=Canada&state=ON&city=toronto')).toEqual([
      id(newGrads.twoProvinces),
      id(internships.toronto),
    ]);
  });

  it('reads two-part locations as US city and state, and "Remote in USA" as a remote job in the United States', async () => {
    expect(await ids('?country=USA&state=NY&city=New%20York')).toEqual([id(internships.twoCities)]);
    expect(await ids('?country=USA&state=Remote%20in%20USA')).toEqual([]);
    expect(await ids('?country=United%20States&mode=remote')).toEqual([id(internships.long), id(newGrads.remote)]);
  });

  it('combines type, location and text', async () => {
    expect(await ids('?type=new-grad&country=Canada&q=engineer')).toEqual([id(newGrads.twoProvinces)]);
    expect(await ids('?type=internship&country=USA&q=engineer')).toEqual([id(internships.twoCities)]);
  });

  it('searches title, company and locations as a case-insensitive regular expression', async () => {
    expect(await ids('?q=ENGINEER')).toEqual([
      boston.id,
      id(newGrads.twoProvinces),
      id(newGrads.seattle),
      id(internships.twoCities),
      id(newGrads.remote),
    ]);
    expect(await ids('?q=google%7Cmaple')).toEqual([id(internships.toronto), id(newGrads.remote)]);
    expect(await ids('?q=%5Emontr%C3%A9al')).toEqual([id(internships.montreal)]);
  });

  it.each([
    ['c++', () => [id(internships.cpp)]],
    ['(', () => [id(newGrads.remote)]],
    ['[a-', () => []],
  ])('searches the invalid pattern %j as literal text (200)', async (q, expected) => {
    expect(await ids(`?q=${encodeURIComponent(q)}`)).toEqual(expected());
  });

  it('answers a pattern that would hang a backtracking engine on a 5,000-character title', async () => {
    // `$` ends every field: 'remote in usa' ends in an "a", the long title ends in "!".
    const answer = await board(`?q=${encodeURIComponent('(a+)+$')}`);
    expect(answer.jobs.map((job) => job.id)).toContain(id(internships.long));
    expect(await ids(`?q=${encodeURIComponent('^(a+)+$')}`)).toEqual([]);
  });
});

const values = (facets: { value: string }[]) => facets.map((facet) => facet.value);

describe('GET /api/public/board: posted within and most relevant', () => {
  it('keeps only the jobs posted within the window, and counts only them', async () => {
    expect(await ids('?posted=7d')).toEqual([ottawa.id]);
    const month = await board('?posted=30d');
    expect(month.jobs.map((job) => job.id)).toEqual([ottawa.id, boston.id]);
    expect(month.total).toBe(2);
    expect((await board('?posted=6m&type=internship')).total).toBe(0);
  });

  it('orders a search by relevance on request: a job matching every word of it in its title first', async () => {
    const boardOrdered = await ids('?q=engineer%7Cintern');
    expect(boardOrdered[0]).toBe(boston.id);
    const relevant = await ids('?q=engineer%7Cintern&sort=relevant');
    expect(relevant[0]).toBe(id(internships.twoCities));
    expect([...relevant].sort()).toEqual([...boardOrdered].sort());
  });

  it('refuses an unknown window with 400', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/public/board?posted=2y' });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /api/public/board: facets', () => {
  it('lists countries only until a country is chosen', async () => {
    const { countries, states, cities } = (await board()).facets;
    expect({ countries, states, cities }).toEqual({
      countries: [
        { value: 'Canada', count: 5 },
        { value: 'United States', count: 5 },
      ],
      states: [],
      cities: [],
    });
  });

  it('lists the states of the chosen country, and the cities only once a state is chosen', async () => {
    const canada = (await board('?country=Canada')).facets;
    expect(values(canada.countries)).toEqual(['Canada', 'United States']);
    expect(values(canada.states)).toEqual(['British Columbia', 'Ontario', 'Quebec']);
    expect(canada.cities).toEqual([]);
    expect(values((await board('?country=Canada&state=ON')).facets.cities)).toEqual(['Ottawa', 'Toronto']);
  });

  it('takes the facets from the jobs matching the type and text', async () => {
    expect(values((await board('?type=featured')).facets.countries)).toEqual(['Canada', 'United States']);
    expect((await board('?type=featured&country=USA')).facets.states).toEqual([{ value: 'Massachusetts', count: 1 }]);
    expect(values((await board('?q=google')).facets.countries)).toEqual(['United States']);
  });
});

describe('GET /api/public/board: paging', () => {
  it('returns consecutive pages and the total of all matches', async () => {
    const first = await board('?limit=3');
    const second = await board('?offset=3&limit=3');
    expect(first.jobs.map((job) => job.id)).toEqual(boardOrder().slice(0, 3));
    expect(second.jobs.map((job) => job.id)).toEqual(boardOrder().slice(3, 6));
    expect([first.total, second.total]).toEqual([10, 10]);
  });

  it('returns 20 jobs by default and an empty page past the end, still with the total', async () => {
    expect((await board()).jobs).toHaveLength(10);
    const past = await board('?offset=100');
    expect(past.jobs).toEqual([]);
    expect(past.total).toBe(10);
  });
});

describe('GET /api/public/board: bad queries', () => {
  it.each([
    ['?limit=1000'],
    ['?limit=0'],
    ['?limit=abc'],
    ['?offset=-1'],
    ['?offset=2.5'],
    ['?type=x'],
    ['?type=internship&type=new-grad'],
    [`?q=${'x'.repeat(201)}`],
    [`?country=${'x'.repeat(101)}`],
  ])('answers %s with 400 {error}, every time', async (query) => {
    // Twice: answers are remembered per URL, and a refused URL must never be.
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await app.inject({ method: 'GET', url: `/api/public/board${query}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: expect.any(String), code: 'invalid_request' });
      expect(response.json().error.length).toBeGreaterThan(5);
    }
  });

  it('treats blank values as absent', async () => {
    expect(await ids('?type=&country=%20&q=')).toEqual(boardOrder());
  });
});

describe('GET /api/public/board: caching and versions', () => {
  it('answers a repeated query with the same body, and revalidates with the version as ETag', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/public/board?country=Canada&q=intern' });
    const second = await app.inject({ method: 'GET', url: '/api/public/board?country=canada&q=intern' });
    expect(second.body).toBe(first.body);
    const sameUrl = await app.inject({ method: 'GET', url: '/api/public/board?country=Canada&q=intern' });
    expect(sameUrl.statusCode).toBe(200);
    expect(sameUrl.body).toBe(first.body);
    expect(sameUrl.headers.etag).toBe(first.headers.etag);
    expect(first.headers.etag).toBe(`"${first.json().version}"`);
    expect(first.headers['cache-control']).toBe('no-cache');

    const revalidated = await app.inject({
      method: 'GET',
      url: '/api/public/board?country=Canada&q=intern',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });

  it('compresses a page as the client asks (brotli, else gzip), once per page and encoding', async () => {
    const get = (url: string, acceptEncoding: string) =>
      app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });
    const plain = await get('/api/public/board?limit=50', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.byteLength).toBeGreaterThan(1024);
    const decoders = { br: brotliAsync, gzip: gunzipAsync };
    for (const [acceptEncoding, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const first = await get('/api/public/board?limit=50', acceptEncoding);
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-encoding'], acceptEncoding).toBe(encoding);
      expect(first.headers.vary).toMatch(/accept-encoding/i);
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(first.rawPayload.byteLength).toBeLessThan(plain.rawPayload.byteLength / 2);
      expect((await decoders[encoding](first.rawPayload)).toString()).toBe(plain.body);
      // The same query by other words: the page's compressed copy is reused as it is.
      const again = await get('/api/public/board?limit=50&type=all', acceptEncoding);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    }
    // Under 1 KB a body is sent as it is.
    const small = await get('/api/public/board?q=no-such-job-anywhere', 'gzip, br');
    expect(small.json()).toMatchObject({ jobs: [], total: 0 });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toMatch(/accept-encoding/i);
  });

  it('answers from the new data, not the cache, once an ingestion changed the board', async () => {
    const before = await board('?type=internship');
    const added = buildListing({ title: 'Newest Intern', date_posted: 1_770_000_000 });
    await app.feedIngest.importSources([
      { name: 'internships-2.json', type: 'internship', data: [...Object.values(internships), added] },
    ]);
    const after = await board('?type=internship');
    expect(after.version).not.toBe(before.version);
    expect(after.jobs[0]?.id).toBe(id(added));
    expect(after.total).toBe(before.total + 1);
    const stale = await app.inject({
      method: 'GET',
      url: '/api/public/board?type=internship',
      headers: { 'if-none-match': `"${before.version}"` },
    });
    expect(stale.statusCode).toBe(200);
  });

  it('drops a featured job from the board when its end date passes, with a new version', async () => {
    const organization = await insertOrganization(testDatabase.database.db, { name: 'Short Notice Inc' });
    const closing = await insertFeaturedJob(testDatabase.database.db, {
      organizationId: organization.id,
      title: 'Closing Soon',
      endPostingDate: new Date(clock.now() + 60_000),
    });
    await app.boardIndex.refresh();
    const open = await board('?type=featured');
    expect(open.jobs.map((job) => job.id)).toContain(closing.id);

    clock.advance(59_999);
    await app.boardIndex.refresh();
    expect((await board('?type=featured')).version).toBe(open.version);
    clock.advance(1);
    await app.boardIndex.refresh();
    const closed = await board('?type=featured');
    expect(closed.jobs.map((job) => job.id)).not.toContain(closing.id);
    expect(closed.version).not.toBe(open.version);
  });

  it('reaches another instance on the same database through its version poll', async () => {
    const other = await buildApp({ env: buildEnv(), database: testDatabase.database, boardPollIntervalMs: 50 });
    await other.ready();
    try {
      const before = other.boardIndex.view().version;
      const added = buildListing({ title: 'Seen Everywhere', date_posted: 1_780_000_000 });
      await app.feedIngest.importSources([{ name: 'new-grads-2.json', type: 'new-grad', data: [added] }]);
      // Nothing asks `other` to reload: only its own poll timer can (the test times out if it never does).
      while (other.boardIndex.view().version === before) await new Promise((resolve) => setImmediate(resolve));
      const first = (await other.inject({ method: 'GET', url: '/api/public/board?type=new-grad' })).json().jobs[0]?.id;
      expect(first).toBe(id(added));
    } finally {
      await other.close();
    }
  });
});

describe('board changes reach every instance at once (LISTEN/NOTIFY)', () => {
  /** "Another instance": its own connection pool on PostgreSQL; on PGlite the one session, as one process has. */
  /** Connections of this database whose last statement was a LISTEN (each instance's notice connection). */
  async function listeners(): Promise<number> {
    const result = (await testDatabase.database.db.execute(sql`select count(*)::int as n from pg_stat_activity
      where datname = current_database() and query ilike 'listen %'`)) as unknown as { rows: { n: number }[] };
    return Number(result.rows[0]?.n ?? 0);
  }

  async function otherInstance() {
    const database = testDatabase.url ? await openDatabase({ databaseUrl: testDatabase.url }) : testDatabase.database;
    const listenersBefore = testDatabase.url ? await listeners() : 0;
    // A poll of an hour: only the change notice can make it reload within the test.
    const other = await buildApp({ env: buildEnv(), database, boardPollIntervalMs: 3_600_000 });
    await other.ready();
    // Its notice connection is opened after ready(): a change made before it listens would never be announced to it.
    if (testDatabase.url) while ((await listeners()) <= listenersBefore) await new Promise((r) => setTimeout(r, 20));
    return {
      other,
      async close() {
        await other.close();
        if (database !== testDatabase.database) await database.close();
      },
    };
  }
  const changed = async (other: FastifyInstance, before: string) => {
    while (other.boardIndex.view().version === before) await new Promise((resolve) => setTimeout(resolve, 10));
  };

  it("a feed import committed on one instance is on the other's board without waiting for its poll", async () => {
    const { other, close } = await otherInstance();
    try {
      const before = other.boardIndex.view().version;
      const added = buildListing({ title: 'Announced At Once', date_posted: 1_790_000_000 });
      await app.feedIngest.importSources([{ name: 'new-grads-3.json', type: 'new-grad', data: [added] }]);
      await changed(other, before);
      const first = (await other.inject({ method: 'GET', url: '/api/public/board?type=new-grad' })).json().jobs[0]?.id;
      expect(first).toBe(id(added));
    } finally {
      await close();
    }
  });

  it.skipIf(!testDatabaseUrl())(
    'a change made while the listening connection was cut is loaded when it is back (PostgreSQL only: PGlite has no connection to cut)',
    async () => {
      const { other, close } = await otherInstance();
      try {
        const before = other.boardIndex.view().version;
        await testDatabase.database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike 'listen %'`);
        const organization = await insertOrganization(testDatabase.database.db, { name: 'Meanwhile Inc' });
        const job = await insertFeaturedJob(testDatabase.database.db, { organizationId: organization.id });
        await changed(other, before);
        const featured = (await other.inject({ method: 'GET', url: '/api/public/board?type=featured' })).json().jobs;
        expect(featured.map((card: BoardJob) => card.id)).toContain(job.id);
      } finally {
        await close();
      }
    },
  );
});

describe('GET /api/public/board/snapshot', () => {
  type Snapshot = { version: string; refreshedAt: string; jobs: BoardJob[] };

  // On PostgreSQL the test above changes the database behind this app, whose board reloads when the NOTIFY arrives:
  // load it now, so that a snapshot and a page read one after the other are of the same version.
  beforeAll(() => app.boardIndex.refresh());

  it('sends every active job in board order, gzip-compressed, with the version as ETag', async () => {
    const page = await board('?limit=100');
    const response = await app.inject({
      method: 'GET',
      url: '/api/public/board/snapshot',
      headers: { 'accept-encoding': 'gzip, deflate' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    const snapshot: Snapshot = JSON.parse((await gunzipAsync(response.rawPayload)).toString());
    expect(response.headers.etag).toBe(`"${snapshot.version}"`);
    expect(snapshot.version).toBe(page.version);
    expect(snapshot.refreshedAt).toBe(page.refreshedAt);
    expect(snapshot.jobs).toEqual(page.jobs);
  });

  it('prefers brotli and sends plain JSON to a client that accepts no compression', async () => {
    const brotli = await app.inject({
      method: 'GET',
      url: '/api/public/board/snapshot',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    const fromBrotli: Snapshot = JSON.parse((await brotliAsync(brotli.rawPayload)).toString());

    const plain = await app.inject({
      method: 'GET',
      url: '/api/public/board/snapshot',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(fromBrotli);
    expect(fromBrotli.jobs.length).toBe((await board()).total);
  });

  it('answers 304 without a body while the version is the one the client holds', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/public/board/snapshot' });
    const again = await app.inject({
      method: 'GET',
      url: '/api/public/board/snapshot',
      headers: { 'if-none-match': String(first.headers.etag), 'accept-encoding': 'gzip' },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(first.headers.etag);

    const outdated = await app.inject({
      method: 'GET',
      url: '/api/public/board/snapshot',
      headers: { 'if-none-match': '"some-older-version"' },
    });
    expect(outdated.statusCode).toBe(200);
  });
});

import './regex-engine.fixture.ts';
import { withPlaces } from './board-job-fixture.ts';
import { describe, expect, it } from 'vitest';
import {
  compareBoardJobs,
  filterJobs,
  indexJobs,
  jobFacets,
  sortJobs,
  type IndexedJob,
  type JobFacets,
} from './filter-jobs.ts';
import type { JobFilters } from './job-filters-schema.ts';
import { referenceQueryJobs } from './reference-query-jobs.ts';
import type { BoardJob } from './listing-schemas.ts';

function job(id: string, overrides: Partial<BoardJob> = {}): BoardJob {
  return withPlaces({
    id,
    title: `Job ${id}`,
    company: 'Acme',
    locations: [],
    category: null,
    terms: [],
    degrees: [],
    datePosted: 1_750_000_000,
    url: `https://jobs.example.com/${id}`,
    featured: false,
    type: 'internship',
    ...overrides,
  });
}

const board: BoardJob[] = [
  job('toronto-intern', {
    title: 'Data Scientist Intern',
    company: 'Maple Bank',
    locations: ['Toronto, ON, Canada'],
    datePosted: 1_750_000_300,
  }),
  job('sf-ny-intern', {
    title: 'Software Engineer Intern',
    company: 'Notion',
    locations: ['San Francisco, CA', 'New York, NY'],
    datePosted: 1_750_000_200,
  }),
  job('vancouver-newgrad', {
    title: 'Software Engineer I',
    company: 'Northern Labs',
    locations: ['Vancouver, BC, Canada', 'Toronto, ON, Canada'],
    type: 'new-grad',
    datePosted: 1_750_000_400,
  }),
  job('remote-newgrad', {
    title: 'Backend Engineer',
    company: 'Google',
    locations: ['Remote in USA'],
    type: 'new-grad',
    datePosted: 1_750_000_100,
  }),
  job('featured-ottawa', {
    title: 'Frontend Developer',
    company: 'Partner Co',
    locations: ['Ottawa, ON, Canada'],
    featured: true,
    type: 'Internship',
    url: null,
    datePosted: 0,
  }),
  job('montreal-intern', {
    title: 'Stagiaire en développement',
    company: 'Québec Tech',
    locations: ['Montréal, QC, Canada'],
    datePosted: 1_750_000_250,
  }),
];

const ids = (entries: readonly IndexedJob[]) => entries.map((entry) => entry.job.id);
const all: JobFilters = { type: 'all' };

describe('sortJobs and compareBoardJobs', () => {
  it('puts featured jobs first, then the newest datePosted', () => {
    expect(sortJobs(board).map((j) => j.id)).toEqual([
      'featured-ottawa',
      'vancouver-newgrad',
      'toronto-intern',
      'montreal-intern',
      'sf-ny-intern',
      'remote-newgrad',
    ]);
  });

  it('orders featured jobs among themselves by date too', () => {
    const older = job('f-old', { featured: true, datePosted: 10 });
    const newer = job('f-new', { featured: true, datePosted: 20 });
    expect(sortJobs([older, job('external', { datePosted: 99 }), newer]).map((j) => j.id)).toEqual([
      'f-new',
      'f-old',
      'external',
    ]);
  });

  it('breaks a date tie by title, then by id, whatever the input order', () => {
    const a = job('2', { title: 'Alpha', datePosted: 5 });
    const b = job('1', { title: 'Beta', datePosted: 5 });
    const c = job('0', { title: 'Beta', datePosted: 5 });
    expect(sortJobs([b, c, a]).map((j) => j.id)).toEqual(['2', '0', '1']);
    expect(sortJobs([a, b, c]).map((j) => j.id)).toEqual(['2', '0', '1']);
    expect(compareBoardJobs(a, a)).toBe(0);
  });

  it('returns a copy and leaves the input order untouched', () => {
    const input = [job('old', { datePosted: 1 }), job('new', { datePosted: 2 })];
    sortJobs(input);
    expect(input.map((j) => j.id)).toEqual(['old', 'new']);
  });
});

describe('indexJobs', () => {
  const indexed = indexJobs(board);

  it('returns the jobs in board order', () => {
    expect(ids(indexed)).toEqual(sortJobs(board).map((j) => j.id));
  });

  it('precomputes the lower-cased haystack and the parsed places of every location', () => {
    const entry = indexed.find((e) => e.job.id === 'sf-ny-intern');
    expect(entry?.haystack).toBe('software engineer intern\nnotion\nsan francisco, ca\nnew york, ny');
    expect(entry?.places).toEqual([
      { city: 'San Francisco', state: 'California', country: 'United States' },
      { city: 'New York', state: 'New York', country: 'United States' },
    ]);
    expect(entry?.placeKeys).toEqual([
      { city: 'san francisco', state: 'california', country: 'united states' },
      { city: 'new york', state: 'new york', country: 'united states' },
    ]);
    expect(entry?.modes).toEqual(['onsite', 'onsite']);
  });

  it('gives a job without locations no places', () => {
    expect(indexJobs([job('nowhere')])[0]?.places).toEqual([]);
  });
});

describe('filterJobs', () => {
  const indexed = indexJobs(board);

  it('returns every job in board order for the type all with no other filter', () => {
    expect(ids(filterJobs(indexed, all))).toEqual(ids(indexed));
  });

  it('selects only featured jobs for the type featured', () => {
    expect(ids(filterJobs(indexed, { type: 'featured' }))).toEqual(['featured-ottawa']);
  });

  it('selects external internships only, not a featured job whose free-text type is Internship', () => {
    expect(ids(filterJobs(indexed, { type: 'internship' }))).toEqual([
      'toronto-intern',
      'montreal-intern',
      'sf-ny-intern',
    ]);
  });

  it('keeps a featured job out of the external types even when its free text equals the filter value', () => {
    const entries = indexJobs([
      job('featured-lower', { featured: true, type: 'internship', url: null }),
      job('featured-newgrad', { featured: true, type: 'new-grad', url: null }),
      job('external', { type: 'internship' }),
    ]);
    expect(ids(filterJobs(entries, { type: 'internship' }))).toEqual(['external']);
    expect(filterJobs(entries, { type: 'new-grad' })).toEqual([]);
  });

  it('selects external new-grad listings for the type new-grad', () => {
    expect(ids(filterJobs(indexed, { type: 'new-grad' }))).toEqual(['vancouver-newgrad', 'remote-newgrad']);
  });

  it('matches a country against any of the job locations', () => {
    expect(ids(filterJobs(indexed, { type: 'all', country: 'Canada' }))).toEqual([
      'featured-ottawa',
      'vancouver-newgrad',
      'toronto-intern',
      'montreal-intern',
    ]);
  });

  it('compares location values case-insensitively and ignores surrounding spaces', () => {
    expect(ids(filterJobs(indexed, { type: 'all', country: ' canada ', state: 'on' }))).toEqual([
      'featured-ottawa',
      'vancouver-newgrad',
      'toronto-intern',
    ]);
  });

  it('matches the exact value, not a prefix or substring', () => {
    expect(filterJobs(indexed, { type: 'all', country: 'Cana' })).toEqual([]);
    expect(filterJobs(indexed, { type: 'all', country: 'USA', state: 'Remote' })).toEqual([]);
    expect(filterJobs(indexed, { type: 'all', country: 'United' })).toEqual([]);
  });

  it('requires one location to match country, state and city together', () => {
    const mixed = indexJobs([job('mixed', { locations: ['Toronto, ON, Canada', 'New York, NY'] })]);
    expect(ids(filterJobs(mixed, { type: 'all', country: 'USA', state: 'NY' }))).toEqual(['mixed']);
    expect(filterJobs(mixed, { type: 'all', country: 'Canada', state: 'NY' })).toEqual([]);
    expect(filterJobs(mixed, { type: 'all', country: 'USA', state: 'NY', city: 'Toronto' })).toEqual([]);
    expect(ids(filterJobs(mixed, { type: 'all', country: 'USA', state: 'NY', city: 'new york' }))).toEqual(['mixed']);
  });

  it('files Remote in USA as a remote job in the United States, not as a state', () => {
    expect(filterJobs(indexed, { type: 'all', country: 'USA', state: 'Remote in USA' })).toEqual([]);
    expect(ids(filterJobs(indexed, { type: 'all', country: 'United States', mode: 'remote' }))).toEqual([
      'remote-newgrad',
    ]);
    expect(ids(filterJobs(indexed, { type: 'all', mode: 'remote' }))).toEqual(['remote-newgrad']);
  });

  it('reads country and state aliases in a filter as the names they stand for', () => {
    const us = ids(filterJobs(indexed, { type: 'all', country: 'United States', state: 'California' }));
    expect(us).toEqual(['sf-ny-intern']);
    expect(ids(filterJobs(indexed, { type: 'all', country: 'USA', state: 'CA' }))).toEqual(us);
    expect(ids(filterJobs(indexed, { type: 'all', country: 'us', state: 'ca' }))).toEqual(us);
  });

  it('requires the work mode of the same location that matches the place', () => {
    const mixed = indexJobs([job('mixed', { locations: ['Remote in USA', 'Toronto, ON, Canada'] })]);
    expect(filterJobs(mixed, { type: 'all', country: 'Canada', mode: 'remote' })).toEqual([]);
    expect(ids(filterJobs(mixed, { type: 'all', country: 'Canada', mode: 'onsite' }))).toEqual(['mixed']);
    expect(filterJobs(mixed, { type: 'all', mode: 'hybrid' })).toEqual([]);
  });

  it('treats empty or blank location values as no filter', () => {
    expect(filterJobs(indexed, { type: 'all', country: '', state: '  ', city: '' })).toHaveLength(board.length);
  });

  it('never matches a job without locations once a location filter is set', () => {
    const entries = indexJobs([job('nowhere')]);
    expect(filterJobs(entries, { type: 'all', country: 'USA' })).toEqual([]);
    expect(filterJobs(entries, all)).toHaveLength(1);
  });

  it('applies the text search over title, company and locations', () => {
    expect(ids(filterJobs(indexed, { type: 'all', q: 'google|maple' }))).toEqual(['toronto-intern', 'remote-newgrad']);
    expect(ids(filterJobs(indexed, { type: 'all', q: '^montréal' }))).toEqual(['montreal-intern']);
    expect(ids(filterJobs(indexed, { type: 'all', q: 'ENGINEER' }))).toEqual([
      'vancouver-newgrad',
      'sf-ny-intern',
      'remote-newgrad',
    ]);
  });

  it('combines type, location and text', () => {
    expect(ids(filterJobs(indexed, { type: 'new-grad', country: 'Canada', q: 'engineer' }))).toEqual([
      'vancouver-newgrad',
    ]);
    expect(filterJobs(indexed, { type: 'internship', country: 'Canada', q: 'engineer' })).toEqual([]);
  });

  it('searches an invalid pattern as literal text instead of failing', () => {
    const entries = indexJobs([job('cpp', { title: 'C++ Developer' }), job('c', { title: 'C Developer' })]);
    expect(ids(filterJobs(entries, { type: 'all', q: 'c++' }))).toEqual(['cpp']);
  });
});

const placeFacets = ({ countries, states, cities }: JobFacets) => ({ countries, states, cities });

describe('jobFacets', () => {
  const indexed = indexJobs(board);

  it('lists only countries until a country is chosen, alphabetically and unique', () => {
    expect(placeFacets(jobFacets(indexed, all))).toEqual({
      countries: [
        { value: 'Canada', count: 4 },
        { value: 'United States', count: 2 },
      ],
      states: [],
      cities: [],
    });
  });

  it('takes countries from jobs matching the type and text, ignoring the chosen country itself', () => {
    const values = (facets: { value: string }[]) => facets.map((facet) => facet.value);
    expect(values(jobFacets(indexed, { type: 'new-grad', country: 'Canada' }).countries)).toEqual([
      'Canada',
      'United States',
    ]);
    expect(values(jobFacets(indexed, { type: 'all', q: 'google' }).countries)).toEqual(['United States']);
    expect(values(jobFacets(indexed, { type: 'featured' }).countries)).toEqual(['Canada']);
  });

  it('lists the states of the chosen country only, not other locations of the same jobs', () => {
    const facets = jobFacets(indexed, { type: 'all', country: 'Canada' });
    expect(facets.states).toEqual([
      { value: 'British Columbia', count: 1 },
      { value: 'Ontario', count: 3 },
      { value: 'Quebec', count: 1 },
    ]);
    expect(facets.cities).toEqual([]);
  });

  it('lists the cities of the chosen state within the chosen country', () => {
    expect(jobFacets(indexed, { type: 'all', country: 'canada', state: 'on' }).cities).toEqual([
      { value: 'Ottawa', count: 1 },
      { value: 'Toronto', count: 2 },
    ]);
  });

  it('omits null values: a remote location adds its country but no region', () => {
    expect(jobFacets(indexed, { type: 'all', country: 'USA' }).states).toEqual([
      { value: 'California', count: 1 },
      { value: 'New York', count: 1 },
    ]);
    expect(jobFacets(indexed, { type: 'all', mode: 'remote' }).countries).toEqual([
      { value: 'United States', count: 1 },
    ]);
  });

  it('counts a job once per value even with two locations carrying it', () => {
    const entries = indexJobs([job('two', { locations: ['Toronto, ON, Canada', 'Toronto, Canada'] })]);
    expect(placeFacets(jobFacets(entries, { type: 'all', country: 'Canada', state: 'ON' }))).toEqual({
      countries: [{ value: 'Canada', count: 1 }],
      states: [{ value: 'Ontario', count: 1 }],
      cities: [{ value: 'Toronto', count: 1 }],
    });
  });

  it('keeps one spelling per value when the data differs only in case, and sorts ignoring case', () => {
    const place = (country: string) => ({ country, region: null, city: null, mode: 'onsite' as const });
    const entries = indexJobs([
      job('a', { locations: ['x'], places: [place('Germany')], datePosted: 3 }),
      job('b', { locations: ['y'], places: [place('GERMANY')], datePosted: 2 }),
      job('c', { locations: ['z'], places: [place('france')], datePosted: 1 }),
    ]);
    expect(jobFacets(entries, all).countries).toEqual([
      { value: 'france', count: 1 },
      { value: 'Germany', count: 2 },
    ]);
  });

  it('follows the text search: states of matching jobs only', () => {
    expect(
      jobFacets(indexed, { type: 'all', country: 'Canada', q: 'maple|québec' }).states.map((s) => s.value),
    ).toEqual(['Ontario', 'Quebec']);
  });

  it('gives cities for a state chosen without a country (hand-edited URL), scoped by the state alone', () => {
    const facets = jobFacets(indexed, { type: 'all', state: 'ON' });
    expect(facets.states).toEqual([]);
    expect(facets.cities.map((c) => c.value)).toEqual(['Ottawa', 'Toronto']);
  });
});

describe('referenceQueryJobs', () => {
  const indexed = indexJobs(board);

  it('returns the first page, the total of all matches and the facets', () => {
    const result = referenceQueryJobs(indexed, { type: 'all', country: 'Canada' }, { offset: 0, limit: 2 });
    expect(result.jobs.map((j) => j.id)).toEqual(['featured-ottawa', 'vancouver-newgrad']);
    expect(result.total).toBe(4);
    expect(result.facets.countries.map((c) => c.value)).toEqual(['Canada', 'United States']);
    expect(result.facets.states.map((s) => s.value)).toEqual(['British Columbia', 'Ontario', 'Quebec']);
    expect(result.facets.cities).toEqual([]);
  });

  it('returns the next page from the offset', () => {
    const result = referenceQueryJobs(indexed, { type: 'all', country: 'Canada' }, { offset: 2, limit: 2 });
    expect(result.jobs.map((j) => j.id)).toEqual(['toronto-intern', 'montreal-intern']);
    expect(result.total).toBe(4);
  });

  it('returns an empty page past the end but still the total', () => {
    const result = referenceQueryJobs(indexed, all, { offset: 50, limit: 20 });
    expect(result.jobs).toEqual([]);
    expect(result.total).toBe(board.length);
  });

  it('agrees with filterJobs and jobFacets for the same filters', () => {
    const filters: JobFilters = { type: 'all', country: 'Canada', state: 'ON', q: 'engineer|intern|developer' };
    const result = referenceQueryJobs(indexed, filters, { offset: 0, limit: 100 });
    expect(result.jobs).toEqual(filterJobs(indexed, filters).map((entry) => entry.job));
    expect(result.facets).toEqual(jobFacets(indexed, filters));
  });

  it('orders by the latest update when asked, featured first still', () => {
    const entries = indexJobs([
      job('old-updated', { datePosted: 100, dateUpdated: 900 }),
      job('new', { datePosted: 500 }),
      job('featured', { featured: true, url: null, datePosted: 1 }),
    ]);
    expect(referenceQueryJobs(entries, all, { offset: 0, limit: 10 }).jobs.map((j) => j.id)).toEqual([
      'featured',
      'new',
      'old-updated',
    ]);
    expect(
      referenceQueryJobs(entries, { type: 'all', sort: 'updated' }, { offset: 0, limit: 10 }).jobs.map((j) => j.id),
    ).toEqual(['featured', 'old-updated', 'new']);
  });

  it('clamps a negative offset to the start', () => {
    expect(referenceQueryJobs(indexed, all, { offset: -5, limit: 1 }).jobs.map((j) => j.id)).toEqual([
      'featured-ottawa',
    ]);
  });

  it('handles an empty board', () => {
    expect(referenceQueryJobs([], all, { offset: 0, limit: 20 })).toEqual({
      jobs: [],
      total: 0,
      facets: { countries: [], states: [], cities: [], categories: [], terms: [], degrees: [] },
    });
  });
});

describe('the family, term, degree and sponsorship filters', () => {
  const criteriaBoard = indexJobs([
    job('swe-summer-bachelor', {
      category: 'Software Engineering',
      terms: ['Summer 2026'],
      degrees: ["Bachelor's"],
      locations: ['Toronto, ON, Canada'],
    }),
    job('ml-fall-master-phd', {
      category: 'AI/ML/Data',
      terms: ['Fall 2026', 'Winter 2027'],
      degrees: ["Master's", 'PhD'],
      locations: ['New York, NY'],
    }),
    job('hardware-summer-any', { category: 'Hardware', terms: ['Summer 2026'], locations: ['Toronto, ON, Canada'] }),
    job('unknown-family', { category: null, terms: ['Summer 2026'], degrees: ["Bachelor's"] }),
    job('newgrad-software', { category: 'Software', type: 'new-grad', degrees: ['Incomplete'] }),
    job('featured-sponsors', {
      featured: true,
      type: 'Internship',
      url: null,
      family: 'software',
      termKeys: ['summer-2026'],
      degreeLevels: ['master'],
      sponsorship: 'yes',
    }),
    job('featured-no-sponsor', {
      featured: true,
      type: 'Internship',
      url: null,
      family: 'software',
      sponsorship: 'no',
    }),
  ]);
  const ids = (filters: Partial<JobFilters>) =>
    filterJobs(criteriaBoard, { type: 'all', ...filters })
      .map((entry) => entry.job.id)
      .sort();

  it('keeps the jobs of any chosen family, and never a job whose family is unknown', () => {
    expect(ids({ category: ['software'] })).toEqual([
      'featured-no-sponsor',
      'featured-sponsors',
      'newgrad-software',
      'swe-summer-bachelor',
    ]);
    expect(ids({ category: ['hardware', 'ai-ml-data'] })).toEqual(['hardware-summer-any', 'ml-fall-master-phd']);
    expect(ids({ category: ['other'] })).toEqual([]);
  });

  it('keeps the jobs offered in any chosen term; a job stating no term is not in any', () => {
    expect(ids({ term: ['summer-2026'] })).toEqual([
      'featured-sponsors',
      'hardware-summer-any',
      'swe-summer-bachelor',
      'unknown-family',
    ]);
    expect(ids({ term: ['winter-2027'] })).toEqual(['ml-fall-master-phd']);
  });

  it('keeps the jobs open to any chosen degree, and every job that states none', () => {
    expect(ids({ degree: ['phd'] })).toEqual([
      'featured-no-sponsor',
      'hardware-summer-any',
      'ml-fall-master-phd',
      'newgrad-software',
    ]);
    expect(ids({ degree: ['bachelor', 'master'] })).toEqual([
      'featured-no-sponsor',
      'featured-sponsors',
      'hardware-summer-any',
      'ml-fall-master-phd',
      'newgrad-software',
      'swe-summer-bachelor',
      'unknown-family',
    ]);
  });

  it('keeps only jobs that say they sponsor work visas for sponsorship=yes', () => {
    expect(ids({ sponsorship: 'yes' })).toEqual(['featured-sponsors']);
  });

  it('combines the criteria with each other and with the place filters', () => {
    expect(ids({ category: ['software', 'hardware'], term: ['summer-2026'], degree: ['bachelor'] })).toEqual([
      'hardware-summer-any',
      'swe-summer-bachelor',
    ]);
    expect(ids({ term: ['summer-2026'], country: 'Canada' })).toEqual(['hardware-summer-any', 'swe-summer-bachelor']);
  });

  it('counts each facet under the other filters, not under its own', () => {
    const facets = jobFacets(criteriaBoard, { type: 'all', category: ['software'], term: ['summer-2026'] });
    // Families of the jobs in Summer 2026 (the family choice itself left out).
    expect(facets.categories).toEqual([
      { value: 'software', count: 2 },
      { value: 'hardware', count: 1 },
    ]);
    // Terms of the software jobs.
    expect(facets.terms).toEqual([{ value: 'summer-2026', count: 2 }]);
    // Degrees of the software jobs in Summer 2026: the sponsoring job asks for a master's, the other a bachelor's.
    expect(facets.degrees).toEqual([
      { value: 'bachelor', count: 1 },
      { value: 'master', count: 1 },
    ]);
  });

  it('counts a job stating no degree under every level, and lists terms in calendar order', () => {
    const facets = jobFacets(criteriaBoard, { type: 'all' });
    expect(facets.degrees).toEqual([
      { value: 'associate', count: 3 },
      { value: 'bachelor', count: 5 },
      { value: 'master', count: 5 },
      { value: 'phd', count: 4 },
      { value: 'mba', count: 3 },
      { value: 'other', count: 3 },
    ]);
    expect(facets.terms.map((facet) => facet.value)).toEqual(['summer-2026', 'fall-2026', 'winter-2027']);
    expect(facets.categories).toEqual([
      { value: 'software', count: 4 },
      { value: 'ai-ml-data', count: 1 },
      { value: 'hardware', count: 1 },
    ]);
  });

  it('narrows the place facets by the criteria filters', () => {
    const facets = jobFacets(criteriaBoard, { type: 'all', category: ['ai-ml-data'] });
    expect(facets.countries).toEqual([{ value: 'United States', count: 1 }]);
  });
});

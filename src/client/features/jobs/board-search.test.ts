import { describe, expect, it } from 'vitest';
import { indexJobs } from '../../../shared/jobs/filter-jobs.ts';
import type { JobFilters } from '../../../shared/jobs/job-filters-schema.ts';
import { referenceQueryJobs } from '../../../shared/jobs/reference-query-jobs.ts';
import type { BoardJob } from '../../../shared/jobs/listing-schemas.ts';
import {
  boardFacets,
  boardFacetsInSlices,
  buildBoardIndex,
  builtBoardIndex,
  filterBoardChoices,
  searchBoardText,
} from './board-search.ts';
import { withPlaces } from '../../../shared/jobs/board-job-fixture.ts';

const places = [
  'Toronto, ON, Canada',
  'Waterloo, ON, Canada',
  'Vancouver, BC, Canada',
  'New York, NY',
  'Austin, TX',
  'Remote in USA',
];
const titles = [
  'Software Engineer',
  'Data Scientist',
  'Software Engineer Intern',
  'ML Engineer',
  'Product Designer',
  'C++ Developer',
];

function buildJob(i: number): BoardJob {
  return withPlaces({
    id: `job-${i}`,
    // Titles repeat every 60 jobs: the same company, title and type make one card (posting-groups.ts).
    title: `${titles[i % titles.length]} ${i % 60}`,
    company: ['Acme', 'Globex', 'Initech'][i % 3]!,
    locations:
      i % 5 === 0 ? [places[i % places.length]!, places[(i + 2) % places.length]!] : [places[i % places.length]!],
    category: i % 2 ? 'Software' : null,
    terms: ['Summer 2026'],
    degrees: [],
    datePosted: 1_760_000_000 - i * 60,
    url: i % 7 === 0 ? null : `https://jobs.example.com/${i}`,
    featured: i % 7 === 0,
    type: i % 7 === 0 ? 'Internship' : i % 2 ? 'internship' : 'new-grad',
  });
}

const index = indexJobs(Array.from({ length: 300 }, (_, i) => buildJob(i)));

/** What the list shows for `filters`, composed like the board does. */
function local(filters: JobFilters) {
  const base = searchBoardText(index, filters.type, filters.q ?? '');
  const matches = filterBoardChoices(base, filters);
  return { ids: matches.slice(0).map((job) => job.id), total: matches.length, facets: boardFacets(base, filters) };
}

function shared(filters: JobFilters) {
  const result = referenceQueryJobs(index, filters, { offset: 0, limit: 1000 });
  return { ids: result.jobs.map((job) => job.id), total: result.total, facets: result.facets };
}

describe('local board search answers exactly what the shared referenceQueryJobs answers', () => {
  it.each<JobFilters>([
    { type: 'all' },
    { type: 'internship', q: 'engineer' },
    { type: 'featured' },
    { type: 'all', country: 'Canada' },
    { type: 'all', country: 'Canada', state: 'ON' },
    { type: 'all', country: 'canada', state: 'on', city: 'toronto' },
    { type: 'new-grad', q: '^data', country: 'USA' },
    { type: 'all', q: 'c++' },
    { type: 'all', q: '(' },
    { type: 'all', q: 'intern|scientist', state: 'BC' },
    { type: 'all', category: ['software'] },
    { type: 'internship', category: ['software'], term: ['summer-2026'], country: 'Canada' },
    { type: 'all', degree: ['phd'], sponsorship: 'yes' },
  ])('%o', (filters) => {
    expect(local(filters)).toEqual(shared(filters));
  });

  it('stays exact while a search is typed one character at a time, then edited, then changed to a pattern', () => {
    const typed = [
      's',
      'so',
      'sof',
      'soft',
      'software',
      'software ',
      'software e',
      'software en',
      'software engineer i',
    ];
    const edits = [
      'software engineer',
      'software',
      'Software Engineer',
      'SOFTWARE',
      'software|data',
      'software.*intern',
      'data',
    ];
    for (const q of [...typed, ...edits]) {
      for (const type of ['all', 'internship'] as const) {
        expect(local({ type, q }), `${type} "${q}"`).toEqual(shared({ type, q }));
      }
    }
  });

  it('does not narrow across a change of type', () => {
    expect(local({ type: 'featured', q: 'engineer' })).toEqual(shared({ type: 'featured', q: 'engineer' }));
    expect(local({ type: 'all', q: 'engineer 1' })).toEqual(shared({ type: 'all', q: 'engineer 1' }));
  });
});

describe('boardFacetsInSlices', () => {
  it('counts what boardFacets counts, over a result larger than one slice, under every kind of filter', async () => {
    const large = indexJobs(Array.from({ length: 4500 }, (_, i) => buildJob(i)));
    for (const filters of [
      { type: 'all' },
      { type: 'internship', country: 'Canada' },
      { type: 'all', category: ['software'], degree: ['master'] },
      { type: 'all', q: 'engineer', country: 'canada', state: 'on' },
    ] satisfies JobFilters[]) {
      const base = searchBoardText(large, filters.type, filters.q ?? '');
      expect(await boardFacetsInSlices(base, filters, { cancelled: false })).toEqual(boardFacets(base, filters));
    }
  });

  it('answers null once cancelled, without finishing the count', async () => {
    const large = indexJobs(Array.from({ length: 4500 }, (_, i) => buildJob(i)));
    const run = { cancelled: false };
    const counting = boardFacetsInSlices(large, { type: 'all' }, run);
    run.cancelled = true;
    expect(await counting).toBeNull();
  });
});

describe('buildBoardIndex (in slices)', () => {
  const jobs = Array.from({ length: 2500 }, (_, i) => buildJob(i)).reverse();

  it('builds the same index as indexJobs, once per version, and keeps it for that version', async () => {
    const snapshot = { version: 'sliced-v1', jobs };
    expect(builtBoardIndex(snapshot)).toBeNull();
    const [first, second] = await Promise.all([buildBoardIndex(snapshot), buildBoardIndex(snapshot)]);
    expect(first).toBe(second);
    expect(first).toEqual(indexJobs(jobs));
    expect(builtBoardIndex(snapshot)).toBe(first);
    expect(builtBoardIndex({ version: 'sliced-v2' })).toBeNull();
  });
});

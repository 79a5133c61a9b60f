import { withPlaces } from '../../../shared/jobs/board-job-fixture.ts';
import { describe, expect, it } from 'vitest';
import { indexJobs } from '../../../shared/jobs/filter-jobs.ts';
import { degreeLevels, jobFamilies } from '../../../shared/jobs/job-criteria.ts';
import type { JobFilters } from '../../../shared/jobs/job-filters-schema.ts';
import { referenceQueryJobs } from '../../../shared/jobs/reference-query-jobs.ts';
import { jobSearchCases } from '../../../shared/jobs/job-search.cases.ts';
import { type BoardJob, jobTypeFilterValues } from '../../../shared/jobs/listing-schemas.ts';
import { BoardQueryIndex } from './board-query-index.ts';
import { GramIndex } from './gram-index.ts';

// The board view answers from BoardQueryIndex; the shared referenceQueryJobs is the reference it must equal exactly.

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
}

const titles = [
  'Software Engineer Intern',
  'Data Scientist',
  'Machine Learning Engineer',
  'Product Designer',
  'Backend Developer',
  'Frontend Engineer',
  'Senior Site Reliability Engineer',
  'Security Analyst',
  'C++ Developer',
  'Quantitative Researcher',
  'Développeur logiciel',
  'Ingénieur Données – Stage',
  'Co-op, .NET Developer',
  '東京 Engineer 🚀',
];
const companies = ['Google', 'Meta', 'Notion', 'Shopify', 'Maple Bank', 'Capital One', 'Kelvin Labs', 'ſtripe'];
const places = [
  'San Francisco, CA',
  'Toronto, ON (Hybrid)',
  'Vancouver, BC',
  'Remote in Canada',
  'New York, NY',
  'new york, ny',
  'Seattle, WA',
  'Remote in USA',
  'Toronto, ON, Canada',
  'Montréal, QC, Canada',
  'Montreal, QC, Canada',
  'Vancouver, BC, Canada',
  'London, UK',
  'USA',
  'Canada',
  'Remote',
  'Waterloo, ON, Canada',
  'Austin, TX, USA',
  'Singapore, Singapore',
];
const categories = ['Software', 'AI/ML/Data', 'Hardware', 'Quantitative Finance', 'Other', 'None', null];
const terms = ['Summer 2026', 'Fall 2026', 'Summer 2027', 'Winter 2025'];
const degrees = ["Bachelor's", "Master's", 'PhD', 'MBA', 'Bootcamp', 'Incomplete'];
const types = ['internship', 'new-grad', 'Internship'];

function generatedBoard(count: number, seed: number): BoardJob[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  return Array.from({ length: count }, (_, i) => {
    const featured = next() < 0.05;
    return withPlaces({
      id: `job-${i}`,
      title: pick(titles),
      company: pick(companies),
      locations: Array.from({ length: Math.floor(next() * 3) }, () => pick(places)),
      category: pick(categories),
      terms: Array.from({ length: Math.floor(next() * 3) }, () => pick(terms)),
      degrees: Array.from({ length: Math.floor(next() * 3) }, () => pick(degrees)),
      sponsorship: featured ? pick(['yes', 'no', 'unknown'] as const) : 'unknown',
      datePosted: 1_750_000_000 + Math.floor(next() * 1000) * 60,
      url: null,
      featured,
      type: featured ? 'Internship' : pick(types),
      dateUpdated: next() < 0.5 ? null : 1_750_000_000 + Math.floor(next() * 2000) * 60,
    });
  });
}

const patterns = [
  ...new Set(jobSearchCases.map((c) => c.pattern)),
  'engineer',
  'intern',
  'google|meta',
  '^senior',
  'c\\+\\+',
  'summer 202[67]',
  'machine learning',
  'ai',
  'a',
  'é',
  'montréal',
  'MONTREAL',
  'new york',
  'ſtripe',
  'stripe',
  '.net',
  '\\.net',
  'données',
  '🚀',
  '東京',
  'd+',
  '[',
  'ngineer$',
  '^(backend|frontend) (engineer|developer)',
  'x',
  'zzzz',
  ' ',
  'o',
  'er\nca',
  'tor.nto',
  '(?i)kelvin',
  'k',
  'stripe|x',
  'ſtripe|x',
  'swe|sde|sales',
  '\\bs\\w+',
  '[r-t]tripe',
  'kelvin|x',
  '[0-9]+',
  '\\bml\\b',
  'co-?op',
];
const countries = [undefined, 'USA', 'canada', ' Canada ', 'UK', 'Nowhere', 'singapore'];
const states = [undefined, 'CA', 'on', 'QC', 'NY', 'zz', 'singapore'];
const cities = [undefined, 'Toronto', 'new york', 'Montréal', 'singapore', 'Ottawa'];

function expectSameAnswers(jobs: BoardJob[], filtersList: JobFilters[]): void {
  const indexed = indexJobs(jobs);
  const index = new BoardQueryIndex(indexed);
  for (const filters of filtersList) {
    const expected = referenceQueryJobs(indexed, filters, { offset: 0, limit: Number.MAX_SAFE_INTEGER });
    const { matched, facets } = index.filter(index.search(filters.type, filters.q), filters);
    const cards = index.cards(matched);
    const total = cards.starts.length - 1;
    const actual = { jobs: Array.from({ length: total }, (_, card) => index.cardJob(cards, card)), total, facets };
    expect(actual, JSON.stringify(filters)).toEqual(expected);
  }
}

describe('BoardQueryIndex', () => {
  it('answers exactly as referenceQueryJobs for the shared search cases on their own texts', () => {
    jobSearchCases.forEach((c, i) => {
      const jobs = [
        {
          ...generatedBoard(1, i)[0]!,
          title: c.text,
          company: '',
          locations: [],
          places: [],
          category: null,
          terms: [],
          degrees: [],
        },
        ...generatedBoard(20, i + 1000),
      ];
      expectSameAnswers(jobs, [
        { type: 'all', q: c.pattern },
        { type: 'internship', q: c.pattern },
      ]);
    });
  }, 60_000);

  it('answers exactly as referenceQueryJobs for hundreds of generated queries on a generated board', () => {
    const next = random(7);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
    const filtersList: JobFilters[] = patterns.flatMap((q) =>
      jobTypeFilterValues.map((type) => ({
        type,
        q,
        country: pick(countries),
        state: pick(states),
        city: pick(cities),
      })),
    );
    for (let i = 0; i < 200; i++) {
      filtersList.push({
        type: pick(jobTypeFilterValues),
        q: pick(patterns),
        country: pick(countries),
        state: pick(states),
      });
    }
    // The work mode and the "recently updated" order over places and pages alike.
    for (let i = 0; i < 150; i++) {
      filtersList.push({
        type: pick(jobTypeFilterValues),
        q: pick(['', 'engineer', 'intern', 'google|meta']),
        country: pick(countries),
        state: pick(states),
        city: pick(cities),
        mode: pick([undefined, 'remote', 'hybrid', 'onsite'] as const),
        sort: pick([undefined, 'posted', 'updated'] as const),
      });
    }
    // Family, term, degree and sponsorship, alone and with the place filters, over every type and a few searches.
    const pickSome = <T>(list: readonly T[]): T[] | undefined => {
      const some = list.filter(() => next() < 0.35);
      return some.length === 0 ? undefined : some;
    };
    for (let i = 0; i < 400; i++) {
      filtersList.push({
        type: pick(jobTypeFilterValues),
        q: pick(['', '', 'engineer', 'intern', 'google|meta', 'summer 2026']),
        country: pick(countries),
        state: next() < 0.2 ? pick(states) : undefined,
        mode: pick([undefined, undefined, 'remote', 'onsite'] as const),
        category: pickSome(jobFamilies),
        term: pickSome(['summer-2026', 'fall-2026', 'summer-2027', 'winter-2025', 'spring-2030'] as const),
        degree: pickSome(degreeLevels),
        sponsorship: next() < 0.2 ? 'yes' : undefined,
        sort: pick([undefined, 'updated'] as const),
      });
    }
    expect(filtersList.length).toBeGreaterThan(700);
    expectSameAnswers(generatedBoard(1500, 42), filtersList);
    // ~5 s alone; more while other suites run on the same two cores.
  }, 60_000);

  it('answers an empty board', () => {
    expectSameAnswers([], [{ type: 'all' }, { type: 'featured', q: 'google|meta', country: 'USA' }]);
  });
});

describe('GramIndex', () => {
  it('keeps every haystack containing the text, and drops most others', () => {
    const words = ['google', 'meta', 'amazon', 'shopify', 'stripe', 'notion', 'toronto', 'seattle', 'data', 'quant'];
    const haystacks = Array.from(
      { length: 2000 },
      (_, i) => `${words[i % 10]} ${words[(i * 7) % 10]} engineer ${i}\nsummer 2026`,
    );
    const index = new GramIndex(haystacks);
    for (const text of ['google', 'quant', 'seattle', 'zebra', 'meta amazon', '2026', 'r 1', 'ta', 'é東京']) {
      const expected = haystacks.flatMap((haystack, i) => (haystack.includes(text) ? [i] : []));
      const kept = Array.from(index.candidates(text)!);
      expect(
        kept.filter((i) => haystacks[i]!.includes(text)),
        text,
      ).toEqual(expected);
      expect(kept.length, text).toBeLessThanOrEqual(expected.length + haystacks.length / 10);
    }
    expect(index.candidates('a')).toBeNull();
  });

  it('handles characters outside ASCII and surrogate pairs', () => {
    const haystacks = ['montréal, qc', '東京 🚀 office', 'montreal'];
    const index = new GramIndex(haystacks);
    expect(Array.from(index.candidates('tréal')!)).toEqual([0]);
    expect(Array.from(index.candidates('🚀 off')!)).toEqual([1]);
  });

  it('reads the long s as "s", as RE2 does case-insensitively', () => {
    const index = new GramIndex(['ſtripe', 'stripe', 'tripe']);
    expect(Array.from(index.candidates('stripe')!)).toEqual([0, 1]);
    expect(Array.from(index.candidates('ſtripe')!)).toEqual([0, 1]);
  });
});

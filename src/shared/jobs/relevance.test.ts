import { describe, expect, it } from 'vitest';
import { withPlaces } from './board-job-fixture.ts';
import { indexJobs } from './filter-jobs.ts';
import { referenceQueryJobs } from './reference-query-jobs.ts';
import type { BoardJob } from './listing-schemas.ts';
import { relevanceScore, relevanceTerms, sortByRelevance, termMatch } from './relevance.ts';

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

describe('relevance terms and word matches', () => {
  it('reads the words of a search, dropping regular-expression syntax', () => {
    expect(relevanceTerms('Intern')).toEqual(['intern']);
    expect(relevanceTerms('^data (scien|analy)')).toEqual(['data', 'scien', 'analy']);
    expect(relevanceTerms('  ')).toEqual([]);
  });

  it.each([
    ['Software Engineering Intern', 3],
    ['Intern, Summer 2026', 3],
    ['Internship Program', 2],
    ['Acme International', 2],
    ['Winterns', 1],
    ['Analyst', 0],
  ] as const)('"intern" in %j -> %i', (text, score) => {
    expect(termMatch(text, 'intern')).toBe(score);
  });

  it('weighs a title match above any match in the other fields', () => {
    const titled = relevanceScore(job('a', { title: 'Software Engineering Intern' }), ['intern']);
    const elsewhere = relevanceScore(job('b', { title: 'New Grad Engineer', company: 'Intern Labs' }), ['intern']);
    expect(titled).toBeGreaterThan(elsewhere);
  });
});

describe('"Most relevant" order', () => {
  // The newer new-grad role at "... International" comes first in board order; relevance puts the intern first.
  const international = job('international', {
    title: 'Software Engineer, New Grad',
    company: 'Globex International',
    type: 'new-grad',
    datePosted: 1_750_000_900,
  });
  const intern = job('intern', { title: 'Software Engineering Intern', company: 'Initech', datePosted: 1_750_000_100 });
  const internship = job('internship', { title: 'Internship: Data', company: 'Umbrella', datePosted: 1_750_000_500 });
  const indexed = indexJobs([international, intern, internship]);

  it('ranks "Software Engineering Intern" above a role at "... International" for "intern"', () => {
    const ids = (sort?: 'relevant') =>
      referenceQueryJobs(indexed, { type: 'all', q: 'intern', sort }, { offset: 0, limit: 10 }).jobs.map(
        (entry) => entry.id,
      );
    expect(ids()).toEqual(['international', 'internship', 'intern']);
    expect(ids('relevant')).toEqual(['intern', 'internship', 'international']);
  });

  it('keeps board order without a search, and among equal scores', () => {
    expect(
      referenceQueryJobs(indexed, { type: 'all', sort: 'relevant' }, { offset: 0, limit: 10 }).jobs.map(
        (entry) => entry.id,
      ),
    ).toEqual(['international', 'internship', 'intern']);
    const twins = [job('new', { title: 'Intern' }), job('old', { title: 'Intern' })];
    expect(sortByRelevance(twins, 'intern', (entry) => entry).map((entry) => entry.id)).toEqual(['new', 'old']);
  });

  it('filters by the posted window inside referenceQueryJobs', () => {
    const now = 1_750_000_900 * 1000 + 2 * 86_400_000;
    const recent = job('recent', { datePosted: now / 1000 - 3600 });
    const result = referenceQueryJobs(
      indexJobs([recent, intern]),
      { type: 'all', posted: '24h' },
      { offset: 0, limit: 10 },
      now,
    );
    expect(result.jobs.map((entry) => entry.id)).toEqual(['recent']);
    expect(result.total).toBe(1);
  });
});

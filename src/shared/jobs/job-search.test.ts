import './regex-engine.fixture.ts';
import { withPlaces } from './board-job-fixture.ts';
import { describe, expect, it } from 'vitest';
import { jobSearchCases } from './job-search.cases.ts';
import { compileJobSearch, jobHaystack, maxSearchPatternLength, searchableText } from './job-search.ts';
import type { BoardJob } from './listing-schemas.ts';

function job(overrides: Partial<BoardJob> = {}): BoardJob {
  return withPlaces({
    id: 'j1',
    title: 'Software Engineer Intern',
    company: 'Notion',
    locations: ['San Francisco, CA', 'New York, NY'],
    category: 'Software',
    terms: ['Summer 2026'],
    degrees: ["Bachelor's"],
    datePosted: 1_754_989_913,
    url: 'https://jobs.example.com/notion/1',
    featured: false,
    type: 'internship',
    ...overrides,
  });
}

describe('compileJobSearch shared case table', () => {
  it.each(jobSearchCases.map((c) => [c.pattern, c.text, c.expected, c.note ?? ''] as const))(
    'pattern %j against %j answers %s %s',
    (pattern, text, expected) => {
      expect(compileJobSearch(pattern)(searchableText(text))).toBe(expected);
    },
  );

  it('covers both answers for each family so the table can catch a regression either way', () => {
    expect(jobSearchCases.filter((c) => c.expected).length).toBeGreaterThan(10);
    expect(jobSearchCases.filter((c) => !c.expected).length).toBeGreaterThan(10);
  });
});

describe('compileJobSearch limits', () => {
  it('cuts a pattern longer than the limit, so only its first 200 characters must match', () => {
    const pattern = 'a'.repeat(maxSearchPatternLength) + 'zzz';
    expect(compileJobSearch(pattern)('a'.repeat(maxSearchPatternLength))).toBe(true);
    expect(compileJobSearch(pattern.slice(0, maxSearchPatternLength + 1))('a'.repeat(maxSearchPatternLength))).toBe(
      true,
    );
  });

  it('keeps a pattern of exactly the limit whole', () => {
    const pattern = 'a'.repeat(maxSearchPatternLength - 1) + 'z';
    expect(compileJobSearch(pattern)('a'.repeat(maxSearchPatternLength))).toBe(false);
  });

  it('does not split a surrogate pair when cutting', () => {
    // 199 letters then an emoji: the emoji's two halves straddle the limit, so the whole emoji is dropped.
    const pattern = 'b'.repeat(maxSearchPatternLength - 1) + '😀😀';
    // Kept as a lone high surrogate, the needle would no longer be found in the 199 letters.
    expect(compileJobSearch(pattern)('b'.repeat(maxSearchPatternLength - 1))).toBe(true);
  });

  it('reads a regex cut in the middle by the limit as literal text instead of failing', () => {
    const pattern = 'x'.repeat(maxSearchPatternLength - 1) + '(abc)';
    const search = compileJobSearch(pattern);
    expect(search(`${'x'.repeat(maxSearchPatternLength - 1)}(`)).toBe(true);
    expect(search('x'.repeat(maxSearchPatternLength - 1))).toBe(false);
  });

  it('answers (a+)+$ on a 100,000-character input (linear-time engine, no catastrophic backtracking)', () => {
    const search = compileJobSearch('(a+)+$');
    expect(search(`${'a'.repeat(100_000)}!`)).toBe(false);
    expect(search('a'.repeat(100_000))).toBe(true);
  });

  it('answers nested-quantifier patterns on long non-matching input', () => {
    expect(compileJobSearch('(x+x+)+y')('x'.repeat(100_000))).toBe(false);
    expect(compileJobSearch('(.*a){12}$')('a'.repeat(11) + 'b'.repeat(50_000))).toBe(false);
  });

  it('answers a 200-character pattern of large Unicode repeats without compiling it (cost guard)', () => {
    const pattern = '\\pL{1000}'.repeat(22);
    expect(pattern.length).toBeLessThanOrEqual(maxSearchPatternLength);
    const search = compileJobSearch(pattern);
    expect(search(searchableText('Software Engineer'.repeat(100)))).toBe(false);
    expect(search(searchableText(`literal ${pattern}`))).toBe(true);
  });

  it('never throws, whatever the pattern', () => {
    for (const pattern of ['\\', '*', '+', '?', '{', '}', ')', ']', '[', '(?P<x', '\\p{Nope}', 'a{2,1}', 'x{1001}']) {
      expect(() => compileJobSearch(pattern)('text')).not.toThrow();
    }
  });

  it('treats a lone backslash as the literal character', () => {
    expect(compileJobSearch('\\')('c:\\path')).toBe(true);
    expect(compileJobSearch('\\')('no slash')).toBe(false);
  });
});

describe('jobHaystack', () => {
  it('puts title, company, each location, category, each term and each degree on its own lower-cased line', () => {
    expect(jobHaystack(job()).split('\n')).toEqual([
      'software engineer intern',
      'notion',
      'san francisco, ca',
      'new york, ny',
      'software',
      'summer 2026',
      "bachelor's",
    ]);
  });

  it('leaves out a null category and empty lists instead of adding blank lines', () => {
    expect(jobHaystack(job({ category: null, terms: [], degrees: [], locations: [] }))).toBe(
      'software engineer intern\nnotion',
    );
  });

  it('replaces a newline inside a field so it cannot fake a field boundary', () => {
    const haystack = jobHaystack(job({ title: 'Data\r\nIntern', locations: [] }));
    expect(haystack.split('\n')[0]).toBe('data intern');
    expect(compileJobSearch('^intern')(haystack)).toBe(false);
  });

  it('does not search the url, id or type', () => {
    const haystack = jobHaystack(job({ url: 'https://zebra.example/1', id: 'okapi-1', type: 'new-grad' }));
    expect(compileJobSearch('zebra|okapi|new-grad')(haystack)).toBe(false);
  });

  it.each([
    ['title', 'engineer intern$'],
    ['company', '^notion$'],
    ['second location', '^new york'],
    ['category', '^software$'],
    ['term', 'summer 202[6-9]'],
    ['degree', "bachelor'?s"],
  ])('lets a search find a job by its %s', (_field, pattern) => {
    expect(compileJobSearch(pattern)(jobHaystack(job()))).toBe(true);
  });

  it('normalises decomposed accents so a typed é finds them', () => {
    const haystack = jobHaystack(job({ locations: ['Montre\u0301al, QC, Canada'] }));
    expect(compileJobSearch('MONTRÉAL')(haystack)).toBe(true);
    expect(compileJobSearch('^montréal, qc')(haystack)).toBe(true);
  });
});

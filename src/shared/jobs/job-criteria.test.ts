import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  compareTerms,
  criteriaOf,
  degreeLevelOf,
  degreeLevelsOf,
  familyOf,
  isPastTerm,
  termKeySchema,
  termOf,
  termsOf,
  type DegreeLevel,
  type JobFamily,
  type TermKey,
} from './job-criteria.ts';

// Every distinct category, term and degree of the two community feeds (../shared/data, 2026-11), with the value it
// must be filed under. The last test fails when a feed file holds a spelling that is not in these tables.
const categories: [string | null, JobFamily | null][] = [
  ['AI/ML/Data', 'ai-ml-data'],
  ['Data Science, AI & Machine Learning', 'ai-ml-data'],
  ['Software', 'software'],
  ['Software Engineering', 'software'],
  ['Hardware', 'hardware'],
  ['Hardware Engineering', 'hardware'],
  ['Product', 'product'],
  ['Product Management', 'product'],
  ['Quant', 'quant'],
  ['Quantitative Finance', 'quant'],
  ['Other', 'other'],
  ['None', null],
  [null, null],
];

const terms: [string, TermKey | null][] = [
  ['Winter 2023', 'winter-2023'],
  ['Spring 2024', 'spring-2024'],
  ['Summer 2024', 'summer-2024'],
  ['Fall 2024', 'fall-2024'],
  ['Winter 2025', 'winter-2025'],
  ['Spring 2025', 'spring-2025'],
  ['Summer 2025', 'summer-2025'],
  ['Fall 2025', 'fall-2025'],
  ['Winter 2026', 'winter-2026'],
  ['Spring 2026', 'spring-2026'],
  ['Summer 2026', 'summer-2026'],
  ['Fall 2026', 'fall-2026'],
  ['Winter 2027', 'winter-2027'],
  ['Spring 2027', 'spring-2027'],
  ['Summer 2027', 'summer-2027'],
  ['Fall 2027', 'fall-2027'],
  ['Spring 2028', 'spring-2028'],
  ['Summer 2028', 'summer-2028'],
];

const degrees: [string, DegreeLevel | null][] = [
  ["Associate's", 'associate'],
  ["Bachelor's", 'bachelor'],
  ["Master's", 'master'],
  ['PhD', 'phd'],
  ['MBA', 'mba'],
  ['Certificate', 'other'],
  ['Bootcamp', 'other'],
  ['JD', 'other'],
  ['MD', 'other'],
  ['PharmD', 'other'],
  ['Incomplete', null],
];

describe('familyOf', () => {
  it.each(categories)('files the feed category %j under %j', (category, family) => {
    expect(familyOf(category)).toBe(family);
  });

  it.each([
    ['  software engineering ', 'software'],
    ['QUANT', 'quant'],
    ['ai-ml-data', 'ai-ml-data'],
  ] as const)('reads %j whatever its case and spacing as %j', (category, family) => {
    expect(familyOf(category)).toBe(family);
  });

  it.each(['Product Designer', 'Software Sales', 'Biology', '', 'Finance'])(
    'never guesses a family for %j',
    (category) => {
      expect(familyOf(category)).toBeNull();
    },
  );
});

describe('termOf', () => {
  it.each(terms)('files the feed term %j as %j', (term, key) => {
    expect(termOf(term)).toBe(key);
  });

  it.each([
    ['summer-2026', 'summer-2026'],
    ['Autumn 2026', 'fall-2026'],
    ['Été 2026', 'summer-2026'],
    ['Hiver 2027', 'winter-2027'],
  ] as const)('reads %j as %j', (term, key) => {
    expect(termOf(term)).toBe(key);
  });

  it.each(['Summer', '2026', 'Summer 26', 'Q3 2026', 'Summer 2026 / Fall 2026', ''])('leaves %j unknown', (term) => {
    expect(termOf(term)).toBeNull();
  });

  it('files a list once per term, in calendar order, without unknown spellings', () => {
    expect(termsOf(['Fall 2026', 'Summer 2026', 'summer 2026', 'Winter 2027', 'Sometime'])).toEqual([
      'summer-2026',
      'fall-2026',
      'winter-2027',
    ]);
  });

  it('orders terms by year, then season from winter to fall', () => {
    const keys: TermKey[] = ['fall-2026', 'winter-2027', 'winter-2026', 'summer-2026', 'spring-2026'];
    expect([...keys].sort(compareTerms)).toEqual([
      'winter-2026',
      'spring-2026',
      'summer-2026',
      'fall-2026',
      'winter-2027',
    ]);
  });
});

describe('isPastTerm', () => {
  const november2026 = new Date('2026-11-26T12:00:00Z');
  it.each([
    ['winter-2026', true],
    ['summer-2026', true],
    ['fall-2026', false],
    ['winter-2027', false],
    ['summer-2025', true],
  ] as const)('on 2026-11-26, %s is past: %s', (term, past) => {
    expect(isPastTerm(term, november2026)).toBe(past);
  });

  it('keeps a summer term current until the end of September', () => {
    expect(isPastTerm('summer-2026', new Date('2026-09-30T12:00:00Z'))).toBe(false);
    expect(isPastTerm('summer-2026', new Date('2026-10-01T12:00:00Z'))).toBe(true);
  });
});

describe('termKeySchema', () => {
  it.each(['summer-2026', 'winter-2030'])('accepts %s', (value) => {
    expect(termKeySchema.safeParse(value).success).toBe(true);
  });
  it.each(['Summer-2026', 'summer 2026', 'summer-26', 'monsoon-2026', 'summer-2026x', ''])('refuses %j', (value) => {
    expect(termKeySchema.safeParse(value).success).toBe(false);
  });
});

describe('degreeLevelOf', () => {
  it.each(degrees)('files the feed degree %j as %j', (degree, level) => {
    expect(degreeLevelOf(degree)).toBe(level);
  });

  it('files a list once per level, lowest first, without unknown ones', () => {
    expect(degreeLevelsOf(['PhD', "Master's", "Bachelor's", 'Masters', 'Incomplete', 'JD', 'MD'])).toEqual([
      'bachelor',
      'master',
      'phd',
      'other',
    ]);
  });

  it('states no degree for a listing with none or only unreadable ones', () => {
    expect(degreeLevelsOf([])).toEqual([]);
    expect(degreeLevelsOf(['Incomplete'])).toEqual([]);
  });
});

describe('criteriaOf', () => {
  it('files a listing in one call', () => {
    expect(
      criteriaOf({ category: 'Software Engineering', terms: ['Summer 2026'], degrees: ["Bachelor's", 'PhD'] }),
    ).toEqual({ family: 'software', termKeys: ['summer-2026'], degreeLevels: ['bachelor', 'phd'] });
  });
});

describe('the real feeds', () => {
  const dataFolder = path.resolve(import.meta.dirname, '../../../../shared/data');
  const files = ['internships-current.json', 'new-grads-current.json'].map((file) => path.join(dataFolder, file));

  it.runIf(files.every((file) => existsSync(file)))('hold no spelling missing from the tables above', () => {
    const seen = { categories: new Set<string | null>(), terms: new Set<string>(), degrees: new Set<string>() };
    for (const file of files) {
      const records = JSON.parse(readFileSync(file, 'utf8')) as {
        category?: string | null;
        terms?: string[];
        degrees?: string[] | null;
      }[];
      for (const record of records) {
        seen.categories.add(record.category ?? null);
        for (const term of record.terms ?? []) seen.terms.add(term);
        for (const degree of record.degrees ?? []) seen.degrees.add(degree);
      }
    }
    expect([...seen.categories].filter((value) => !categories.some(([known]) => known === value))).toEqual([]);
    expect([...seen.terms].filter((value) => !terms.some(([known]) => known === value))).toEqual([]);
    expect([...seen.degrees].filter((value) => !degrees.some(([known]) => known === value))).toEqual([]);
    // And the tables are not padded with values the feeds never had.
    expect(seen.categories.size).toBe(categories.length);
    expect(seen.terms.size).toBe(terms.length);
    expect(seen.degrees.size).toBe(degrees.length);
  });
});

import { describe, expect, it } from 'vitest';
import { workModes } from './board-place.ts';
import { jobTypeFilterValues } from './listing-schemas.ts';
import { postedWithinValues } from './posted-within.ts';
import {
  filtersFromSearchParams,
  filtersToQueryString,
  filtersToSearchParams,
  jobBoardQuerySchema,
  jobChoiceKeys,
  jobSortValues,
  jobFilterKeys,
  jobFiltersCacheKey,
  jobFiltersSchema,
  withCountry,
  withState,
  type JobBoardQuery,
  type JobFilters,
} from './job-filters-schema.ts';

const defaults: JobBoardQuery = { type: 'all', offset: 0, limit: 20 };

describe('jobBoardQuerySchema', () => {
  it('fills the defaults for an empty query: type all, offset 0, limit 20', () => {
    expect(jobBoardQuerySchema.parse({})).toEqual(defaults);
  });

  it('reads a full query string as the server receives it (all values text)', () => {
    expect(
      jobBoardQuerySchema.parse({
        type: 'new-grad',
        country: ' Canada ',
        state: 'ON',
        city: 'Toronto',
        q: '  google|meta ',
        offset: '40',
        limit: '100',
      }),
    ).toEqual({
      type: 'new-grad',
      country: 'Canada',
      state: 'ON',
      city: 'Toronto',
      q: 'google|meta',
      offset: 40,
      limit: 100,
    });
  });

  it('accepts numbers for offset and limit too', () => {
    expect(jobBoardQuerySchema.parse({ offset: 20, limit: 1 })).toMatchObject({ offset: 20, limit: 1 });
  });

  it.each(['all', 'internship', 'new-grad', 'featured'])('accepts the type %j', (type) => {
    expect(jobBoardQuerySchema.parse({ type }).type).toBe(type);
  });

  it('reads blank values as absent', () => {
    expect(
      jobBoardQuerySchema.parse({ type: '', country: '', state: '   ', city: '\t', q: ' ', offset: '', limit: ' ' }),
    ).toEqual(defaults);
  });

  it.each([
    ['an unknown type', { type: 'part-time' }],
    ['a type in another case', { type: 'Internship' }],
    ['a country over 100 characters', { country: 'x'.repeat(101) }],
    ['a q over 200 characters', { q: 'x'.repeat(201) }],
    ['a negative offset', { offset: '-1' }],
    ['a fractional offset', { offset: '2.5' }],
    ['an exponent offset', { offset: '1e3' }],
    ['a hex limit', { limit: '0x10' }],
    ['a zero limit', { limit: '0' }],
    ['a limit over 100', { limit: '101' }],
    ['a repeated parameter (array)', { type: ['all', 'featured'] }],
  ])('refuses %s', (_label, query) => {
    expect(jobBoardQuerySchema.safeParse(query).success).toBe(false);
  });

  it('accepts the boundary values: 100-character country, 200-character q, limit 1 and 100', () => {
    expect(jobBoardQuerySchema.safeParse({ country: 'x'.repeat(100), q: 'y'.repeat(200), limit: '1' }).success).toBe(
      true,
    );
    expect(jobBoardQuerySchema.safeParse({ limit: '100' }).success).toBe(true);
  });

  it('measures the limits after trimming', () => {
    expect(jobBoardQuerySchema.parse({ q: `  ${'y'.repeat(200)}  ` }).q).toHaveLength(200);
  });
});

describe('filtersToSearchParams', () => {
  it('writes nothing for the default board', () => {
    expect(filtersToSearchParams({ type: 'all' }).toString()).toBe('');
    expect(filtersToSearchParams(defaults).toString()).toBe('');
  });

  it('writes every non-default value in a fixed key order, encoded', () => {
    const params = filtersToSearchParams({
      limit: 50,
      q: 'c++ & c#',
      city: 'Montréal',
      state: 'QC',
      country: 'Canada',
      type: 'internship',
      offset: 20,
    });
    expect(params.toString()).toBe(
      'type=internship&country=Canada&state=QC&city=Montr%C3%A9al&q=c%2B%2B+%26+c%23&offset=20&limit=50',
    );
  });

  it('leaves out blank values', () => {
    expect(filtersToSearchParams({ type: 'featured', country: ' ', q: '' }).toString()).toBe('type=featured');
  });
});

describe('filtersToQueryString', () => {
  it('writes the lists with commas, other reserved characters escaped, and reads back the same filters', () => {
    const filters: JobFilters = {
      type: 'all',
      category: ['software', 'ai-ml-data'],
      degree: ['master'],
      q: 'c++ & go,rust',
    };
    const query = filtersToQueryString(filters);
    expect(query).toBe('q=c%2B%2B+%26+go,rust&category=software,ai-ml-data&degree=master');
    expect(filtersFromSearchParams(new URLSearchParams(query))).toMatchObject(filters);
  });
});

describe('filtersFromSearchParams', () => {
  it('gives the defaults for an empty query string', () => {
    expect(filtersFromSearchParams('')).toEqual(defaults);
    expect(filtersFromSearchParams(new URLSearchParams())).toEqual(defaults);
  });

  it('reads a shared URL query string, with or without the leading ?', () => {
    const expected: JobBoardQuery = { type: 'new-grad', country: 'Canada', q: 'c++', offset: 0, limit: 20 };
    expect(filtersFromSearchParams('?type=new-grad&country=Canada&q=c%2B%2B')).toEqual(expected);
    expect(filtersFromSearchParams('type=new-grad&country=Canada&q=c%2B%2B')).toEqual(expected);
  });

  it('round-trips what filtersToSearchParams wrote', () => {
    const query: JobBoardQuery = {
      type: 'internship',
      country: 'Canada',
      state: 'QC',
      city: 'Montréal',
      q: '^intern|c#',
      offset: 40,
      limit: 10,
    };
    expect(filtersFromSearchParams(filtersToSearchParams(query))).toEqual(query);
  });

  it('carries "Posted within" and "Most relevant" in the URL, and drops an unknown window', () => {
    const params = filtersToSearchParams({ type: 'all', q: 'intern', sort: 'relevant', posted: '7d' });
    expect(params.toString()).toBe('q=intern&sort=relevant&posted=7d');
    expect(filtersFromSearchParams(params)).toMatchObject({ q: 'intern', sort: 'relevant', posted: '7d' });
    expect(filtersFromSearchParams('posted=2y&q=data').posted).toBeUndefined();
    expect(filtersFromSearchParams('posted=2y&q=data').q).toBe('data');
  });

  it('falls back per value: a bad type or limit does not lose the other filters', () => {
    expect(filtersFromSearchParams('type=bogus&country=Canada&limit=5000&offset=-3&q=google')).toEqual({
      type: 'all',
      country: 'Canada',
      q: 'google',
      offset: 0,
      limit: 20,
    });
  });

  it('drops an over-long location value', () => {
    const result = filtersFromSearchParams(`type=featured&city=${'x'.repeat(101)}`);
    expect(result).toEqual({ type: 'featured', offset: 0, limit: 20 });
  });

  it('cuts an over-long q to 200 characters instead of dropping it', () => {
    expect(filtersFromSearchParams(`q=${'z'.repeat(250)}`).q).toBe('z'.repeat(200));
  });

  it('keeps the first of repeated parameters', () => {
    expect(filtersFromSearchParams('type=featured&type=internship').type).toBe('featured');
  });
});

describe('withCountry and withState (cascade)', () => {
  const chosen: JobBoardQuery = {
    type: 'internship',
    country: 'Canada',
    state: 'ON',
    city: 'Toronto',
    q: 'data',
    offset: 40,
    limit: 20,
  };

  it('choosing a country resets state, city and the page, keeping type and text', () => {
    expect(withCountry(chosen, 'USA')).toEqual({ type: 'internship', country: 'USA', q: 'data', offset: 0, limit: 20 });
  });

  it('choosing a state resets the city and the page, keeping the country', () => {
    expect(withState(chosen, 'QC')).toEqual({
      type: 'internship',
      country: 'Canada',
      state: 'QC',
      q: 'data',
      offset: 0,
      limit: 20,
    });
  });

  it('clearing the country (undefined or blank) also clears state and city', () => {
    for (const country of [undefined, '', '  ']) {
      const next = withCountry(chosen, country);
      expect(next.country).toBeUndefined();
      expect(next.state).toBeUndefined();
      expect(next.city).toBeUndefined();
    }
  });

  it('trims the chosen value', () => {
    expect(withState(chosen, ' BC ').state).toBe('BC');
  });

  it('works on filters without a page and adds no offset', () => {
    const filters: JobFilters = { type: 'all', country: 'Canada', state: 'ON', city: 'Toronto' };
    expect(withCountry(filters, 'Canada')).toEqual({ type: 'all', country: 'Canada' });
    expect(withState(filters, 'ON')).toEqual({ type: 'all', country: 'Canada', state: 'ON' });
  });

  it('does not change the filters it was given', () => {
    const before = { ...chosen };
    withCountry(chosen, 'USA');
    withState(chosen, 'QC');
    expect(chosen).toEqual(before);
  });

  it('leaves no state or city key behind in the URL', () => {
    expect(filtersToSearchParams(withCountry(chosen, 'USA')).toString()).toBe('type=internship&country=USA&q=data');
  });
});

describe('the filters derived from jobFiltersSchema', () => {
  // Candidate values for any field: a new field of one of these kinds is covered without editing this test; a new
  // kind of value makes the first test fail until a candidate is added here.
  const candidates: unknown[] = [
    ...jobTypeFilterValues,
    ...workModes,
    ...jobSortValues,
    ...postedWithinValues,
    'Canada',
    'Ontario',
    'google|meta',
    'software,ai-ml-data',
    'quant',
    'summer-2026,fall-2026',
    'winter-2027',
    'bachelor',
    'master,phd',
    'yes',
  ];
  // Filters with a single value besides "absent".
  const oneValued = new Set<keyof JobFilters>(['sponsorship']);
  const noFilters = jobFiltersSchema.parse({});
  const now = Date.UTC(2026, 5, 1, 12);

  /** Two different values the schema accepts for `key`, neither of them the value an absent parameter gets. */
  function twoValues(key: keyof JobFilters): [unknown, unknown] {
    const field = jobFiltersSchema.shape[key];
    const values = new Set<unknown>();
    for (const candidate of candidates) {
      const parsed = field.safeParse(candidate);
      if (parsed.success && parsed.data !== undefined && parsed.data !== noFilters[key]) values.add(parsed.data);
    }
    const [first, second] = [...values];
    return [first, second];
  }

  it('lists every field of the schema, and the choices are every field but the typed search', () => {
    expect(jobFilterKeys).toEqual(Object.keys(jobFiltersSchema.shape));
    expect(jobChoiceKeys).toEqual(jobFilterKeys.filter((key) => key !== 'q'));
    for (const key of jobFilterKeys) {
      const [first, second] = twoValues(key);
      expect(first, `a value for ${key}`).toBeDefined();
      if (!oneValued.has(key)) expect(second, `a second value for ${key}`).toBeDefined();
    }
  });

  it.each(jobFilterKeys)('puts %s in the cache key: filters that differ only there have different keys', (key) => {
    const values = twoValues(key).filter((value) => value !== undefined);
    const keys = new Set([
      jobFiltersCacheKey(noFilters, now),
      ...values.map((value) => jobFiltersCacheKey({ ...noFilters, [key]: value }, now)),
    ]);
    expect(keys.size).toBe(oneValued.has(key) ? 2 : 3);
  });

  it.each(jobFilterKeys)('writes %s into the URL and reads it back', (key) => {
    for (const value of twoValues(key).filter((value) => value !== undefined)) {
      const filters = { ...noFilters, [key]: value };
      expect(filtersFromSearchParams(filtersToSearchParams(filters))[key]).toEqual(
        key === 'sort' && value === 'posted' ? undefined : value,
      );
    }
  });

  it('gives filters differing only in the case of a location one key (they compare case-insensitively)', () => {
    expect(jobFiltersCacheKey({ type: 'all', country: 'Canada', city: 'Toronto' }, now)).toBe(
      jobFiltersCacheKey({ type: 'all', country: 'CANADA', city: 'toronto' }, now),
    );
  });

  it('moves the key of a "posted within" filter with the clock, and only then', () => {
    const filters: JobFilters = { type: 'all', posted: '24h' };
    expect(jobFiltersCacheKey(filters, now)).not.toBe(jobFiltersCacheKey(filters, now + 2 * 60 * 60 * 1000));
    expect(jobFiltersCacheKey({ type: 'all' }, now)).toBe(
      jobFiltersCacheKey({ type: 'all' }, now + 2 * 60 * 60 * 1000),
    );
  });
});

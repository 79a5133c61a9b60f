import { z } from 'zod';
import { workModes } from './board-place.ts';
import { compareTerms, degreeLevels, jobFamilies, termKeySchema } from './job-criteria.ts';
import { maxSearchPatternLength } from './job-search.ts';
import { jobTypeFilterValues } from './listing-schemas.ts';
import { postedCutoff, postedWithinValues } from './posted-within.ts';

/** Spec section 9: the board shows 20 items first and adds 20 per scroll step. */
export const jobListPageSize = 20;
export const maxJobListLimit = 100;
export const maxLocationFilterLength = 100;

/**
 * The board's orders: spec section 4 (featured, then newest posted), the most recently updated first, or the most
 * relevant to the typed search first (board order without a search).
 */
export const jobSortValues = ['posted', 'updated', 'relevant'] as const;
export type JobSort = (typeof jobSortValues)[number];

const defaultType = 'all';
const defaultOffset = 0;

// `?country=` and `?country=%20` mean "no filter", exactly like an absent parameter.
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

// Query strings carry digits as text; only plain non-negative integers are converted ("1e3", "0x10", "2.5" stay
// text and are refused).
const digitsToNumber = (value: unknown) => {
  const blank = blankToUndefined(value);
  if (typeof blank !== 'string') return blank;
  const trimmed = blank.trim();
  return /^\d{1,15}$/.test(trimmed) ? Number(trimmed) : blank;
};

const optionalText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional());

/** At most this many values in one multi-select filter (there are 6 families, a few dozen terms). */
export const maxFilterValues = 20;

// A multi-select filter travels as one comma-separated parameter (`?category=software,ai-ml-data`); an empty list is
// no filter. The parsed list is unique and in one canonical order, so equal choices give equal URLs and cache keys.
function valueList<T extends string>(item: z.ZodType<T>, order: (a: T, b: T) => number) {
  return z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      const items = value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      return items.length === 0 ? undefined : items;
    },
    z
      .array(item)
      .max(maxFilterValues)
      .transform((items) => [...new Set(items)].sort(order))
      .optional(),
  );
}

const inListOrder =
  <T extends string>(list: readonly T[]) =>
  (a: T, b: T) =>
    list.indexOf(a) - list.indexOf(b);

/**
 * The board's filters (spec sections 2 and 5), the one list of them: the URL, the list endpoint's query string,
 * the server's cache key (jobFiltersCacheKey) and the client's choices (jobChoiceKeys) all follow its keys, so a
 * new filter is a new field here plus the code that applies it (filter-jobs.ts, and the server's index if it
 * narrows there). Strict: an invalid value is an error, for the list endpoint's 400 answer. Location values are
 * trimmed, at most 100 characters; q is trimmed, at most 200; blanks are absent.
 */
export const jobFiltersSchema = z.object({
  type: z.preprocess(blankToUndefined, z.enum(jobTypeFilterValues).default(defaultType)),
  /** Locations compare case-insensitively on exact value; `state` is the region level (a US state, a province). */
  country: optionalText(maxLocationFilterLength),
  state: optionalText(maxLocationFilterLength),
  city: optionalText(maxLocationFilterLength),
  /** Only locations worked this way. */
  mode: z.preprocess(blankToUndefined, z.enum(workModes).optional()),
  /** Text search; see `compileJobSearch`. */
  q: optionalText(maxSearchPatternLength),
  /** Default 'posted'. */
  sort: z.preprocess(blankToUndefined, z.enum(jobSortValues).optional()),
  /** Only jobs posted within this window; absent: any time. */
  posted: z.preprocess(blankToUndefined, z.enum(postedWithinValues).optional()),
  /** Role families (job-criteria.ts); a job of any of them matches. */
  category: valueList(
    z.enum(jobFamilies, { error: `Unknown category: use ${jobFamilies.join(', ')}` }),
    inListOrder(jobFamilies),
  ),
  /** Terms (`summer-2026`); a job offered in any of them matches. */
  term: valueList(termKeySchema, compareTerms),
  /** Degree levels; a job asking for any of them, or stating none, matches. */
  degree: valueList(
    z.enum(degreeLevels, { error: `Unknown degree: use ${degreeLevels.join(', ')}` }),
    inListOrder(degreeLevels),
  ),
  /** 'yes': only jobs that say they sponsor work visas. */
  sponsorship: z.preprocess(
    blankToUndefined,
    z.enum(['yes'], { error: 'The sponsorship filter takes only yes (jobs that sponsor work visas)' }).optional(),
  ),
});

export type JobFilters = z.output<typeof jobFiltersSchema>;
export type JobFilterKey = keyof JobFilters;

/** The filters' names, in the schema's order (also the order of the URL's parameters). */
export const jobFilterKeys = Object.keys(jobFiltersSchema.shape) as JobFilterKey[];

/** The filters chosen from lists on the board: every filter but the typed search. */
export type JobChoiceKey = Exclude<JobFilterKey, 'q'>;
export const jobChoiceKeys = jobFilterKeys.filter((key): key is JobChoiceKey => key !== 'q');

export type JobPage = { offset: number; limit: number };

/** The board's query string: the filters plus the page. Read from the list endpoint's query and the client URL. */
export const jobBoardQuerySchema = jobFiltersSchema.extend({
  offset: z.preprocess(digitsToNumber, z.number().int().min(0).default(defaultOffset)),
  limit: z.preprocess(digitsToNumber, z.number().int().min(1).max(maxJobListLimit).default(jobListPageSize)),
});

export type JobBoardQuery = z.output<typeof jobBoardQuerySchema>;
type JobBoardQueryKey = keyof JobBoardQuery;

const queryKeys = Object.keys(jobBoardQuerySchema.shape) as JobBoardQueryKey[];

/** Each parameter's value when absent: its default, or undefined. */
const absentValues = Object.fromEntries(
  queryKeys.map((key) => [key, jobBoardQuerySchema.shape[key].parse(undefined)]),
) as Partial<Record<JobBoardQueryKey, unknown>>;

export const jobBoardQueryDefaults = {
  type: defaultType,
  offset: defaultOffset,
  limit: jobListPageSize,
} as const satisfies Partial<JobBoardQuery>;

// Values that mean the same as an absent parameter, left out of URLs so equal boards give equal URLs.
const unwrittenValues: Partial<Record<JobBoardQueryKey, unknown>> = { sort: 'posted' };

/**
 * Reads filters from a shareable URL leniently: a hand-edited or outdated link must still open the board, so each
 * invalid value falls back to its default on its own, and an over-long q is cut to 200 characters (the search
 * cuts it there anyway). The first value of a repeated parameter wins.
 */
export function filtersFromSearchParams(params: URLSearchParams | string): JobBoardQuery {
  const searchParams = typeof params === 'string' ? new URLSearchParams(params) : params;
  const raw: Record<string, string | undefined> = {};
  for (const key of queryKeys) raw[key] = searchParams.get(key) ?? undefined;
  raw.q = raw.q?.trim().slice(0, maxSearchPatternLength);

  const strict = jobBoardQuerySchema.safeParse(raw);
  if (strict.success) return strict.data;
  const lenient: Record<string, unknown> = {};
  for (const key of queryKeys) {
    const field = jobBoardQuerySchema.shape[key].safeParse(raw[key]);
    lenient[key] = field.success ? field.data : absentValues[key];
  }
  return lenient as JobBoardQuery;
}

/**
 * Writes filters as a shareable query string, leaving out defaults and blanks so the plain board is a bare /jobs.
 * Keys are always written in the same order, so equal filters give equal URLs.
 */
export function filtersToSearchParams(filters: JobFilters & Partial<JobPage>): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of queryKeys) {
    const value = filters[key];
    if (value === undefined || value === absentValues[key] || value === unwrittenValues[key]) continue;
    const text = (Array.isArray(value) ? value.join(',') : String(value)).trim();
    if (text) params.set(key, text);
  }
  return params;
}

/**
 * filtersToSearchParams as the query string of an address people read and share: the lists' commas stay commas
 * (`?category=software,ai-ml-data`, not `%2C`), which query strings allow and URLSearchParams reads back alike.
 */
export function filtersToQueryString(filters: JobFilters & Partial<JobPage>): string {
  return filtersToSearchParams(filters).toString().replaceAll('%2C', ',');
}

// How a filter's value enters the cache key when the raw value would split equal answers.
const cacheKeyParts: { [K in JobFilterKey]?: (value: NonNullable<JobFilters[K]>, nowMs: number) => string } = {
  // Location filters compare case-insensitively, so their case does not change the answer.
  country: (value) => value.toLowerCase(),
  state: (value) => value.toLowerCase(),
  city: (value) => value.toLowerCase(),
  // A "posted within" answer moves with the clock: the key carries the window's current cutoff.
  posted: (value, nowMs) => `${value}@${postedCutoff(value, nowMs)}`,
};

/**
 * A key for the answer to `filters` seen at `nowMs`: equal keys, equal answers, and every filter of the schema
 * takes part (a filter left out would serve one filter's cached answer for another).
 */
export function jobFiltersCacheKey(filters: JobFilters, nowMs: number): string {
  return jobFilterKeys
    .map((key) => {
      const value = filters[key];
      if (value === undefined) return '';
      const part = cacheKeyParts[key] as ((value: unknown, nowMs: number) => string) | undefined;
      if (part) return part(value, nowMs);
      return Array.isArray(value) ? value.join(',') : String(value);
    })
    .join('\u0000');
}

function cleanChoice(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

// A new choice changes the result, so an offset into the old result means nothing any more.
function restartPage<F extends JobFilters & Partial<JobPage>>(filters: F): F {
  return filters.offset === undefined ? filters : { ...filters, offset: 0 };
}

/** Spec section 5: choosing a country resets the state and city filters (and the page, when there is one). */
export function withCountry<F extends JobFilters & Partial<JobPage>>(filters: F, country: string | undefined): F {
  const { state: _state, city: _city, ...rest } = filters;
  // The spread type is Omit<F, 'state' | 'city'>; both keys are optional in F, so leaving them out is a valid F.
  return restartPage({ ...rest, country: cleanChoice(country) } as F);
}

/** Spec section 5: choosing a state resets the city filter (and the page, when there is one). */
export function withState<F extends JobFilters & Partial<JobPage>>(filters: F, state: string | undefined): F {
  const { city: _city, ...rest } = filters;
  return restartPage({ ...rest, state: cleanChoice(state) } as F);
}

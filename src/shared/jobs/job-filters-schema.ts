import { z } from 'zod';
import { workModes } from './board-place.ts';
import { type JobFilters, type JobPage, jobSortValues } from './filter-jobs.ts';
import { maxSearchPatternLength } from './job-search.ts';
import { jobTypeFilterValues } from './listing-schemas.ts';
import { postedWithinValues } from './posted-within.ts';

/** Spec section 9: the board shows 20 items first and adds 20 per scroll step. */
export const jobListPageSize = 20;
export const maxJobListLimit = 100;
export const maxLocationFilterLength = 100;

/** The board's query: the filters plus the page. Read from the list endpoint's query string and the client URL. */
export type JobBoardQuery = JobFilters & JobPage;

export const jobBoardQueryDefaults = { type: 'all', offset: 0, limit: jobListPageSize } as const satisfies Partial<
  JobBoardQuery
>;

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

/**
 * The board's query string (strict: an invalid value is an error, for the list endpoint's 400 answer). Location
 * values are trimmed, at most 100 characters; q is trimmed, at most 200; blanks are absent.
 */
export const jobBoardQuerySchema = z.object({
  type: z.preprocess(blankToUndefined, z.enum(jobTypeFilterValues).default(jobBoardQueryDefaults.type)),
  country: optionalText(maxLocationFilterLength),
  state: optionalText(maxLocationFilterLength),
  city: optionalText(maxLocationFilterLength),
  mode: z.preprocess(blankToUndefined, z.enum(workModes).optional()),
  q: optionalText(maxSearchPatternLength),
  sort: z.preprocess(blankToUndefined, z.enum(jobSortValues).optional()),
  posted: z.preprocess(blankToUndefined, z.enum(postedWithinValues).optional()),
  offset: z.preprocess(digitsToNumber, z.number().int().min(0).default(jobBoardQueryDefaults.offset)),
  limit: z.preprocess(
    digitsToNumber,
    z.number().int().min(1).max(maxJobListLimit).default(jobBoardQueryDefaults.limit),
  ),
}) satisfies z.ZodType<JobBoardQuery>;

const queryKeys = ['type', 'country', 'state', 'city', 'mode', 'q', 'sort', 'posted', 'offset', 'limit'] as const;

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
  const shape = jobBoardQuerySchema.shape;
  return {
    type: shape.type.catch(jobBoardQueryDefaults.type).parse(raw.type),
    country: shape.country.catch(undefined).parse(raw.country),
    state: shape.state.catch(undefined).parse(raw.state),
    city: shape.city.catch(undefined).parse(raw.city),
    mode: shape.mode.catch(undefined).parse(raw.mode),
    q: shape.q.catch(undefined).parse(raw.q),
    sort: shape.sort.catch(undefined).parse(raw.sort),
    posted: shape.posted.catch(undefined).parse(raw.posted),
    offset: shape.offset.catch(jobBoardQueryDefaults.offset).parse(raw.offset),
    limit: shape.limit.catch(jobBoardQueryDefaults.limit).parse(raw.limit),
  };
}

/**
 * Writes filters as a shareable query string, leaving out defaults and blanks so the plain board is a bare /jobs.
 * Keys are always written in the same order, so equal filters give equal URLs.
 */
export function filtersToSearchParams(filters: JobFilters & Partial<JobPage>): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.type !== jobBoardQueryDefaults.type) params.set('type', filters.type);
  for (const key of ['country', 'state', 'city', 'mode', 'q'] as const) {
    const value = filters[key]?.trim();
    if (value) params.set(key, value);
  }
  if (filters.sort && filters.sort !== 'posted') params.set('sort', filters.sort);
  if (filters.posted) params.set('posted', filters.posted);
  if (filters.offset !== undefined && filters.offset !== jobBoardQueryDefaults.offset) {
    params.set('offset', String(filters.offset));
  }
  if (filters.limit !== undefined && filters.limit !== jobBoardQueryDefaults.limit) {
    params.set('limit', String(filters.limit));
  }
  return params;
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

import { compileJobSearch, jobHaystack, type JobSearch } from './job-search.ts';
import type { BoardJob, JobTypeFilter } from './listing-schemas.ts';
import { parseLocation, type ParsedLocation } from './parse-location.ts';

/** The board's filters (spec section 2 and 5). Location values are compared case-insensitively on exact value. */
export type JobFilters = {
  type: JobTypeFilter;
  country?: string;
  state?: string;
  city?: string;
  /** Text search; see `compileJobSearch`. */
  q?: string;
};

/** A board job with everything a query needs precomputed once, so each query only compares strings. */
export type IndexedJob = {
  readonly job: BoardJob;
  /** `jobHaystack(job)`. */
  readonly haystack: string;
  /** `parseLocation` of each of `job.locations`, original spelling (facet labels). Shared between jobs: read only. */
  readonly places: readonly Readonly<ParsedLocation>[];
  /** The same places lower-cased (filter comparisons). */
  readonly placeKeys: readonly Readonly<ParsedLocation>[];
};

export type JobFacets = { countries: string[]; states: string[]; cities: string[] };
export type JobPage = { offset: number; limit: number };
export type JobQueryResult = { jobs: BoardJob[]; total: number; facets: JobFacets };

// Code-unit comparison, not localeCompare: the server and every browser must agree on the same order.
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Board order (spec section 4): featured first, then newest `datePosted`, then title and id so ties are stable. */
export function compareBoardJobs(a: BoardJob, b: BoardJob): number {
  if (a.featured !== b.featured) return a.featured ? -1 : 1;
  if (a.datePosted !== b.datePosted) return b.datePosted - a.datePosted;
  return compareText(a.title, b.title) || compareText(a.id, b.id);
}

/** Returns a sorted copy in board order; the input is left as it was. */
export function sortJobs(jobs: readonly BoardJob[]): BoardJob[] {
  return [...jobs].sort(compareBoardJobs);
}

function lowerPlace(place: ParsedLocation): ParsedLocation {
  return {
    city: place.city?.toLowerCase() ?? null,
    state: place.state?.toLowerCase() ?? null,
    country: place.country?.toLowerCase() ?? null,
  };
}

/**
 * Builds the query index once per job list (server: when the feeds are refreshed; client: when the list arrives).
 * The result is already in board order, so every filtered subset is too and queries never sort.
 */
export function indexJobs(jobs: readonly BoardJob[]): IndexedJob[] {
  // Feeds repeat the same few thousand location strings: parse each once and share the (read-only) result.
  const parsedByText = new Map<string, { place: ParsedLocation; key: ParsedLocation }>();
  const parse = (text: string) => {
    let parsed = parsedByText.get(text);
    if (parsed === undefined) {
      const place = parseLocation(text);
      parsed = { place, key: lowerPlace(place) };
      parsedByText.set(text, parsed);
    }
    return parsed;
  };
  return sortJobs(jobs).map((job) => {
    const parsed = job.locations.map(parse);
    return {
      job,
      haystack: jobHaystack(job),
      places: parsed.map((entry) => entry.place),
      placeKeys: parsed.map((entry) => entry.key),
    };
  });
}

function matchesType(job: BoardJob, type: JobTypeFilter): boolean {
  switch (type) {
    case 'all':
      return true;
    case 'featured':
      return job.featured;
    default:
      // A featured job's free-text type ('Internship') does not put it under the external types.
      return !job.featured && job.type === type;
  }
}

/** The location filters as compared: trimmed, lower-cased, blank = no filter. */
export type PlaceKey = { country: string | undefined; state: string | undefined; city: string | undefined };

function filterKey(value: string | undefined): string | undefined {
  const trimmed = value?.trim().toLowerCase();
  return trimmed ? trimmed : undefined;
}

export function placeKeyOf(filters: JobFilters): PlaceKey {
  return { country: filterKey(filters.country), state: filterKey(filters.state), city: filterKey(filters.city) };
}

function placeMatches(place: ParsedLocation, key: PlaceKey): boolean {
  return (
    (key.country === undefined || place.country === key.country) &&
    (key.state === undefined || place.state === key.state) &&
    (key.city === undefined || place.city === key.city)
  );
}

function hasPlaceFilter(key: PlaceKey): boolean {
  return key.country !== undefined || key.state !== undefined || key.city !== undefined;
}

// One location must satisfy every chosen level together: a job in Toronto and in New York is not "Canada + NY".
function matchesPlace(indexed: IndexedJob, key: PlaceKey): boolean {
  return !hasPlaceFilter(key) || indexed.placeKeys.some((place) => placeMatches(place, key));
}

function matchesTypeAndText(indexed: readonly IndexedJob[], type: JobTypeFilter, search: JobSearch): IndexedJob[] {
  return indexed.filter((entry) => matchesType(entry.job, type) && search(entry.haystack));
}

/** The jobs matching every filter, in index (board) order. */
export function filterJobs(indexed: readonly IndexedJob[], filters: JobFilters): IndexedJob[] {
  const search = compileJobSearch(filters.q ?? '');
  const key = placeKeyOf(filters);
  // Cheap checks first: the text search is the expensive one.
  return indexed.filter(
    (entry) => matchesType(entry.job, filters.type) && matchesPlace(entry, key) && search(entry.haystack),
  );
}

const facetCollator = new Intl.Collator('en', { sensitivity: 'base' });

/** The order of facet values: alphabetical ignoring case and accents, then by code unit so the order is total. */
export function compareFacetValues(a: string, b: string): number {
  return facetCollator.compare(a, b) || compareText(a, b);
}

/** Alphabetical, unique case-insensitively (the filters compare that way); the first spelling seen is kept. */
class FacetValues {
  private readonly byKey = new Map<string, string>();

  add(value: string | null, key: string | null): void {
    if (value === null || key === null) return;
    if (!this.byKey.has(key)) this.byKey.set(key, value);
  }

  sorted(): string[] {
    return [...this.byKey.values()].sort(compareFacetValues);
  }
}

function facetsOf(base: readonly IndexedJob[], key: PlaceKey): JobFacets {
  const countries = new FacetValues();
  const states = new FacetValues();
  const cities = new FacetValues();
  const stateScope: PlaceKey = { country: key.country, state: undefined, city: undefined };
  const cityScope: PlaceKey = { country: key.country, state: key.state, city: undefined };
  for (const entry of base) {
    entry.places.forEach((place, i) => {
      const placeKey = entry.placeKeys[i];
      if (placeKey === undefined) return;
      countries.add(place.country, placeKey.country);
      // Facets come from the matching location only: choosing Canada lists ON, not the same job's NY.
      if (key.country !== undefined && placeMatches(placeKey, stateScope)) states.add(place.state, placeKey.state);
      if (key.state !== undefined && placeMatches(placeKey, cityScope)) cities.add(place.city, placeKey.city);
    });
  }
  return { countries: countries.sorted(), states: states.sorted(), cities: cities.sorted() };
}

/**
 * Options for the location selects (spec section 5): countries of the jobs matching type and text; states only once
 * a country is chosen, from locations in that country; cities only once a state is chosen, from locations in that
 * country (if any) and state. Each list is alphabetical and unique.
 */
export function jobFacets(indexed: readonly IndexedJob[], filters: JobFilters): JobFacets {
  const base = matchesTypeAndText(indexed, filters.type, compileJobSearch(filters.q ?? ''));
  return facetsOf(base, placeKeyOf(filters));
}

/** One page of the board plus the total and facets: the whole answer of the list endpoint, text searched once. */
export function queryJobs(indexed: readonly IndexedJob[], filters: JobFilters, page: JobPage): JobQueryResult {
  const key = placeKeyOf(filters);
  const base = matchesTypeAndText(indexed, filters.type, compileJobSearch(filters.q ?? ''));
  const matched = hasPlaceFilter(key) ? base.filter((entry) => matchesPlace(entry, key)) : base;
  const offset = Math.max(0, Math.floor(page.offset));
  const limit = Math.max(0, Math.floor(page.limit));
  return {
    jobs: matched.slice(offset, offset + limit).map((entry) => entry.job),
    total: matched.length,
    facets: facetsOf(base, key),
  };
}

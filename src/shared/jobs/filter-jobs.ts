import type { WorkMode } from './board-place.ts';
import {
  compareTerms,
  type DegreeLevel,
  degreeLevels,
  type JobFamily,
  jobFamilies,
  type TermKey,
} from './job-criteria.ts';
import type { JobFilters, JobSort } from './job-filters-schema.ts';
import { compileJobSearch, jobHaystack, type JobSearch } from './job-search.ts';
import type { BoardJob, JobTypeFilter } from './listing-schemas.ts';
import type { ParsedLocation } from './parse-location.ts';
import { postingGroupKey } from './posting-groups.ts';
import { isPostedWithin } from './posted-within.ts';
import { sortByRelevance } from './relevance.ts';
import { filterCountryKey, filterRegionKey } from './place-names.ts';

/** A board job with everything a query needs precomputed once, so each query only compares strings. */
export type IndexedJob = {
  readonly job: BoardJob;
  /** `jobHaystack(job)`. */
  readonly haystack: string;
  /** `job.places` as country / state (region) / city, display spelling (facet labels). Shared: read only. */
  readonly places: readonly Readonly<ParsedLocation>[];
  /** The same places lower-cased (filter comparisons). */
  readonly placeKeys: readonly Readonly<ParsedLocation>[];
  /** The work mode of each place. */
  readonly modes: readonly WorkMode[];
  /**
   * The card the job is shown on, as a number (equal for the postings of one postingGroupKey within one index, so
   * comparing two postings' cards on every keystroke compares small integers): facets and totals count cards.
   */
  readonly group: number;
};

/** One option of a place filter and how many jobs of the current result it would keep. */
export type FacetValue = { value: string; count: number };
export type JobFacets = {
  countries: FacetValue[];
  states: FacetValue[];
  cities: FacetValue[];
  /** Role families, in `jobFamilies` order. */
  categories: FacetValue[];
  /** Term keys, in calendar order (past terms included: the client decides what it offers). */
  terms: FacetValue[];
  /** Degree levels, in `degreeLevels` order; a job stating no degree counts under every level (each would keep it). */
  degrees: FacetValue[];
};

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

/**
 * Index entries in board order with the postings of one card together: each card's postings follow its first one,
 * so the cards are in board order and any subset in this order has each card's postings side by side (facets count
 * a card once by comparing with the last card counted). Give it the entries of sortJobs' order; it reads the card key
 * each entry already holds rather than computing it again.
 */
export function inCardOrder(entries: readonly IndexedJob[]): IndexedJob[] {
  const cards = new Map<number, IndexedJob[]>();
  for (const entry of entries) {
    const card = cards.get(entry.group);
    if (card === undefined) cards.set(entry.group, [entry]);
    else card.push(entry);
  }
  return [...cards.values()].flat();
}

/** When a job last changed: the feed's date_updated, or its posting date when the feed gives none. */
export function lastChangeOf(job: Pick<BoardJob, 'datePosted' | 'dateUpdated'>): number {
  return Math.max(job.datePosted, job.dateUpdated ?? job.datePosted);
}

/** "Recently updated" order: featured first still, then the latest change, then board order. */
export function compareByUpdate(a: BoardJob, b: BoardJob): number {
  if (a.featured !== b.featured) return a.featured ? -1 : 1;
  return lastChangeOf(b) - lastChangeOf(a) || compareBoardJobs(a, b);
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
 * The result is already in board order (inCardOrder), so every filtered subset is too and queries never sort (except
 * the "recently updated" order). Places are the job's filed places (normalize-place.ts, computed at ingestion).
 */
export function indexJobs(jobs: readonly BoardJob[]): IndexedJob[] {
  return inCardOrder(sortJobs(jobs).map(createJobIndexer()));
}

/**
 * indexJobs one job at a time, for a caller that builds the index in slices (the browser, between frames): give it
 * the jobs in sortJobs' order, then put the entries in inCardOrder. One indexer per index, so jobs share one
 * (read-only) entry per distinct place.
 */
export function createJobIndexer(): (job: BoardJob) => IndexedJob {
  // Feeds repeat the same few thousand places.
  const shared = new Map<string, { place: ParsedLocation; key: ParsedLocation }>();
  const entryOf = (country: string | null, state: string | null, city: string | null) => {
    const id = `${country ?? ''}\u0000${state ?? ''}\u0000${city ?? ''}`;
    let entry = shared.get(id);
    if (entry === undefined) {
      const place = { country, state, city };
      entry = { place, key: lowerPlace(place) };
      shared.set(id, entry);
    }
    return entry;
  };
  // Card keys as numbers, in the order first seen.
  const groups = new Map<string, number>();
  const groupOf = (job: BoardJob) => {
    const key = postingGroupKey(job);
    let group = groups.get(key);
    if (group === undefined) {
      group = groups.size;
      groups.set(key, group);
    }
    return group;
  };
  return (job) => {
    const places = job.places ?? [];
    const entries = places.map((place) => entryOf(place.country, place.region, place.city));
    return {
      job,
      haystack: jobHaystack(job),
      places: entries.map((entry) => entry.place),
      placeKeys: entries.map((entry) => entry.key),
      modes: places.map((place) => place.mode),
      group: groupOf(job),
    };
  };
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

/** The location and work-mode filters as compared: canonical names, lower-cased, blank = no filter. */
export type PlaceKey = {
  country: string | undefined;
  state: string | undefined;
  city: string | undefined;
  mode?: WorkMode | undefined;
};

function filterKey(value: string | undefined): string | undefined {
  const trimmed = value?.trim().toLowerCase();
  return trimmed ? trimmed : undefined;
}

/** "USA" and "United States" are one country, "CA" and "California" one region (place-names.ts). */
export function placeKeyOf(filters: JobFilters): PlaceKey {
  const country = filterKey(filters.country) === undefined ? undefined : filterCountryKey(filters.country!);
  const state = filterKey(filters.state) === undefined ? undefined : filterRegionKey(filters.state!, country);
  return { country, state, city: filterKey(filters.city), mode: filters.mode };
}

function placeMatches(place: ParsedLocation, key: PlaceKey): boolean {
  return (
    (key.country === undefined || place.country === key.country) &&
    (key.state === undefined || place.state === key.state) &&
    (key.city === undefined || place.city === key.city)
  );
}

function hasPlaceFilter(key: PlaceKey): boolean {
  return key.country !== undefined || key.state !== undefined || key.city !== undefined || key.mode !== undefined;
}

/** The family, term, degree and sponsorship filters as compared; undefined: no filter. */
export type CriteriaKey = {
  families: ReadonlySet<JobFamily> | undefined;
  terms: ReadonlySet<TermKey> | undefined;
  degrees: ReadonlySet<DegreeLevel> | undefined;
  sponsors: boolean;
};

const nonEmptySet = <T>(values: readonly T[] | undefined) =>
  values === undefined || values.length === 0 ? undefined : new Set(values);

export function criteriaKeyOf(filters: JobFilters): CriteriaKey {
  return {
    families: nonEmptySet(filters.category),
    terms: nonEmptySet(filters.term),
    degrees: nonEmptySet(filters.degree),
    sponsors: filters.sponsorship === 'yes',
  };
}

/** Which criteria filters a job passes: each facet is counted under the other filters, so each is known apart. */
export type CriteriaPass = { family: boolean; term: boolean; degree: boolean; sponsorship: boolean };

export function criteriaPass(job: BoardJob, key: CriteriaKey): CriteriaPass {
  return {
    // A job whose family is unknown is in no family.
    family: key.families === undefined || (job.family !== null && key.families.has(job.family)),
    term: key.terms === undefined || job.termKeys.some((term) => key.terms!.has(term)),
    // A job that states no degree is open to every degree.
    degree:
      key.degrees === undefined ||
      job.degreeLevels.length === 0 ||
      job.degreeLevels.some((level) => key.degrees!.has(level)),
    sponsorship: !key.sponsors || job.sponsorship === 'yes',
  };
}

function passesCriteria(job: BoardJob, key: CriteriaKey): boolean {
  const pass = criteriaPass(job, key);
  return pass.family && pass.term && pass.degree && pass.sponsorship;
}

function hasCriteriaFilter(key: CriteriaKey): boolean {
  return key.families !== undefined || key.terms !== undefined || key.degrees !== undefined || key.sponsors;
}

/**
 * Whether any filter beyond the type and the text is chosen: location, work mode, family, term, degree or
 * sponsorship (blank values and empty lists are none).
 */
export function hasNarrowingFilters(filters: JobFilters): boolean {
  return hasPlaceFilter(placeKeyOf(filters)) || hasCriteriaFilter(criteriaKeyOf(filters));
}

/**
 * Only the filters beyond the type and the text (location, work mode, family, term, degree, sponsorship), for
 * narrowing a result already searched by type and text.
 */
export function narrowingFiltersOf(filters: JobFilters): JobFilters {
  return {
    type: 'all',
    country: filters.country,
    state: filters.state,
    city: filters.city,
    mode: filters.mode,
    category: filters.category,
    term: filters.term,
    degree: filters.degree,
    sponsorship: filters.sponsorship,
  };
}

// One location must satisfy every chosen level (and the work mode) together: a job in Toronto and in New York is
// not "Canada + NY", and one remote in the USA and on site in Toronto is not "Canada + remote".
function matchesPlace(indexed: IndexedJob, key: PlaceKey): boolean {
  return (
    !hasPlaceFilter(key) ||
    indexed.placeKeys.some(
      (place, i) => (key.mode === undefined || indexed.modes[i] === key.mode) && placeMatches(place, key),
    )
  );
}

function matchesTypeAndText(indexed: readonly IndexedJob[], type: JobTypeFilter, search: JobSearch): IndexedJob[] {
  return indexed.filter((entry) => matchesType(entry.job, type) && search(entry.haystack));
}

/** The jobs matching every filter, in index (board) order. */
export function filterJobs(indexed: readonly IndexedJob[], filters: JobFilters): IndexedJob[] {
  const search = compileJobSearch(filters.q ?? '');
  const key = placeKeyOf(filters);
  const criteria = criteriaKeyOf(filters);
  const anyCriteria = hasCriteriaFilter(criteria);
  // Cheap checks first: the text search is the expensive one.
  return indexed.filter(
    (entry) =>
      matchesType(entry.job, filters.type) &&
      (!anyCriteria || passesCriteria(entry.job, criteria)) &&
      matchesPlace(entry, key) &&
      search(entry.haystack),
  );
}

const facetCollator = new Intl.Collator('en', { sensitivity: 'base' });

/** The order of facet values: alphabetical ignoring case and accents, then by code unit so the order is total. */
export function compareFacetValues(a: string, b: string): number {
  return facetCollator.compare(a, b) || compareText(a, b);
}

/** Alphabetical, unique case-insensitively (the filters compare that way); the first spelling seen is kept. */
class FacetValues {
  private readonly byKey = new Map<string, { value: string; count: number; lastCard: number }>();

  /**
   * Counts the card of `job` once per value, however many of its locations (and postings) carry it: the jobs come
   * in index order, where a card's postings are side by side.
   */
  add(value: string | null, key: string | null, job: IndexedJob): void {
    if (value === null || key === null) return;
    const entry = this.byKey.get(key);
    if (entry === undefined) {
      this.byKey.set(key, { value, count: 1, lastCard: job.group });
    } else if (entry.lastCard !== job.group) {
      entry.count += 1;
      entry.lastCard = job.group;
    }
  }

  sorted(): FacetValue[] {
    return [...this.byKey.values()]
      .map(({ value, count }) => ({ value, count }))
      .sort((a, b) => compareFacetValues(a.value, b.value));
  }
}

function placeFacetsOf(base: readonly IndexedJob[], key: PlaceKey): Pick<JobFacets, 'countries' | 'states' | 'cities'> {
  const countries = new FacetValues();
  const states = new FacetValues();
  const cities = new FacetValues();
  const stateScope: PlaceKey = { country: key.country, state: undefined, city: undefined };
  const cityScope: PlaceKey = { country: key.country, state: key.state, city: undefined };
  for (const entry of base) {
    entry.places.forEach((place, i) => {
      const placeKey = entry.placeKeys[i];
      if (placeKey === undefined) return;
      if (key.mode !== undefined && entry.modes[i] !== key.mode) return;
      countries.add(place.country, placeKey.country, entry);
      // Facets come from the matching location only: choosing Canada lists ON, not the same job's NY.
      if (key.country !== undefined && placeMatches(placeKey, stateScope))
        states.add(place.state, placeKey.state, entry);
      if (key.state !== undefined && placeMatches(placeKey, cityScope)) cities.add(place.city, placeKey.city, entry);
    });
  }
  return { countries: countries.sorted(), states: states.sorted(), cities: cities.sorted() };
}

/** Counts per value of one criteria facet, listed in `order` (values with no job left out). */
function criteriaFacet<T extends string>(order: readonly T[], counts: ReadonlyMap<T, number>): FacetValue[] {
  return order.flatMap((value) => {
    const count = counts.get(value) ?? 0;
    return count > 0 ? [{ value, count }] : [];
  });
}

/** Cards per value of one facet; jobs come in index order (a card's postings side by side), counted once per card. */
class CardCounts<T> {
  readonly counts = new Map<T, number>();
  private readonly lastCard = new Map<T, number>();

  add(value: T, job: IndexedJob): void {
    if (this.lastCard.get(value) === job.group) return;
    this.lastCard.set(value, job.group);
    this.counts.set(value, (this.counts.get(value) ?? 0) + 1);
  }
}

/**
 * Options for the location selects (spec section 5): countries of the jobs matching type, text, work mode and the
 * criteria filters; regions only once a country is chosen, from locations in that country; cities only once a region
 * is chosen, from locations in that country (if any) and region. Each list is alphabetical and unique, each value with
 * the number of jobs (cards: a job posted in three cities counts once) it would keep. The family, term and degree
 * options are counted under every other filter: a
 * family's count is the number of jobs of that family matching the place, term, degree and sponsorship filters (what
 * choosing that family alone would show), and so on for terms and degrees.
 */
export function jobFacets(indexed: readonly IndexedJob[], filters: JobFilters): JobFacets {
  const counter = createFacetCounter(filters);
  for (const entry of matchesTypeAndText(indexed, filters.type, compileJobSearch(filters.q ?? ''))) counter.add(entry);
  return counter.result();
}

/**
 * jobFacets one entry at a time, for a caller that counts in slices (the device, between frames): give it, in index
 * order, the entries matching the filters' type and text (jobFacets' first step), then ask for the result.
 */
export function createFacetCounter(filters: JobFilters): { add(entry: IndexedJob): void; result(): JobFacets } {
  const placeKey = placeKeyOf(filters);
  const criteria = criteriaKeyOf(filters);
  const families = new CardCounts<JobFamily>();
  const terms = new CardCounts<TermKey>();
  const degrees = new CardCounts<DegreeLevel>();
  const passing: IndexedJob[] = [];
  return {
    add(entry) {
      const pass = criteriaPass(entry.job, criteria);
      const misses = Number(!pass.family) + Number(!pass.term) + Number(!pass.degree) + Number(!pass.sponsorship);
      // The place facets have their own rules over the jobs passing every criteria filter.
      if (misses === 0) passing.push(entry);
      if (misses > 1 || !matchesPlace(entry, placeKey)) return;
      const { job } = entry;
      if (pass.term && pass.degree && pass.sponsorship && job.family !== null) families.add(job.family, entry);
      if (pass.family && pass.degree && pass.sponsorship) for (const term of job.termKeys) terms.add(term, entry);
      if (pass.family && pass.term && pass.sponsorship) {
        for (const level of job.degreeLevels.length === 0 ? degreeLevels : job.degreeLevels) degrees.add(level, entry);
      }
    },
    result() {
      return {
        ...placeFacetsOf(passing, placeKey),
        categories: criteriaFacet(jobFamilies, families.counts),
        terms: criteriaFacet([...terms.counts.keys()].sort(compareTerms), terms.counts),
        degrees: criteriaFacet(degreeLevels, degrees.counts),
      };
    },
  };
}

/** Whether the chosen order is "most relevant": only with a search to be relevant to (board order without). */
export function sortsByRelevance(filters: Pick<JobFilters, 'sort' | 'q'>): boolean {
  return filters.sort === 'relevant' && Boolean(filters.q?.trim());
}

/** The matched jobs in the chosen order (a copy when it is not board order). */
export function inSortOrder(
  matched: readonly IndexedJob[],
  sort: JobSort | undefined,
  q?: string,
): readonly IndexedJob[] {
  if (sort === 'updated') return [...matched].sort((a, b) => compareByUpdate(a.job, b.job));
  if (sortsByRelevance({ sort, q })) return sortByRelevance(matched, q!, (entry) => entry.job);
  return matched;
}

/**
 * The matched entries posted within the chosen window (`filters.posted`), seen at `nowMs`; all of them without one.
 * `jobOf` reads an entry's job (an index may hold positions rather than jobs).
 */
export function inPostedWindow<T>(
  matched: readonly T[],
  filters: Pick<JobFilters, 'posted'>,
  nowMs: number,
  jobOf: (entry: T) => Pick<BoardJob, 'datePosted'> = (entry) => (entry as { job: BoardJob }).job,
): readonly T[] {
  const window = filters.posted;
  if (window === undefined) return matched;
  return matched.filter((entry) => isPostedWithin(jobOf(entry).datePosted, window, nowMs));
}

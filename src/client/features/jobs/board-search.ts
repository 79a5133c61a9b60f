// Local search over the board held on the device: the shared rules (indexJobs, filterJobs, jobFacets: together what
// referenceQueryJobs answers), arranged so a keystroke costs as little as possible at 20,000 jobs on a slow phone.
import {
  createFacetCounter,
  createJobIndexer,
  filterJobs,
  hasNarrowingFilters,
  indexJobs,
  inPostedWindow,
  inSortOrder,
  jobFacets,
  narrowingFiltersOf,
  inCardOrder,
  sortJobs,
  type IndexedJob,
  type JobFacets,
} from '../../../shared/jobs/filter-jobs.ts';
import type { JobFilters } from '../../../shared/jobs/job-filters-schema.ts';
import { searchableText } from '../../../shared/jobs/job-search.ts';
import { cardListOf, cardOf, cardRuns, cardsOf, type CardList } from '../../../shared/jobs/posting-groups.ts';
import type { BoardJob, JobTypeFilter } from '../../../shared/jobs/listing-schemas.ts';
import { yieldToMain } from '../../lib/yield-to-main.ts';

// Indexing 20,000 jobs costs a few hundred milliseconds: done once per version of the board, shared by every list
// on the page (dashboard and /jobs) and kept across navigations.
let cachedIndex: { version: string; index: IndexedJob[] } | null = null;

/** The shared query index of a board snapshot, built on first use for each version. */
export function boardIndexFor(snapshot: { version: string; jobs: readonly BoardJob[] }): IndexedJob[] {
  if (cachedIndex?.version !== snapshot.version) {
    cachedIndex = { version: snapshot.version, index: indexJobs(snapshot.jobs) };
  }
  return cachedIndex.index;
}

/** The index of this version of the board if it is already built, else null (buildBoardIndex builds it). */
export function builtBoardIndex(snapshot: { version: string }): IndexedJob[] | null {
  return cachedIndex?.version === snapshot.version ? cachedIndex.index : null;
}

// About 10 ms of work per slice on a phone (indexing 20,000 jobs costs 110-220 ms with the CPU slowed 4x).
const indexSliceSize = 1000;
let building: { version: string; index: Promise<IndexedJob[]> } | null = null;

/**
 * boardIndexFor in slices, giving the main thread back between them so a page that has just painted stays
 * responsive while the board becomes searchable on the device. One build per version, shared by every caller.
 */
export function buildBoardIndex(snapshot: { version: string; jobs: readonly BoardJob[] }): Promise<IndexedJob[]> {
  const built = builtBoardIndex(snapshot);
  if (built) return Promise.resolve(built);
  if (building?.version === snapshot.version) return building.index;
  const index = (async () => {
    const sorted = sortJobs(snapshot.jobs);
    const indexJob = createJobIndexer();
    const result: IndexedJob[] = [];
    for (let start = 0; start < sorted.length; start += indexSliceSize) {
      await yieldToMain();
      const end = Math.min(sorted.length, start + indexSliceSize);
      for (let i = start; i < end; i += 1) result.push(indexJob(sorted[i]!));
    }
    // A synchronous boardIndexFor may have finished the same version meanwhile: keep one index per version.
    const done = builtBoardIndex(snapshot);
    if (done) return done;
    const ordered = inCardOrder(result);
    cachedIndex = { version: snapshot.version, index: ordered };
    return ordered;
  })();
  const entry = { version: snapshot.version, index };
  building = entry;
  const forget = () => {
    if (building === entry) building = null;
  };
  index.then(forget, forget);
  return index;
}

// Letters, digits, spaces and a little punctuation are never regular-expression syntax: such a search is plain text
// for compileJobSearch too. (Conservative on purpose: anything else simply takes the full search.)
const plainText = /^[\p{L}\p{N}\p{Zs}'’&,-]*$/u;

/** The lower-cased needle of a plain-text search, or null when the pattern may be a regular expression. */
function plainNeedle(q: string): string | null {
  const trimmed = q.trim();
  return plainText.test(trimmed) ? searchableText(trimmed) : null;
}

type TextResult = { type: JobTypeFilter; needle: string | null; base: IndexedJob[] };
const lastTextResult = new WeakMap<readonly IndexedJob[], TextResult>();

/**
 * The jobs matching the type and the text (not the location filters), in board order. Typing one more character of
 * a plain-text search can only narrow the result, so it searches the previous result instead of the whole board.
 */
export function searchBoardText(index: readonly IndexedJob[], type: JobTypeFilter, q: string): IndexedJob[] {
  const needle = plainNeedle(q);
  const previous = lastTextResult.get(index);
  const narrowing =
    previous !== undefined &&
    previous.type === type &&
    previous.needle !== null &&
    needle !== null &&
    needle.includes(previous.needle);
  const base = filterJobs(narrowing ? previous.base : index, { type, q });
  lastTextResult.set(index, { type, needle, base });
  return base;
}

// The cards built for earlier keystrokes, by lead posting: a card whose postings did not change is the same object,
// so the list's memoised cards do not render again while a search narrows.
const builtCards = new WeakMap<BoardJob, { others: readonly BoardJob[]; card: BoardJob }>();

function reusedCard(lead: BoardJob, others: readonly BoardJob[]): BoardJob {
  if (others.length === 0) return lead;
  const known = builtCards.get(lead);
  if (known && known.others.length === others.length && known.others.every((job, i) => job === others[i])) {
    return known.card;
  }
  const card = cardOf(lead, others);
  builtCards.set(lead, { others, card });
  return card;
}

/**
 * The cards (one per job, posting-groups.ts) of the postings of `base` (from searchBoardText) in the chosen country,
 * state, city and work mode, of the chosen families, terms, degrees and sponsorship, posted within the chosen window
 * (seen at `nowMs`), in the chosen order. Counted at once, built as far as the list shows them.
 */
export function filterBoardChoices(
  base: readonly IndexedJob[],
  filters: JobFilters,
  nowMs: number = Date.now(),
): CardList {
  const placed = hasNarrowingFilters(filters) ? filterJobs(base, narrowingFiltersOf(filters)) : base;
  const matched = inPostedWindow(placed, filters, nowMs);
  const ordered = inSortOrder(matched, filters.sort, filters.q);
  const jobOf = (entry: IndexedJob) => entry.job;
  const groupOf = (entry: IndexedJob) => entry.group;
  // In board order (the index's order) a card's postings are side by side: counted in one pass, no map, on every
  // keystroke. Other orders (recently updated, most relevant) group through a map.
  if (ordered === matched) return cardRuns(ordered, jobOf, groupOf, reusedCard);
  return cardListOf(cardsOf(ordered, jobOf, groupOf));
}

// About 10 ms of counting per slice on a phone (the CPU slowed 4x).
const facetSliceSize = 2000;

/**
 * boardFacets in slices, giving the main thread back between them, so that counting the options of a search that
 * matched most of the board never holds up the next keystroke. Null when `run` was cancelled meanwhile.
 */
export async function boardFacetsInSlices(
  base: readonly IndexedJob[],
  filters: JobFilters,
  run: { cancelled: boolean },
): Promise<JobFacets | null> {
  const counter = createFacetCounter(narrowingFiltersOf(filters));
  for (let start = 0; start < base.length; start += facetSliceSize) {
    await yieldToMain();
    if (run.cancelled) return null;
    const end = Math.min(base.length, start + facetSliceSize);
    for (let i = start; i < end; i += 1) counter.add(base[i]!);
  }
  await yieldToMain();
  return run.cancelled ? null : counter.result();
}

/** The filter options with their counts for `base` (from searchBoardText with the same type and text). */
export function boardFacets(base: readonly IndexedJob[], filters: JobFilters): JobFacets {
  return jobFacets(base, narrowingFiltersOf(filters));
}

// Local search over the board held on the device: the shared rules (indexJobs, filterJobs, jobFacets: together what
// referenceQueryJobs answers), arranged so a keystroke costs as little as possible at 20,000 jobs on a slow phone.
import {
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
import { cardsOf, cardsOfRuns } from '../../../shared/jobs/posting-groups.ts';
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

/**
 * The cards (one per job, posting-groups.ts) of the postings of `base` (from searchBoardText) in the chosen country, state, city and work mode, of the chosen
 * families, terms, degrees and sponsorship, posted within the chosen window (seen at `nowMs`), in the chosen order.
 */
export function filterBoardChoices(
  base: readonly IndexedJob[],
  filters: JobFilters,
  nowMs: number = Date.now(),
): BoardJob[] {
  const placed = hasNarrowingFilters(filters) ? filterJobs(base, narrowingFiltersOf(filters)) : base;
  const matched = inPostedWindow(placed, filters, nowMs);
  const ordered = inSortOrder(matched, filters.sort, filters.q);
  // One card per job: the postings of a job in several cities (or posted twice) are offered on one card. In board
  // order (the index's order) a card's postings are side by side: one pass, no map, on every keystroke.
  const toCards = ordered === matched ? cardsOfRuns : cardsOf;
  return toCards(
    ordered,
    (entry) => entry.job,
    (entry) => entry.group,
  );
}

/** The filter options with their counts for `base` (from searchBoardText with the same type and text). */
export function boardFacets(base: readonly IndexedJob[], filters: JobFilters): JobFacets {
  return jobFacets(base, narrowingFiltersOf(filters));
}

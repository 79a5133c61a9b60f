// The list endpoint's whole answer computed the plain way, from the shared rules alone: the reference the server's
// index (board-query-index.ts) and the client's local search (board-search.ts) are tested against. No production
// code runs it; both of them arrange the same rules for speed.
import {
  type IndexedJob,
  filterJobs,
  inPostedWindow,
  inSortOrder,
  jobFacets,
  type JobFacets,
  narrowingFiltersOf,
} from './filter-jobs.ts';
import type { JobFilters, JobPage } from './job-filters-schema.ts';
import type { BoardJob } from './listing-schemas.ts';
import { cardsOf } from './posting-groups.ts';

export type JobQueryResult = { jobs: BoardJob[]; total: number; facets: JobFacets };

/**
 * One page of the board plus the total and facets, as the list endpoint must answer for `filters` at `nowMs`: the
 * matching postings in the chosen order, one card per job (posting-groups.ts), paged and counted by cards.
 */
export function referenceQueryJobs(
  indexed: readonly IndexedJob[],
  filters: JobFilters,
  page: JobPage,
  nowMs: number = Date.now(),
): JobQueryResult {
  const base = filterJobs(indexed, { type: filters.type, q: filters.q });
  const placed = filterJobs(base, narrowingFiltersOf(filters));
  const matched = inSortOrder(inPostedWindow(placed, filters, nowMs), filters.sort, filters.q);
  const cards = cardsOf(
    matched,
    (entry) => entry.job,
    (entry) => entry.group,
  );
  const offset = Math.max(0, Math.floor(page.offset));
  const limit = Math.max(0, Math.floor(page.limit));
  return {
    jobs: cards.slice(offset, offset + limit),
    total: cards.length,
    facets: jobFacets(indexed, filters),
  };
}

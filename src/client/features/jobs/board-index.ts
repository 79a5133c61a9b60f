import { indexJobs, type IndexedJob } from '../../../shared/jobs/filter-jobs.ts';
import type { BoardJob } from '../../../shared/jobs/listing-schemas.ts';

// Indexing 20,000 jobs costs a few hundred milliseconds: done once per version of the board, shared by every list
// on the page (dashboard and /jobs) and kept across navigations.
let cached: { version: string; index: IndexedJob[] } | null = null;

/** The shared query index of a board snapshot, built on first use for each version. */
export function boardIndexFor(snapshot: { version: string; jobs: readonly BoardJob[] }): IndexedJob[] {
  if (cached?.version !== snapshot.version) cached = { version: snapshot.version, index: indexJobs(snapshot.jobs) };
  return cached.index;
}

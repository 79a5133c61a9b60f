/**
 * A full, memory-reducing collection, when the process runs with `--expose-gc` (scripts/server-node-flags.mjs);
 * nothing otherwise (tests, a server started without the flags). V8's "last resort" flavour collects twice, shrinks
 * the young generation back and returns the freed pages it keeps in a pool to the system; its own heuristics would
 * keep them after a large, short-lived working set such as a board load (docs/decisions/044-memory-after-board-loads.md).
 * It stops the thread for the collection (~0.1-0.3 s with a board of 20,000 listings): call it only after rare work.
 */
type ExposedGc = (options: { type: 'major'; execution: 'sync'; flavor?: 'last-resort' }) => void;

function exposedGc(): ExposedGc | null {
  const gc = (globalThis as { gc?: unknown }).gc;
  return typeof gc === 'function' ? (gc as ExposedGc) : null;
}

export function releaseMemory(): void {
  exposedGc()?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

/**
 * A plain full collection (no shrinking, pages kept for reuse), under the same flag: between the steps of a long
 * piece of work whose garbage V8 would otherwise let grow past what its steps need (a digest round, decision 046).
 * Cheaper than releaseMemory (~0.05-0.1 s with the 20,000-listing board).
 */
export function collectGarbage(): void {
  exposedGc()?.({ type: 'major', execution: 'sync' });
}

/** Work on fewer jobs than this (a board load, an import) leaves too little to return for the pause. */
const largeWorkJobs = 2_000;

/** releaseMemory after work on `jobs` jobs, when they were enough to be worth the pause. */
export function releaseMemoryAfter(jobs: number): void {
  if (jobs >= largeWorkJobs) releaseMemory();
}

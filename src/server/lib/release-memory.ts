/**
 * A full, memory-reducing collection, when the process runs with `--expose-gc` (scripts/server-node-flags.mjs);
 * nothing otherwise (tests, a server started without the flags). V8's "last resort" flavour collects twice, shrinks
 * the young generation back and returns the freed pages it keeps in a pool to the system; its own heuristics would
 * keep them after a large, short-lived working set such as a board load (docs/decisions/044-memory-after-board-loads.md).
 * It stops the thread for the collection (~0.1-0.3 s with a board of 20,000 listings): call it only after rare work.
 */
type ExposedGc = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

export function releaseMemory(): boolean {
  const gc = (globalThis as { gc?: unknown }).gc;
  if (typeof gc !== 'function') return false;
  (gc as ExposedGc)({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  return true;
}

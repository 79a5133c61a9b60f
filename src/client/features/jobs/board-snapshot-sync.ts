// Keeps the local copy of the whole board current: one conditional request (If-None-Match) at a time, at most every
// few minutes (when a list appears or the tab comes back into view), and whenever the device comes back online. Runs
// in the background, in the board's worker (board-snapshot-client.ts); the board never waits for it.
import { downloadBoard } from './board-snapshot-client.ts';
import { setLoadedSnapshot } from './board-snapshot-store.ts';

const minimumIntervalMs = 5 * 60_000;

let inFlight: Promise<void> | null = null;
let lastCheckedAt = Number.NEGATIVE_INFINITY;

/**
 * Checks the server for a newer board than `knownVersion` and stores it. Calls within a few minutes of the last
 * successful check do nothing unless `force` (the `online` event). Failures are logged; the next call retries.
 */
export function refreshBoardSnapshot(knownVersion: string | null, { force = false } = {}): Promise<void> {
  if (inFlight) return inFlight;
  if (!force && Date.now() - lastCheckedAt < minimumIntervalMs) return Promise.resolve();
  inFlight = (async () => {
    try {
      const result = await downloadBoard(knownVersion);
      lastCheckedAt = Date.now();
      if (result.status === 'not-modified') return;
      if (result.invalidJobs > 0) console.warn(`[jobs] ${result.invalidJobs} malformed jobs left out of the board`);
      // In memory first (the worker stores it after sending it): local search starts at once, and still works if
      // storage is full or refused.
      setLoadedSnapshot(result.snapshot);
      try {
        await result.saved;
      } catch (error) {
        console.warn('[jobs] could not keep the board on this device (storage full or refused)', error);
      }
    } catch (error) {
      console.warn('[jobs] could not refresh the board', error);
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

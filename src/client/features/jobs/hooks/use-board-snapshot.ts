import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useSyncExternalStore } from 'react';
import { readBoardSnapshot, type BoardSnapshot } from '../db/board-snapshot-repository.ts';
import { getFreshSnapshot, refreshBoardSnapshot, subscribeToFreshSnapshot } from '../board-snapshot-sync.ts';

// The last copy read from Dexie, used as the live query's starting value when another list mounts (dashboard ->
// /jobs), so it renders local results at once instead of waiting for IndexedDB again.
let lastRead: BoardSnapshot | null | undefined;

async function readAndRemember(): Promise<BoardSnapshot | null> {
  lastRead = await readBoardSnapshot();
  return lastRead;
}

/**
 * The board held on this device: undefined while IndexedDB is read, null when there is none yet. The newest of the
 * stored copy and one downloaded during this visit wins.
 */
export function useBoardSnapshot(): BoardSnapshot | null | undefined {
  const stored = useLiveQuery(readAndRemember, [], lastRead);
  const fresh = useSyncExternalStore(subscribeToFreshSnapshot, getFreshSnapshot);
  if (fresh && (!stored || fresh.savedAt >= stored.savedAt)) return fresh;
  return stored;
}

/**
 * Starts the background refresh once the stored copy is known (and, on a first visit, once the first page has
 * been answered, so the small request is never slowed by the big one); again whenever the device comes online.
 */
export function useBoardSnapshotRefresh(snapshot: BoardSnapshot | null | undefined, firstPageSettled: boolean): void {
  const known = snapshot === undefined ? undefined : (snapshot?.version ?? null);
  const ready = known !== undefined && (known !== null || firstPageSettled);
  useEffect(() => {
    if (!ready) return;
    void refreshBoardSnapshot(known);
    const onOnline = () => void refreshBoardSnapshot(known, { force: true });
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [ready, known]);
}

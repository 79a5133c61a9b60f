import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useSyncExternalStore } from 'react';
import { readBoardSnapshotMeta, type BoardSnapshot } from '../db/board-snapshot-repository.ts';
import { getLoadedBoard, loadStoredSnapshot, subscribeToLoadedBoard } from '../board-snapshot-store.ts';
import { refreshBoardSnapshot } from '../board-snapshot-sync.ts';

/**
 * The board held on this device: undefined while IndexedDB is read, null when there is none yet. Watches the stored
 * version (a tiny row) and reads the 20,000 jobs only when it is not the copy already in memory: after a download,
 * when another tab stored a newer board, or on the first list of a page load.
 */
export function useBoardSnapshot(): BoardSnapshot | null | undefined {
  const meta = useLiveQuery(() => readBoardSnapshotMeta(), [], undefined);
  const { snapshot: loaded, unreadableVersion } = useSyncExternalStore(subscribeToLoadedBoard, getLoadedBoard);

  useEffect(() => {
    if (meta && meta.version !== loaded?.version) loadStoredSnapshot(meta);
  }, [meta, loaded]);

  if (loaded) return loaded;
  if (meta === null || (meta && meta.version === unreadableVersion)) return null;
  return undefined;
}

/**
 * Starts the background refresh once the stored copy is known (and, on a first visit, once the first page has
 * been answered, so the small request is never slowed by the big one); again when the tab comes back into view
 * (at most every few minutes) and whenever the device comes online.
 */
export function useBoardSnapshotRefresh(snapshot: BoardSnapshot | null | undefined, firstPageSettled: boolean): void {
  const known = snapshot === undefined ? undefined : (snapshot?.version ?? null);
  const ready = known !== undefined && (known !== null || firstPageSettled);
  useEffect(() => {
    if (!ready) return;
    void refreshBoardSnapshot(known);
    const onOnline = () => void refreshBoardSnapshot(known, { force: true });
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refreshBoardSnapshot(known);
    };
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [ready, known]);
}

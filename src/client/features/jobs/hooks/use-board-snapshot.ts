import { useLiveQuery } from '../../../db/use-live-query.ts';
import { startTransition, useEffect, useState } from 'react';
import { readBoardSnapshotMeta, type BoardSnapshot } from '../db/board-snapshot-repository.ts';
import {
  getLoadedBoard,
  loadStoredSnapshot,
  subscribeToLoadedBoard,
  type LoadedBoard,
} from '../board-snapshot-store.ts';
import { refreshBoardSnapshot } from '../board-snapshot-sync.ts';

/**
 * The board held on this device: undefined while IndexedDB is read, null when there is none yet. Watches the stored
 * version (a tiny row) and reads the 20,000 jobs only when it is not the copy already in memory: after a download,
 * when another tab stored a newer board, or on the first list of a page load.
 */
export function useBoardSnapshot(): BoardSnapshot | null | undefined {
  const meta = useLiveQuery(() => readBoardSnapshotMeta(), [], undefined);
  const { snapshot: loaded, unreadableVersion } = useLoadedBoard();

  useEffect(() => {
    if (meta && meta.version !== loaded?.version) loadStoredSnapshot(meta);
  }, [meta, loaded]);

  if (loaded) return loaded;
  if (meta === null || (meta && meta.version === unreadableVersion)) return null;
  return undefined;
}

/**
 * The board in memory, as state that follows the store. A new board re-renders every list of jobs, tens of
 * milliseconds on a phone: it arrives as a transition, which React renders in slices between the browser's own work
 * (a store read with useSyncExternalStore always renders at once, in one block). The first render reads the store
 * as it is, so a board already in memory shows without waiting.
 */
function useLoadedBoard(): LoadedBoard {
  const [board, setBoard] = useState(getLoadedBoard);
  useEffect(() => {
    const follow = () => startTransition(() => setBoard(getLoadedBoard()));
    follow(); // a change between the first render and this subscription
    return subscribeToLoadedBoard(follow);
  }, []);
  return board;
}

/** Runs `task` once the page has loaded and the browser is idle (or after a few seconds at most); returns a cancel. */
function whenPageIdle(task: () => void): () => void {
  let idleHandle: number | null = null;
  let timer: number | null = null;
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function')
      idleHandle = window.requestIdleCallback(task, { timeout: 3000 });
    else timer = window.setTimeout(task, 500);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    window.removeEventListener('load', idle);
    if (idleHandle !== null) window.cancelIdleCallback(idleHandle);
    if (timer !== null) window.clearTimeout(timer);
  };
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
    // On a first visit the download (hundreds of KB) waits until the page has loaded and the browser is idle, so it
    // never competes with the page's own code and first cards for a slow connection or the main thread.
    const cancelWait = known === null ? whenPageIdle(() => void refreshBoardSnapshot(known)) : null;
    if (known !== null) void refreshBoardSnapshot(known);
    const onOnline = () => void refreshBoardSnapshot(known, { force: true });
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refreshBoardSnapshot(known);
    };
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      cancelWait?.();
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [ready, known]);
}

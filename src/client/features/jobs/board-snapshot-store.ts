// The board held in memory: one copy per page, shared by every job list (dashboard and /jobs) and kept across
// navigations. Filled from IndexedDB when the stored version is not the one in memory, or straight from a download;
// both are read off the main thread by the board's worker (board-snapshot-client.ts).
import { readStoredBoard } from './board-snapshot-client.ts';
import type { BoardSnapshot, BoardSnapshotMeta } from './db/board-snapshot-repository.ts';

export interface LoadedBoard {
  snapshot: BoardSnapshot | null;
  /** A stored version whose jobs could not be read: the board then behaves as if none were stored. */
  unreadableVersion: string | null;
}

let state: LoadedBoard = { snapshot: null, unreadableVersion: null };
let readingVersion: string | null = null;
const listeners = new Set<() => void>();

function update(next: Partial<LoadedBoard>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export function getLoadedBoard(): LoadedBoard {
  return state;
}

export function subscribeToLoadedBoard(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A board just downloaded (or read): it replaces the copy in memory unless that one is newer. */
export function setLoadedSnapshot(snapshot: BoardSnapshot): void {
  const current = state.snapshot;
  if (current && current.version !== snapshot.version && current.savedAt > snapshot.savedAt) return;
  update({ snapshot });
}

/** Reads the stored board into memory when IndexedDB holds a version other than the one in memory. */
export function loadStoredSnapshot(meta: BoardSnapshotMeta): void {
  const version = meta.version;
  if (state.snapshot?.version === version || readingVersion === version || state.unreadableVersion === version) return;
  readingVersion = version;
  readStoredBoard()
    .then((snapshot) => {
      if (snapshot) setLoadedSnapshot(snapshot);
      else update({ unreadableVersion: version });
    })
    .catch((error: unknown) => {
      console.warn('[jobs] could not read the stored board', error);
      update({ unreadableVersion: version });
    })
    .finally(() => {
      readingVersion = null;
    });
}

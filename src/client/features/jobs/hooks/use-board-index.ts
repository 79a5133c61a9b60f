import { startTransition, useEffect, useState } from 'react';
import type { IndexedJob } from '../../../../shared/jobs/filter-jobs.ts';
import { buildBoardIndex, builtBoardIndex } from '../board-search.ts';
import type { BoardSnapshot } from '../db/board-snapshot-repository.ts';

/**
 * The search index of the board on this device, or null while it is built (in slices, after the page has painted;
 * the list shows the server's pages meanwhile). An index built earlier in this page load is returned at once.
 */
export function useBoardIndex(snapshot: BoardSnapshot | null | undefined): IndexedJob[] | null {
  const [built, setBuilt] = useState<{ version: string; index: IndexedJob[] } | null>(null);
  const ready = snapshot ? builtBoardIndex(snapshot) : null;

  useEffect(() => {
    if (!snapshot || builtBoardIndex(snapshot)) return;
    let current = true;
    buildBoardIndex(snapshot).then(
      (index) => {
        // The list re-filters with the index: a transition, rendered in slices.
        if (current) startTransition(() => setBuilt({ version: snapshot.version, index }));
      },
      (error: unknown) => console.warn('[jobs] could not index the board', error),
    );
    return () => {
      current = false;
    };
  }, [snapshot]);

  if (ready) return ready;
  return snapshot && built?.version === snapshot.version ? built.index : null;
}

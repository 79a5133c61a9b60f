import { useSyncExternalStore } from 'react';
import { prerenderView } from '../../../lib/prerender-view.ts';
import { mobileBreakpointPx } from '../sidebar-state.ts';

const query = `(max-width: ${mobileBreakpointPx - 0.02}px)`;

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** True below the spec's 768 px breakpoint, where the sidebar becomes a sheet; follows window resizes. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => prerenderView().mobile,
  );
}

import { useSyncExternalStore } from 'react';
import { prerenderView } from '../../../lib/prerender-view.ts';

// Below Chakra's `md` breakpoint (768 px), where the app's sidebar also turns into a sheet.
const query = '(max-width: 767.98px)';

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/**
 * Whether the board shows its phone filters (search, a Filters button and a sheet) instead of the desktop bar. One
 * of the two is rendered, never both, so each control exists once. At build time the signed-in shell's variant says.
 */
export function usePhoneLayout(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => prerenderView().mobile,
  );
}

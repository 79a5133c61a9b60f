import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

const onlineWhenRendered = () => true;

/** navigator.onLine, kept current: false means surely offline (true only means "a network is connected"). */
export function useOnlineStatus(): boolean {
  // A page rendered at build time draws the online state.
  return useSyncExternalStore(subscribe, () => navigator.onLine, onlineWhenRendered);
}

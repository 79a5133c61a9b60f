import { useSyncExternalStore } from 'react';
import { getSession, subscribeToSession, type Session } from './session-store.ts';

export type { Session, SessionUser } from './session-store.ts';

/** The current session; the first component that asks starts Firebase. */
export function useSession(): Session {
  return useSyncExternalStore(subscribeToSession, getSession, getSession);
}

import { useSyncExternalStore } from 'react';
import { getSession, isSessionRestored, subscribeToSession, type Session } from './session-store.ts';

export type { Session, SessionUser } from './session-store.ts';

/** The current session; the first component that asks starts Firebase. */
export function useSession(): Session {
  return useSyncExternalStore(subscribeToSession, getSession, getSession);
}

const notRestoredOnServer = () => false;

/** Whether Firebase has answered: until then an `identified` session may be the browser's signed-in hint. */
export function useSessionRestored(): boolean {
  return useSyncExternalStore(subscribeToSession, isSessionRestored, notRestoredOnServer);
}

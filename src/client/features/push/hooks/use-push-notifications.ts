import { useCallback, useEffect, useSyncExternalStore } from 'react';
import {
  type PushState,
  readPushState,
  refreshPushSubscription,
  turnPushOff,
  turnPushOn,
} from '../push-subscription.ts';

// One picture of this browser's push state for every component of the page (the alerts list, the alert dialog, the
// device line), kept in a small store: turning push on in one place shows everywhere.

export type PushView = {
  /** 'checking' until the browser has been read. */
  state: PushState | { status: 'checking' };
  /** A turn on/off in progress. */
  busy: boolean;
  /** What went wrong the last time (an ApiError, a refused subscription), shown until the next attempt. */
  error: unknown;
};

let view: PushView = { state: { status: 'checking' }, busy: false, error: null };
const listeners = new Set<() => void>();
let read: Promise<void> | null = null;

function set(next: Partial<PushView>): void {
  view = { ...view, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getView = () => view;

/** Reads the browser once per page load; when already subscribed, reminds the server (asks the student nothing). */
function readOnce(): void {
  read ??= (async () => {
    try {
      const state = await readPushState();
      set({ state });
      if (state.status === 'on') await refreshPushSubscription();
    } catch (error) {
      set({ state: { status: 'off' }, error });
    }
  })();
}

async function change(action: () => Promise<PushState>): Promise<PushState | null> {
  set({ busy: true, error: null });
  try {
    const state = await action();
    set({ state, busy: false });
    return state;
  } catch (error) {
    set({ busy: false, error });
    return null;
  }
}

/**
 * This browser's push notifications. `turnOn` asks the permission: call it only from the student's own action
 * (turning push on for an alert), never on load. Each answers the state reached, or null after an error.
 */
export function usePushNotifications() {
  useEffect(readOnce, []);
  const current = useSyncExternalStore(subscribe, getView, getView);
  const turnOn = useCallback(() => change(turnPushOn), []);
  const turnOff = useCallback(() => change(turnPushOff), []);
  return { ...current, turnOn, turnOff };
}

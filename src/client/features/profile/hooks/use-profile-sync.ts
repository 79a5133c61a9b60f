import { useEffect, useSyncExternalStore } from 'react';
import { getProfile } from '../api/get-profile.ts';
import { saveCachedProfile } from '../db/profile-cache-repository.ts';

// Accounts whose profile read has failed since the page loaded (offline, server error). Until it fails, "no copy on
// this device" only means "not here yet" (a saved answer shows up through the device's copy), and the dashboard keeps
// its placeholders instead of saying the profile is missing.
const settledUids = new Set<string>();
const listeners = new Set<() => void>();

function settle(uid: string): void {
  if (settledUids.has(uid)) return;
  settledUids.add(uid);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Reads the signed-in student's profile once per account while the signed-in app is open and keeps it on this
 * device: the greeting, the user block and the dashboard read that copy (useCachedProfile), so they also work offline.
 */
export function useProfileSync(uid: string | null): void {
  useEffect(() => {
    if (!uid) return;
    const controller = new AbortController();
    getProfile(controller.signal)
      .then(
        (profile) => saveCachedProfile(profile),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.warn('[profile] could not refresh the profile; using the copy on this device', error);
          settle(uid);
        },
      )
      .catch((error: unknown) => {
        console.warn('[profile] could not keep the profile offline', error);
        settle(uid);
      });
    return () => controller.abort();
  }, [uid]);
}

/** Whether this page load's read of the account's profile has failed, so a missing copy will stay missing. */
export function useProfileSyncSettled(uid: string | null): boolean {
  return useSyncExternalStore(
    subscribe,
    () => uid !== null && settledUids.has(uid),
    () => false,
  );
}

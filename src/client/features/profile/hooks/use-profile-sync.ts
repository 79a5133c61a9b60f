import { useEffect } from 'react';
import { getProfile } from '../api/get-profile.ts';
import { saveCachedProfile } from '../db/profile-cache-repository.ts';

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
          if (!controller.signal.aborted)
            console.warn('[profile] could not refresh the profile; using the copy on this device', error);
        },
      )
      .catch((error: unknown) => console.warn('[profile] could not keep the profile offline', error));
    return () => controller.abort();
  }, [uid]);
}

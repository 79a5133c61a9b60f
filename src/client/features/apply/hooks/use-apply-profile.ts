import { useEffect, useState } from 'react';
import type { StudentProfile } from '../../../../shared/profile/student-profile.ts';
import { getProfile } from '../../profile/index.ts';
import { getCachedProfile } from '../../profile/index.ts';

export type ApplyProfileState =
  | { status: 'loading' }
  /** `failed`: the server could not be read (offline); `profile` is then the copy kept on this device, if any. */
  | { status: 'ready'; profile: StudentProfile | null; failed: boolean };

/** The signed-in student's profile for the prefill (spec section 3): fresh when online, the device's copy offline. */
export function useApplyProfile(uid: string): ApplyProfileState {
  const [state, setState] = useState<{ uid: string; value: ApplyProfileState } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getProfile(controller.signal).then(
      (profile) => setState({ uid, value: { status: 'ready', profile, failed: false } }),
      async (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('[apply] could not load the profile; using the copy on this device', error);
        const cached = await getCachedProfile(uid).catch(() => null);
        if (!controller.signal.aborted)
          setState({ uid, value: { status: 'ready', profile: cached?.profile ?? null, failed: true } });
      },
    );
    return () => controller.abort();
  }, [uid]);

  return state?.uid === uid ? state.value : { status: 'loading' };
}

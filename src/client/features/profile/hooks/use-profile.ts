import { useCallback, useEffect, useState } from 'react';
import type { ProfileCacheRecord } from '../../../db/app-db.ts';
import { ApiError } from '../../../lib/api-client.ts';
import type { StudentProfile } from '../../../../shared/profile/student-profile.ts';
import { getProfile } from '../api/get-profile.ts';
import { saveCachedProfile } from '../db/profile-cache-repository.ts';
import { useCachedProfile } from './use-cached-profile.ts';

export type ProfileLoadState =
  | { status: 'loading' }
  | { status: 'ready'; profile: StudentProfile }
  /** No network: the copy kept on this device, shown read-only. */
  | { status: 'offline'; cached: ProfileCacheRecord }
  /** `offline`: no network and no copy on this device. `message`: the server's text, when it sent one. */
  | { status: 'error'; offline: boolean; message: string | null };

function isNetworkFailure(error: unknown): boolean {
  return !(error instanceof ApiError) && (!navigator.onLine || error instanceof TypeError);
}

function keep(profile: StudentProfile): void {
  saveCachedProfile(profile).catch((error: unknown) =>
    console.warn('[profile] could not keep the profile offline', error),
  );
}

/**
 * Spec section 4: loading, then loaded or error. Every profile the server answers (load, save, upload, connect) goes
 * through `replace`, which also keeps it on this device for offline reading and the apply form's prefill.
 */
export function useProfile(uid: string): ProfileLoadState & {
  retry: () => void;
  replace: (profile: StudentProfile) => void;
} {
  const cached = useCachedProfile(uid);
  const [result, setResult] = useState<{ uid: string; profile: StudentProfile | null; error: unknown } | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getProfile(controller.signal).then(
      (profile) => {
        setResult({ uid, profile, error: null });
        keep(profile);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[profile] could not load the profile', error);
        setResult({ uid, profile: null, error });
      },
    );
    return () => controller.abort();
  }, [uid, attempt]);

  const retry = useCallback(() => {
    setResult(null);
    setAttempt((value) => value + 1);
  }, []);
  const replace = useCallback(
    (profile: StudentProfile) => {
      setResult({ uid, profile, error: null });
      keep(profile);
    },
    [uid],
  );

  const current = result?.uid === uid ? result : null;
  const base = { retry, replace };
  if (current?.profile) return { status: 'ready', profile: current.profile, ...base };
  if (!current) return { status: 'loading', ...base };
  if (isNetworkFailure(current.error)) {
    if (cached === undefined) return { status: 'loading', ...base };
    if (cached) return { status: 'offline', cached, ...base };
    return { status: 'error', offline: true, message: null, ...base };
  }
  const message = current.error instanceof ApiError ? current.error.message : null;
  return { status: 'error', offline: false, message, ...base };
}

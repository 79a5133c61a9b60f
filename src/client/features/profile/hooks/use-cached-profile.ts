import { useLiveQuery } from '../../../db/use-live-query.ts';
import type { ProfileCacheRecord } from '../../../db/app-db.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { getCachedProfile } from '../db/profile-cache-repository.ts';

/**
 * The signed-in account's last loaded profile kept on this device (for offline reading and the apply form's
 * prefill): `undefined` while reading, `null` when there is none (or nobody is signed in), else the record
 * `{uid, profile, savedAt}`. Updates live when the account page loads or saves the profile.
 */
export function useCachedProfile(uid?: string | null): ProfileCacheRecord | null | undefined {
  const session = useSession();
  const owner = uid === undefined ? (session.user?.uid ?? null) : uid;
  const sessionLoading = uid === undefined && session.status === 'loading';
  const record = useLiveQuery(async () => (owner ? getCachedProfile(owner) : null), [owner]);
  // Before Firebase restores the session nobody is known yet: that is "still reading", not "no profile".
  return sessionLoading ? undefined : record;
}

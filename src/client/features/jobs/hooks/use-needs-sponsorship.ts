import { needsSponsorship, type WorkAuthorization } from '../../../../shared/profile/job-preferences.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { useCachedProfile } from '../../profile/index.ts';

/**
 * Whether the signed-in student needs a work visa sponsored, now or later (their profile's work authorization, as
 * this device last loaded it): featured jobs that say they do not sponsor are then marked, never hidden. False for
 * visitors and for a profile that does not say.
 */
export function useNeedsSponsorship(): boolean {
  const session = useSession();
  const uid = session.status === 'identified' ? session.user.uid : null;
  const cached = useCachedProfile(uid);
  // Read defensively: a profile cached by an older version of the app has no work authorization.
  const profile = cached?.profile as { workAuthorization?: WorkAuthorization | null } | undefined;
  return uid !== null && needsSponsorship({ workAuthorization: profile?.workAuthorization ?? null });
}

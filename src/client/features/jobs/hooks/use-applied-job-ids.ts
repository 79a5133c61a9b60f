import { useMemo } from 'react';
import { useSession } from '../../../lib/session/use-session.ts';
import { useOutboxApplications } from '../../applications/index.ts';
import { useCachedProfile } from '../../profile/index.ts';
import { appliedJobIdsOf } from '../applied-job-ids.ts';

const none: ReadonlySet<string> = new Set();

/**
 * The jobs the signed-in student applied to, as this device knows them (offline too): the profile's applied jobs
 * (kept on the device) and the applications in the outbox, sent or still waiting. A failed one is not "Applied".
 */
export function useAppliedJobIds(): ReadonlySet<string> {
  const session = useSession();
  const uid = session.status === 'identified' ? session.user.uid : null;
  const cached = useCachedProfile(uid);
  const outbox = useOutboxApplications(uid);
  return useMemo(
    () => (uid ? appliedJobIdsOf(cached?.profile.appliedJobs ?? [], outbox) : none),
    [uid, cached, outbox],
  );
}

import { useMemo } from 'react';
import type { BoardJob } from '../../../../shared/jobs/listing-schemas.ts';
import { useSession } from '../../auth/hooks/use-session.ts';
import { useOutboxApplications } from '../../applications/hooks/use-outbox-applications.ts';
import { useBoardSnapshot } from '../../jobs/hooks/use-board-snapshot.ts';
import { useCachedProfile } from '../../profile/hooks/use-cached-profile.ts';
import { buildApplicationsSummary, type ApplicationSummary } from '../applications-summary.ts';

export type ApplicationsSummaryState = { status: 'loading' } | { status: 'ready'; items: ApplicationSummary[] };

/**
 * The dashboard's applications with their latest status. Today it is built on the device (the profile's applied
 * jobs and the outbox, titled from the board), so it works offline and every status is 'applied'; the items already
 * have the shape of GET /api/applications, whose answer can replace the source here without touching the view.
 */
export function useApplicationsSummary(): ApplicationsSummaryState {
  const session = useSession();
  const uid = session.status === 'identified' ? session.user.uid : null;
  const cached = useCachedProfile(uid);
  const outbox = useOutboxApplications(uid);
  const snapshot = useBoardSnapshot();
  const jobsById = useMemo(() => {
    const byId = new Map<string, BoardJob>();
    for (const job of snapshot?.jobs ?? []) if (job.featured) byId.set(job.id, job);
    return byId;
  }, [snapshot]);
  return useMemo<ApplicationsSummaryState>(() => {
    if (cached === undefined) return { status: 'loading' };
    return { status: 'ready', items: buildApplicationsSummary(cached?.profile.appliedJobs ?? [], outbox, jobsById) };
  }, [cached, outbox, jobsById]);
}

import { useEffect, useMemo, useState } from 'react';
import type { StudentApplication } from '../../../../shared/company/company-api.ts';
import type { BoardJob } from '../../../../shared/jobs/listing-schemas.ts';
import { getStudentApplications } from '../../applications/index.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { useOutboxApplications } from '../../applications/index.ts';
import { useBoardSnapshot } from '../../jobs/index.ts';
import { useCachedProfile } from '../../profile/index.ts';
import { buildApplicationsSummary, type ApplicationSummary } from '../applications-summary.ts';

export type ApplicationsSummaryState = { status: 'loading' } | { status: 'ready'; items: ApplicationSummary[] };

/**
 * The dashboard's applications with their latest status: GET /api/applications once per visit, merged with this
 * device's outbox. Offline (or before the server answers) it falls back to the cached profile's applied jobs,
 * titled from the board, with 'applied' as the only status known.
 */
export function useApplicationsSummary(): ApplicationsSummaryState {
  const session = useSession();
  const uid = session.status === 'identified' ? session.user.uid : null;
  const cached = useCachedProfile(uid);
  const outbox = useOutboxApplications(uid);
  const snapshot = useBoardSnapshot();
  const [server, setServer] = useState<StudentApplication[] | null>(null);
  useEffect(() => {
    if (!uid) return;
    const controller = new AbortController();
    getStudentApplications(controller.signal).then(setServer, () => {
      // Offline or refused: the cached profile's list stands in (see buildApplicationsSummary).
    });
    return () => controller.abort();
  }, [uid]);
  const jobsById = useMemo(() => {
    const byId = new Map<string, BoardJob>();
    for (const job of snapshot?.jobs ?? []) if (job.featured) byId.set(job.id, job);
    return byId;
  }, [snapshot]);
  return useMemo<ApplicationsSummaryState>(() => {
    if (cached === undefined) return { status: 'loading' };
    const items = buildApplicationsSummary(cached?.profile.appliedJobs ?? [], outbox, jobsById, server);
    return { status: 'ready', items };
  }, [cached, outbox, jobsById, server]);
}

import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { messageForPeople } from '../../../lib/api-error-message.ts';
import { getJobDetail, type PublicJobView } from '../../jobs/api/get-job-detail.ts';
import { getAppliedJobs } from '../api/get-applied-jobs.ts';

/** Spec section 8's text when the list cannot be read and the server said nothing readable. */
export const appliedJobsFailed = 'Failed to load applied jobs';

export type AppliedJob = { id: string; view: PublicJobView };

export type AppliedJobsState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  /** `ids`: every id the server listed, including jobs that could not be loaded (so the outbox does not repeat them). */
  | { status: 'ready'; jobs: AppliedJob[]; ids: string[] };

/** The applied job ids, then each job from the public job view in parallel; the ones that fail are dropped (spec). */
export function useAppliedJobs(): AppliedJobsState {
  const [state, setState] = useState<AppliedJobsState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    (async () => {
      const ids = await getAppliedJobs(controller.signal);
      const settled = await Promise.allSettled(ids.map((id) => getJobDetail(id, {}, controller.signal)));
      const jobs = settled.flatMap((result, index) => {
        if (result.status === 'fulfilled') return [{ id: ids[index]!, view: result.value }];
        console.warn('[applications] dropping a job that could not be loaded', ids[index], result.reason);
        return [];
      });
      if (!controller.signal.aborted) setState({ status: 'ready', jobs, ids });
    })().catch((error: unknown) => {
      if (controller.signal.aborted) return;
      console.error('[applications] could not load the applied jobs', error);
      const message = error instanceof ApiError ? (messageForPeople(error) ?? appliedJobsFailed) : appliedJobsFailed;
      setState({ status: 'error', message });
    });
    return () => controller.abort();
  }, []);

  return state;
}

import { dismissedJobsResponseSchema } from '../../../../shared/dismissed-jobs/dismissed-jobs-api.ts';
import { apiJson } from '../../../lib/api-client.ts';
import type { ServerJobToggle } from '../../../lib/job-toggles/job-toggle-repository.ts';
import { sendJobToggle } from '../../../lib/job-toggles/send-job-toggle.ts';

/** `GET /api/dismissed-jobs`: the jobs the signed-in student is not interested in. */
export async function getDismissedJobs(signal?: AbortSignal): Promise<ServerJobToggle[]> {
  const body = dismissedJobsResponseSchema.parse(await apiJson<unknown>('/dismissed-jobs', { signal }));
  return body.dismissedJobs.map((entry) => ({
    jobId: entry.jobId,
    changedAt: Date.parse(entry.dismissedAt),
    job: entry.job,
  }));
}

/** `PUT /api/dismissed-jobs/{jobId}` (dismiss) or `DELETE` it (restore), carrying when the change was made. */
export function sendDismissedChange(jobId: string, dismissed: boolean, changedAt: number): Promise<void> {
  return sendJobToggle('/dismissed-jobs', jobId, dismissed, changedAt);
}

import { apiJson } from '../../../lib/api-client.ts';
import { sendJobToggle } from '../../../lib/job-toggles/send-job-toggle.ts';
import type { ServerSavedJob } from '../db/saved-jobs-repository.ts';
import { savedJobsResponseSchema } from '../../../../shared/saved-jobs/saved-jobs-api.ts';

/** `GET /api/saved-jobs`: the signed-in student's saved jobs. */
export async function getSavedJobs(signal?: AbortSignal): Promise<ServerSavedJob[]> {
  const body = savedJobsResponseSchema.parse(await apiJson<unknown>('/saved-jobs', { signal }));
  return body.savedJobs.map((entry) => ({ jobId: entry.jobId, savedAt: Date.parse(entry.savedAt), job: entry.job }));
}

/** `PUT /api/saved-jobs/{jobId}` or `DELETE` it, carrying when the change was made. */
export function sendSavedChange(jobId: string, saved: boolean, changedAt: number): Promise<void> {
  return sendJobToggle('/saved-jobs', jobId, saved, changedAt);
}

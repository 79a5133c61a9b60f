import { apiJson } from '../../../lib/api-client.ts';
import type { ServerSavedJob } from '../db/saved-jobs-repository.ts';
import { savedJobsResponseSchema } from '../../../../shared/saved-jobs/saved-jobs-api.ts';

/** `GET /api/saved-jobs`: the signed-in student's saved jobs. */
export async function getSavedJobs(signal?: AbortSignal): Promise<ServerSavedJob[]> {
  const body = savedJobsResponseSchema.parse(await apiJson<unknown>('/saved-jobs', { signal }));
  return body.savedJobs.map((entry) => ({ jobId: entry.jobId, savedAt: Date.parse(entry.savedAt), job: entry.job }));
}

/** `PUT /api/saved-jobs/{jobId}` or `DELETE` it, carrying when the change was made. */
export async function sendSavedChange(jobId: string, saved: boolean, changedAt: number): Promise<void> {
  const path = `/saved-jobs/${encodeURIComponent(jobId)}`;
  const at = new Date(changedAt).toISOString();
  if (saved) await apiJson(path, { method: 'PUT', body: JSON.stringify({ changedAt: at }) });
  else await apiJson(`${path}?changedAt=${encodeURIComponent(at)}`, { method: 'DELETE' });
}

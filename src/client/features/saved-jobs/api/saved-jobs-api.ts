import { z } from 'zod';
import { apiJson } from '../../../lib/api-client.ts';
import type { ServerSavedJob } from '../db/saved-jobs-repository.ts';

const savedJobSchema = z.object({
  jobId: z.string().min(1),
  savedAt: z.iso.datetime({ offset: true }),
  job: z
    .object({
      id: z.string(),
      title: z.string(),
      company: z.string(),
      locations: z.array(z.string()),
      url: z.string().nullable(),
      featured: z.boolean(),
      type: z.string(),
      datePosted: z.number(),
      closed: z.boolean(),
    })
    .nullable(),
});

const savedJobsSchema = z.object({ savedJobs: z.array(savedJobSchema) });

/** `GET /api/saved-jobs`: the signed-in student's saved jobs. */
export async function getSavedJobs(signal?: AbortSignal): Promise<ServerSavedJob[]> {
  const body = savedJobsSchema.parse(await apiJson<unknown>('/saved-jobs', { signal }));
  return body.savedJobs.map((entry) => ({ jobId: entry.jobId, savedAt: Date.parse(entry.savedAt), job: entry.job }));
}

/** `PUT /api/saved-jobs/{jobId}` or `DELETE` it, carrying when the change was made. */
export async function sendSavedChange(jobId: string, saved: boolean, changedAt: number): Promise<void> {
  const path = `/saved-jobs/${encodeURIComponent(jobId)}`;
  const at = new Date(changedAt).toISOString();
  if (saved) await apiJson(path, { method: 'PUT', body: JSON.stringify({ changedAt: at }) });
  else await apiJson(`${path}?changedAt=${encodeURIComponent(at)}`, { method: 'DELETE' });
}

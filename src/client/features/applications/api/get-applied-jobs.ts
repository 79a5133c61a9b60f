import { z } from 'zod';
import { apiJson } from '../../../lib/api-client.ts';

const appliedJobsSchema = z.array(z.union([z.string(), z.number()]).transform(String));

/** GET /api/job/applied-jobs: the ids of the jobs the signed-in student applied to, newest first (spec section 7). */
export async function getAppliedJobs(signal?: AbortSignal): Promise<string[]> {
  return appliedJobsSchema.parse(await apiJson<unknown>('/job/applied-jobs', { signal }));
}

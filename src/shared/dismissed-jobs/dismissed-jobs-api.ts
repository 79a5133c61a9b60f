import { z } from 'zod';
import { savedJobChangeSchema, savedJobParamsSchema, savedJobSchema } from '../saved-jobs/saved-jobs-api.ts';

// GET/PUT/DELETE /api/dismissed-jobs[/{jobId}]: the jobs a student is not interested in. The same job ids, change
// times and job summaries as saved jobs.

export const dismissedJobParamsSchema = savedJobParamsSchema;

/** When the change was made on the device (PUT body, DELETE query); absent means now. */
export const dismissedJobChangeSchema = savedJobChangeSchema;

export const dismissedJobSchema = z.object({
  jobId: z.string().min(1),
  dismissedAt: z.iso.datetime({ offset: true }),
  job: savedJobSchema.shape.job,
});

export const dismissedJobsResponseSchema = z.object({ dismissedJobs: z.array(dismissedJobSchema) });

export const dismissedJobStateSchema = z.object({
  jobId: z.string(),
  dismissed: z.boolean(),
  changedAt: z.iso.datetime({ offset: true }),
});

import { z } from 'zod';

// GET/PUT/DELETE /api/saved-jobs[/{jobId}]: the requests the client sends and the answers it gets.

export const savedJobParamsSchema = z.object({
  jobId: z
    .string()
    .min(1, 'jobId is required')
    .max(200, 'jobId is too long')
    .regex(/^[A-Za-z0-9_-]+$/, 'jobId must be a job id (letters, digits, - and _)'),
});

/** When the change was made on the device (PUT body, DELETE query); absent means now. */
export const savedJobChangeSchema = z.object({
  changedAt: z.iso.datetime({ offset: true, message: 'changedAt must be an ISO date-time' }).optional(),
});

export const savedJobSchema = z.object({
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

export const savedJobsResponseSchema = z.object({ savedJobs: z.array(savedJobSchema) });

export const savedJobStateSchema = z.object({
  jobId: z.string(),
  saved: z.boolean(),
  changedAt: z.iso.datetime({ offset: true }),
});

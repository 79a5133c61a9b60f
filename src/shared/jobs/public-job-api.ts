import { z } from 'zod';

// GET /api/public/jobs[/{idOrSlug}]: the open featured jobs, and one of them as its public page shows it.

/** A token (private invitation) or a sharedId (shared link) that opens a job not listed publicly. */
export const publicJobQuerySchema = z.object({
  token: z.string().max(2000, 'token is too long').optional(),
  sharedId: z.string().max(2000, 'sharedId is too long').optional(),
});

export const publicJobParamsSchema = z.object({ idOrSlug: z.string().describe('The job id or its slug') });

export const publicJobViewSchema = z.object({
  job: z.object({
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    type: z.string(),
    location: z.string(),
    description: z.string(),
    requirements: z.string(),
    postingDate: z.string(),
    endPostingDate: z.string().nullable(),
  }),
  organization: z.object({ name: z.string(), logo: z.string().nullable() }),
});

export type PublicJobView = z.infer<typeof publicJobViewSchema>;

export const publicJobListSchema = z.object({
  jobs: z.array(
    z.object({
      id: z.string(),
      slug: z.string(),
      title: z.string(),
      location: z.string(),
      type: z.string(),
      organization: z.object({ name: z.string() }),
      featured: z.literal(true),
    }),
  ),
});

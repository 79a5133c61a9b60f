import { z } from 'zod';
import { publicScreeningQuestionSchema } from '../screening/screening-questions.ts';
import { degreeLevelSchema, jobFamilySchema, sponsorshipSchema, termKeySchema } from './job-criteria.ts';

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
    /** The role family; null on jobs posted before families existed. */
    family: jobFamilySchema.nullable(),
    /** Internships: the terms (`summer-2026`), in calendar order. */
    termKeys: z.array(termKeySchema),
    /** Empty: any degree when `family` is stated, else not stated. */
    degreeLevels: z.array(degreeLevelSchema),
    sponsorship: sponsorshipSchema,
    /** The skills the job requires (the company's list, as written). */
    skills: z.array(z.string()),
    /**
     * The screening questions the apply wizard asks, without their knockout answers. Always sent; optional for the
     * copies a device kept before questions existed.
     */
    screeningQuestions: z.array(publicScreeningQuestionSchema).optional(),
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

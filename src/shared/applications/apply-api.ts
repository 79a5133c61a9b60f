import { z } from 'zod';
import { applicationAnswersSchema, savedResumeChoiceSchema } from './application-schema.ts';

// POST /api/public/jobs/{slug}/apply: the request the wizard (or its outbox) sends and the receipt it gets.

const emptyAsAbsent = (value: unknown) => (value === '' ? undefined : value);

/** How the person reached the job: a private invitation's token or a shared link's id (neither: a public job). */
export const applyQuerySchema = z.object({
  token: z.preprocess(emptyAsAbsent, z.string().max(2000, 'token is too long').optional()),
  sharedId: z.preprocess(emptyAsAbsent, z.string().max(2000, 'sharedId is too long').optional()),
});

export const applyParamsSchema = z.object({ slug: z.string().describe('The featured job id or slug') });

/** As JSON: the answers, and the profile's saved resume to attach (if any). */
export const applyJsonBodySchema = applicationAnswersSchema.extend({ resume: savedResumeChoiceSchema.nullish() });

/** As multipart/form-data: the answers as text fields, and the resume as a PDF file or the saved resume as JSON text. */
export const applyMultipartBodySchema = z
  .record(z.string(), z.string())
  .describe(
    'Text fields: the answers of the JSON form (graduationYear as digits); `resume`: a PDF file part under 5 MB, or the ' +
      'saved resume `{id, url}` as JSON text',
  );

export const applicationReceiptSchema = z.object({
  applicationId: z.string(),
  jobId: z.string(),
  jobTitle: z.string(),
  organizationName: z.string().nullable(),
  /** Where the confirmation e-mail went. */
  email: z.string(),
  submittedAt: z.string(),
});

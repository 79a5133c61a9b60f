import { z } from 'zod';
import { publicScreeningQuestionSchema } from '../screening/screening-questions.ts';

// GET /api/applicants/validate/{token}: what a private invitation is for (spec section 3, "Token info").

export const invitationTokenParamsSchema = z.object({ token: z.string().min(1).max(2000, 'token is too long') });

export const invitationInfoSchema = z.object({
  applicant: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
  job: z.object({
    id: z.string(),
    title: z.string(),
    type: z.string(),
    location: z.string(),
    description: z.string(),
    /** The job's required skills and screening questions (without knockout answers), for the wizard. */
    skills: z.array(z.string()).optional(),
    screeningQuestions: z.array(publicScreeningQuestionSchema).optional(),
  }),
  organization: z.object({ name: z.string(), logo: z.string().nullable() }),
});

export type InvitationInfo = z.infer<typeof invitationInfoSchema>;

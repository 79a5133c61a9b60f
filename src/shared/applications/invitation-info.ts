import { z } from 'zod';

// GET /api/applicants/validate/{token}: what a private invitation is for (spec section 3, "Token info").

export const invitationTokenParamsSchema = z.object({ token: z.string().min(1).max(2000, 'token is too long') });

export const invitationInfoSchema = z.object({
  applicant: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
  job: z.object({ id: z.string(), title: z.string(), type: z.string(), location: z.string(), description: z.string() }),
  organization: z.object({ name: z.string(), logo: z.string().nullable() }),
});

export type InvitationInfo = z.infer<typeof invitationInfoSchema>;

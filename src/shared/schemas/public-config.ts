import { z } from 'zod';

// GET /api/public/config: what the browser needs before it can talk to Firebase and show links.

export const publicConfigSchema = z.object({
  firebase: z.object({
    apiKey: z.string(),
    authDomain: z.string(),
    projectId: z.string(),
  }),
  /** e.g. 'http://127.0.0.1:9099' in development and tests; null in production. */
  authEmulatorUrl: z.string().nullable(),
  companyPortalUrl: z.string(),
  supportEmail: z.string(),
  feedbackEmail: z.string(),
  repositoryUrl: z.string(),
  roadmapUrl: z.string(),
  communityUrl: z.string(),
});

export type PublicConfig = z.infer<typeof publicConfigSchema>;

import type { FastifyInstance } from 'fastify';
import type { EmulatorUser } from './emulator-users.ts';
import { as } from './profile-client.ts';
import { buildPdf, resumeUpload } from './uploads.ts';

// Builders for student-profile state that many API tests start from.

export type StoredResume = { id: string; name: string; url: string; size: number };

/**
 * Uploads a one-page PDF (its bytes marked with `marker`) as the user's profile resume through
 * PATCH /api/profile/main-resume, and answers the resume the profile then shows. Throws when the upload is refused.
 */
export async function uploadProfileResume(
  app: FastifyInstance,
  user: EmulatorUser,
  { marker, fileName = 'Profile CV.pdf' }: { marker?: string; fileName?: string } = {},
): Promise<StoredResume> {
  const response = await as(app, user).upload('/api/profile/main-resume', resumeUpload(buildPdf(marker), fileName));
  if (response.statusCode !== 200)
    throw new Error(`the profile resume upload answered ${response.statusCode}: ${response.body}`);
  return response.json().resume;
}

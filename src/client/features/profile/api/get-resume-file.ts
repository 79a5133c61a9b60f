import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/profile/resume (the resume's `url`): the owner's PDF, fetched with the bearer token as a blob. */
export async function getResumeFile(url: string): Promise<Blob> {
  const response = await apiFetch(url, { headers: { Accept: 'application/pdf' } });
  return response.blob();
}

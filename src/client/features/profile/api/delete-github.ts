import { apiJson } from '../../../lib/api-client.ts';

/** DELETE /api/github/delete: removes the stored GitHub profile (the username stays). */
export async function deleteGithub(): Promise<void> {
  await apiJson<unknown>('/github/delete', { method: 'DELETE' });
}

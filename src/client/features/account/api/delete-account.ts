import { apiJson } from '../../../lib/api-client.ts';

/** DELETE /api/account: erases the signed-in student's account on the server (and their sign-in account). */
export async function deleteAccount(): Promise<void> {
  await apiJson<unknown>('/account', { method: 'DELETE' });
}

import { apiJson } from '../../../lib/api-client.ts';

/**
 * GET /dev/email-link: the newest sign-in link the Auth emulator issued for an address.
 * The server only answers while the emulator is in use (embedded mode); in production it is a 404.
 */
export async function fetchDevEmailLink(email: string): Promise<string> {
  const { link } = await apiJson<{ link: string }>(`/dev/email-link?email=${encodeURIComponent(email)}`);
  return link;
}

import { apiJson } from '../../../lib/api-client.ts';

/** `DELETE /api/push/subscriptions`: the server forgets this browser (the endpoint travels in the body, not the URL). */
export async function deletePushSubscription(endpoint: string): Promise<void> {
  await apiJson<void>('/push/subscriptions', { method: 'DELETE', body: JSON.stringify({ endpoint }) });
}

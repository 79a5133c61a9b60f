import type { PushSubscriptionJson } from '../../../../shared/push/push-api.ts';
import { apiJson } from '../../../lib/api-client.ts';

/** `POST /api/push/subscriptions`: this browser's subscription, for the signed-in student. */
export async function savePushSubscription(subscription: PushSubscriptionJson): Promise<void> {
  await apiJson<void>('/push/subscriptions', { method: 'POST', body: JSON.stringify(subscription) });
}

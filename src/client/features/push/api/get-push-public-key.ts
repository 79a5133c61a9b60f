import { pushPublicKeyResponseSchema } from '../../../../shared/push/push-api.ts';
import { apiJson } from '../../../lib/api-client.ts';

/** `GET /api/push/public-key`: the VAPID key this browser subscribes with (public, the same for everyone). */
export async function getPushPublicKey(): Promise<string> {
  const body = pushPublicKeyResponseSchema.parse(await apiJson<unknown>('/push/public-key', {}, { anonymous: true }));
  return body.publicKey;
}

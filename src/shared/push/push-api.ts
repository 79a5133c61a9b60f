import { z } from 'zod';

// GET /api/push/public-key and POST/DELETE /api/push/subscriptions. The body of POST is the browser's
// PushSubscription.toJSON(): the push service's endpoint and the keys that encrypt messages for this browser.

export const pushPublicKeyResponseSchema = z.object({
  /** The VAPID public key (base64url, 65 bytes): `applicationServerKey` of pushManager.subscribe. */
  publicKey: z.string(),
});

/** The endpoint a push service gave the browser: an https URL (which hosts are allowed is the server's rule). */
export const pushEndpointSchema = z
  .url({ protocol: /^https$/, error: 'expected the https endpoint of a push service' })
  .max(2048);

export const pushSubscriptionSchema = z.object({
  endpoint: pushEndpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    // An uncompressed P-256 point (65 bytes, first byte 0x04) and a 16-byte secret, base64url as browsers give them.
    p256dh: z.string().regex(/^B[A-Za-z0-9_-]{86}=?$/, 'expected a P-256 public key in base64url'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{22}(==)?$/, 'expected a 16-byte secret in base64url'),
  }),
});

export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint: pushEndpointSchema });

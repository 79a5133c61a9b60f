import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';
import type { Env, VapidKeys } from '../env.ts';

// The VAPID key pair signs every push request; browsers subscribe with its public key, so it must not change while
// subscriptions live. From the environment when given (required with DATABASE_URL: instances share it), else made
// on the first start of the embedded default and kept in DATA_DIR beside the database it belongs with.

export const vapidKeysFileName = 'vapid-keys.json';

const storedKeysSchema = z.object({
  publicKey: z.string().regex(/^B[A-Za-z0-9_-]{86}$/),
  privateKey: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

export class VapidKeysFileError extends Error {
  override name = 'VapidKeysFileError';
}

/** The keys of DATA_DIR/vapid-keys.json, created (owner-readable only) when the file does not exist. */
export function loadOrCreateVapidKeys(dataDir: string): { keys: VapidKeys; created: boolean } {
  const path = join(dataDir, vapidKeysFileName);
  if (existsSync(path)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(path, 'utf8'));
    } catch {
      parsed = null;
    }
    const keys = storedKeysSchema.safeParse(parsed);
    if (!keys.success) {
      throw new VapidKeysFileError(
        `${path} is not a VAPID key pair ({"publicKey","privateKey"} in base64url). Restore it from a backup, or ` +
          'delete it to make a new pair (browsers then need to subscribe to push notifications again).',
      );
    }
    return { keys: keys.data, created: false };
  }
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  mkdirSync(dataDir, { recursive: true });
  // Written whole, then renamed: a crash never leaves half a key file.
  const partial = `${path}.${process.pid}.tmp`;
  writeFileSync(partial, `${JSON.stringify({ publicKey, privateKey }, null, 2)}\n`, { mode: 0o600 });
  chmodSync(partial, 0o600);
  renameSync(partial, path);
  return { keys: { publicKey, privateKey }, created: true };
}

/** The environment's key pair, else DATA_DIR's (made if missing). */
export function vapidKeysFor(env: Pick<Env, 'push' | 'dataDir'>): { keys: VapidKeys; created: boolean } {
  return env.push.vapidKeys ? { keys: env.push.vapidKeys, created: false } : loadOrCreateVapidKeys(env.dataDir);
}

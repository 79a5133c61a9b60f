import type { PublicConfig } from '../../../shared/schemas/public-config.ts';
import type { Env } from '../../env.ts';

export function toPublicConfig(env: Env): PublicConfig {
  return {
    firebase: {
      apiKey: env.firebase.apiKey,
      authDomain: env.firebase.authDomain,
      projectId: env.firebase.projectId,
    },
    authEmulatorUrl: env.firebase.authEmulatorHost ? `http://${env.firebase.authEmulatorHost}` : null,
    ...env.publicLinks,
  };
}

const loopbackNames = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The browser must reach the emulator under the same host name as the app (localhost vs 127.0.0.1 are different
 * sites, and the emulator's sign-in iframe loses its storage across sites), so a loopback emulator is announced
 * under the host name the page was loaded from.
 */
export function emulatorUrlFor(emulatorHost: string | null, requestHostname: string): string | null {
  if (!emulatorHost) return null;
  const url = new URL(`http://${emulatorHost}`);
  if (loopbackNames.has(url.hostname) && loopbackNames.has(requestHostname)) url.hostname = requestHostname;
  return url.origin;
}

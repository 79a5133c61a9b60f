// Deployment settings the server publishes at GET /api/public/config. Fetched with plain `fetch` (not the
// api-client) because it needs no token and the api-client's token provider lives in the auth feature, which
// must stay off the landing page.
import type { PublicConfig } from '../../shared/schemas/public-config.ts';
import { activeApiBaseUrl } from '../env.ts';

export type RuntimeConfig = PublicConfig;

// A hand-written check instead of the server's zod schema keeps zod off the landing page. `satisfies` makes the
// compiler reject this list as soon as the server's schema gains or loses a field.
const stringFields = {
  companyPortalUrl: true,
  supportEmail: true,
  feedbackEmail: true,
  repositoryUrl: true,
  roadmapUrl: true,
  communityUrl: true,
} as const satisfies Record<Exclude<keyof RuntimeConfig, 'firebase' | 'authEmulatorUrl'>, true>;
const firebaseFields = { apiKey: true, authDomain: true, projectId: true } as const satisfies Record<
  keyof RuntimeConfig['firebase'],
  true
>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function parseRuntimeConfig(value: unknown): RuntimeConfig {
  const problem = (field: string) => new Error(`GET /public/config: "${field}" is missing or not a string`);
  if (!isRecord(value)) throw new Error('GET /public/config did not answer a JSON object');
  for (const field of Object.keys(stringFields)) if (typeof value[field] !== 'string') throw problem(field);
  const { firebase, authEmulatorUrl } = value;
  if (!isRecord(firebase)) throw problem('firebase');
  for (const field of Object.keys(firebaseFields))
    if (typeof firebase[field] !== 'string') throw problem(`firebase.${field}`);
  if (authEmulatorUrl !== null && typeof authEmulatorUrl !== 'string') throw problem('authEmulatorUrl');
  return value as RuntimeConfig;
}

// The last good answer is kept so an installed app still starts (and can sign in from cache) without network.
const storageKey = 'runtime-config';

function readStoredConfig(): RuntimeConfig | undefined {
  try {
    const stored = localStorage.getItem(storageKey);
    return stored === null ? undefined : parseRuntimeConfig(JSON.parse(stored));
  } catch {
    return undefined; // storage disabled (private mode) or an outdated/corrupted copy: behave as if none
  }
}

function storeConfig(config: RuntimeConfig): void {
  try {
    localStorage.setItem(storageKey, JSON.stringify(config));
  } catch {
    // Quota or disabled storage: the in-memory copy still serves this session.
  }
}

async function fetchConfig(): Promise<RuntimeConfig> {
  try {
    const response = await fetch(`${activeApiBaseUrl}/public/config`, { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`GET /public/config answered ${response.status}`);
    const config = parseRuntimeConfig(await response.json());
    storeConfig(config);
    return config;
  } catch (error) {
    const stored = readStoredConfig();
    if (stored) return stored;
    throw error;
  }
}

declare global {
  interface Window {
    /** The runtime config the server writes into every page it answers (absent from the service worker's shell). */
    __RUNTIME_CONFIG__?: unknown;
  }
}

/** The config written into this page by the server, when there is a valid one: no request needed. */
export function getInjectedRuntimeConfig(): RuntimeConfig | undefined {
  if (typeof window === 'undefined' || window.__RUNTIME_CONFIG__ === undefined) return undefined;
  try {
    return parseRuntimeConfig(window.__RUNTIME_CONFIG__);
  } catch (error) {
    console.warn('[config] the page carries an invalid runtime config; fetching it instead', error);
    return undefined;
  }
}

let pending: Promise<RuntimeConfig> | undefined;

/**
 * The runtime config once per page: the copy the server wrote into the page when there is one, else fetched (the
 * service worker's shell carries none), falling back to the copy stored by an earlier visit when offline.
 */
export function getRuntimeConfig(): Promise<RuntimeConfig> {
  if (pending === undefined) {
    const injected = getInjectedRuntimeConfig();
    if (injected) {
      storeConfig(injected);
      pending = Promise.resolve(injected);
    }
  }
  pending ??= fetchConfig().catch((error: unknown) => {
    pending = undefined; // let a later call retry instead of caching the failure
    throw error;
  });
  return pending;
}

/** The config stored by an earlier visit, for a first render that must not wait on the network. */
export function getStoredRuntimeConfig(): RuntimeConfig | undefined {
  if (typeof localStorage === 'undefined') return undefined; // rendering at build time
  return readStoredConfig();
}

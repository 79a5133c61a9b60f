import { useEffect, useSyncExternalStore } from 'react';
import {
  getInjectedRuntimeConfig,
  getRuntimeConfig,
  getStoredRuntimeConfig,
  type RuntimeConfig,
} from './runtime-config.ts';

function logConfigFailure(error: unknown): void {
  console.error('[config] could not load the runtime configuration', error);
}

// One copy for every component: the page's own (written in by the server) or an earlier visit's, then the fresh one.
let known: RuntimeConfig | undefined;
let read = false;
const listeners = new Set<() => void>();

function snapshot(): RuntimeConfig | undefined {
  if (!read) {
    read = true;
    known = getInjectedRuntimeConfig() ?? getStoredRuntimeConfig();
  }
  return known;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function publish(config: RuntimeConfig): void {
  if (known === config) return;
  known = config;
  read = true;
  for (const listener of listeners) listener();
}

// Pages rendered at build time carry no config: hydration starts from none (as the HTML was rendered), and the
// real one follows right after, so the hydrated HTML always matches.
const serverSnapshot = () => undefined;

/**
 * The deployment settings, without waiting on the network when the page or an earlier visit has them.
 * `onError` must be a stable (module-level) function: a new one on each render would reload the config.
 */
export function useRuntimeConfig(onError: (error: unknown) => void = logConfigFailure): RuntimeConfig | undefined {
  const config = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  useEffect(() => {
    let active = true;
    getRuntimeConfig()
      .then((fresh) => {
        if (active) publish(fresh);
      })
      .catch(onError);
    return () => {
      active = false;
    };
  }, [onError]);
  return config;
}

import { useEffect, useState } from 'react';
import { getRuntimeConfig, getStoredRuntimeConfig, type RuntimeConfig } from './runtime-config.ts';

function logConfigFailure(error: unknown): void {
  console.error('[config] could not load the runtime configuration', error);
}

/**
 * The deployment settings; the copy from an earlier visit renders at once, the fresh one replaces it.
 * `onError` must be a stable (module-level) function: a new one on each render would reload the config.
 */
export function useRuntimeConfig(onError: (error: unknown) => void = logConfigFailure): RuntimeConfig | undefined {
  const [config, setConfig] = useState<RuntimeConfig | undefined>(getStoredRuntimeConfig);
  useEffect(() => {
    let active = true;
    getRuntimeConfig()
      .then((fresh) => {
        if (active) setConfig(fresh);
      })
      .catch(onError);
    return () => {
      active = false;
    };
  }, [onError]);
  return config;
}

import { useEffect, useState } from 'react';
import { getRuntimeConfig, getStoredRuntimeConfig, type RuntimeConfig } from '../../../lib/runtime-config.ts';

/** The deployment settings; the copy from an earlier visit renders at once, the fresh one replaces it. */
export function useRuntimeConfig(): RuntimeConfig | undefined {
  const [config, setConfig] = useState<RuntimeConfig | undefined>(getStoredRuntimeConfig);
  useEffect(() => {
    let active = true;
    getRuntimeConfig()
      .then((fresh) => {
        if (active) setConfig(fresh);
      })
      .catch((error: unknown) => console.error('[config] could not load the runtime configuration', error));
    return () => {
      active = false;
    };
  }, []);
  return config;
}

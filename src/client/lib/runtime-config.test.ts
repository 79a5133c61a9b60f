import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RuntimeConfig } from './runtime-config.ts';

const config: RuntimeConfig = {
  firebase: { apiKey: 'key', authDomain: 'demo.firebaseapp.com', projectId: 'demo-campus-jobs' },
  authEmulatorUrl: null,
  companyPortalUrl: 'https://company.example/sign-in',
  supportEmail: 'support@example.org',
  feedbackEmail: 'feedback@example.org',
  repositoryUrl: 'https://github.com/example/campus-jobs',
  roadmapUrl: 'https://github.com/example/campus-jobs/milestones',
  communityUrl: 'https://github.com/example/campus-jobs/discussions',
};

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

// A fresh module per test: the loaded config is memoised for the page's lifetime.
async function loadModule() {
  vi.resetModules();
  return import('./runtime-config.ts');
}

describe('getRuntimeConfig', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', memoryStorage());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('fetches /api/public/config once and shares the answer between callers', async () => {
    const fetchMock = vi.fn(async () => Response.json(config));
    vi.stubGlobal('fetch', fetchMock);
    const { getRuntimeConfig } = await loadModule();

    await expect(Promise.all([getRuntimeConfig(), getRuntimeConfig()])).resolves.toEqual([config, config]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/api/public/config', expect.anything());
  });

  it('answers from the copy stored by an earlier visit when the network fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(config)),
    );
    await (await loadModule()).getRuntimeConfig();

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const offline = await loadModule();
    await expect(offline.getRuntimeConfig()).resolves.toEqual(config);
    expect(offline.getStoredRuntimeConfig()).toEqual(config);
  });

  it('rejects when offline on a first visit, and retries on the next call', async () => {
    const fetchMock = vi
      .fn<() => Promise<Response>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(Response.json(config));
    vi.stubGlobal('fetch', fetchMock);
    const { getRuntimeConfig } = await loadModule();

    await expect(getRuntimeConfig()).rejects.toThrow('Failed to fetch');
    await expect(getRuntimeConfig()).resolves.toEqual(config);
  });

  it('rejects an answer missing a field instead of passing it on', async () => {
    const { supportEmail: _omitted, ...incomplete } = config;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(incomplete)),
    );
    const { getRuntimeConfig } = await loadModule();

    await expect(getRuntimeConfig()).rejects.toThrow('"supportEmail" is missing or not a string');
  });

  it('treats a server error as a failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: 'boom' }, { status: 500 })),
    );
    const { getRuntimeConfig } = await loadModule();

    await expect(getRuntimeConfig()).rejects.toThrow('answered 500');
  });

  it('uses the config the server wrote into the page without any request, and keeps it for offline starts', async () => {
    const fetchMock = vi.fn(async () => Response.json(config));
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('window', { __RUNTIME_CONFIG__: { ...config, supportEmail: 'page@example.org' } });
    const { getRuntimeConfig, getStoredRuntimeConfig } = await loadModule();

    await expect(getRuntimeConfig()).resolves.toEqual({ ...config, supportEmail: 'page@example.org' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(getStoredRuntimeConfig()?.supportEmail).toBe('page@example.org');
  });

  it('fetches when the page carries an invalid config', async () => {
    const fetchMock = vi.fn(async () => Response.json(config));
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('window', { __RUNTIME_CONFIG__: { firebase: null } });
    const { getRuntimeConfig } = await loadModule();

    await expect(getRuntimeConfig()).resolves.toEqual(config);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

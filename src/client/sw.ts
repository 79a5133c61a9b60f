// Our own service worker (vite-plugin-pwa injectManifest): precaches the app shell, keeps the public job lists
// readable offline, and waits for the user's go-ahead before replacing itself (registerType 'prompt').
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core';

declare const self: ServiceWorkerGlobalScope;

// A 404 for an expired job must not be served from cache later; only real answers are kept.
const okResponsesOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null),
};

/**
 * Bounds a runtime cache to its `maxEntries` most recently stored answers (Cache Storage lists keys in insertion
 * order, and a refreshed entry is re-inserted), so browsing thousands of jobs cannot fill the disk.
 */
function keepNewest(maxEntries: number): WorkboxPlugin {
  return {
    cacheDidUpdate: async ({ cacheName }) => {
      const cache = await self.caches.open(cacheName);
      const keys = await cache.keys();
      await Promise.all(keys.slice(0, Math.max(0, keys.length - maxEntries)).map((request) => cache.delete(request)));
    },
  };
}

// App shell: every built asset, revisioned by the build. Old precaches from earlier versions are dropped.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Client-side routes (/dashboard, /jobs/...) all boot from index.html, online or not. The API is never the shell.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api\//] }));

// Runtime config: fresh when the network answers quickly, the last copy otherwise. Registered before the broader
// /api/public/ route because the first matching route wins.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === '/api/public/config',
  new NetworkFirst({ cacheName: 'public-config', networkTimeoutSeconds: 3 }),
);

// Public job data: answer from cache at once (campus Wi-Fi), refresh in the background for the next visit. The
// board's pages and job details (`/api/public/board?...`, `/api/public/jobs...`) and organization logos each get a
// bounded cache. The page also keeps the board and every opened job in IndexedDB (Dexie), the source of truth
// offline; these caches make the first paint of a revisit instant and cover logos.
//
// The whole-board snapshot is deliberately not cached here: the page holds it in IndexedDB and revalidates it with
// If-None-Match, which a stale-while-revalidate copy would answer with the old full body (and a second 1-10 MB copy).
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === '/api/public/board/snapshot',
  new NetworkOnly(),
);

registerRoute(
  ({ url, sameOrigin }) =>
    sameOrigin && (url.pathname === '/api/public/board' || url.pathname.startsWith('/api/public/jobs')),
  new StaleWhileRevalidate({ cacheName: 'public-jobs', plugins: [okResponsesOnly, keepNewest(100)] }),
);

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/public/files/logos/'),
  new StaleWhileRevalidate({ cacheName: 'public-logos', plugins: [okResponsesOnly, keepNewest(60)] }),
);

// Any other public GET (later issues may add some): same strategy, same bound.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/public/'),
  new StaleWhileRevalidate({ cacheName: 'public-api', plugins: [okResponsesOnly, keepNewest(50)] }),
);

// Update flow: a new version waits until the page's update prompt sends SKIP_WAITING. Only then does it take over
// the open tabs, so a half-filled form is never switched to a new version behind the user's back.
let claimClientsOnActivate = false;

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') {
    claimClientsOnActivate = true;
    void self.skipWaiting();
  }
});

self.addEventListener('activate', (event) => {
  if (claimClientsOnActivate) event.waitUntil(self.clients.claim());
});

// Extension point: the apply outbox adds its Background Sync `sync` listener here. It drains the same Dexie outbox
// the page drains on `online`, since Firefox and Safari have no Background Sync.

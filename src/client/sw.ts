// Our own service worker (vite-plugin-pwa injectManifest): precaches the app shell, keeps the public job lists
// readable offline, and waits for the user's go-ahead before replacing itself (registerType 'prompt').
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope;

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

// Public job lists: answer from cache at once (campus Wi-Fi), refresh in the background for the next visit.
// Later issues add their public GET routes here.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/public/'),
  new StaleWhileRevalidate({ cacheName: 'public-api' }),
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

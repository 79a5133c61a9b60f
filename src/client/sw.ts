// Our own service worker (vite-plugin-pwa injectManifest): precaches the app shell, keeps the public job lists
// readable offline, waits for the user's go-ahead before replacing itself (registerType 'prompt'), and shows push
// notifications.
import { cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core';
import {
  outboxFlushMessage,
  outboxSyncOutcome,
  outboxSyncTag,
  type OutboxFlushReply,
} from './features/apply/outbox/outbox-sync-protocol.ts';
import { entryScriptOf } from './lib/entry-script.ts';
import { isSignedInShellNavigation, signedInShells } from './sw-signed-in-shells.ts';
import { clickTarget, notificationForPush } from './sw-push.ts';

declare const self: ServiceWorkerGlobalScope;

// A 404 for an expired job must not be served from cache later; only real answers are kept.
const okResponsesOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null),
};

/**
 * A job the server says is gone (404: closed or expired; 410: taken down by the operators) is dropped from the cache
 * as soon as a background refresh hears it, so the next visit shows the app's "not available" page rather than the
 * copy kept from before.
 */
function forgetGoneAnswers(cacheName: string): WorkboxPlugin {
  return {
    fetchDidSucceed: async ({ request, response }) => {
      if (response.status === 404 || response.status === 410) await (await caches.open(cacheName)).delete(request);
      return response;
    },
  };
}

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
const precacheManifest = self.__WB_MANIFEST;
precacheAndRoute(precacheManifest);
cleanupOutdatedCaches();

// /dashboard and /jobs paint from the server's picture of the page when this worker keeps one in the visitor's
// language (sw-signed-in-shells.ts); every other client route, and those without one, boot from index.html, online
// or not. The API is never the shell.
const indexRevision = precacheManifest.find((entry) => typeof entry !== 'string' && entry.url === 'index.html');
const shells = signedInShells(
  (typeof indexRevision === 'string' ? null : indexRevision?.revision) ?? 'unversioned',
  async () => {
    const index = await matchPrecache('index.html');
    return index ? entryScriptOf(await index.text()) : null;
  },
);
const indexHandler = createHandlerBoundToURL('index.html');
registerRoute(
  new NavigationRoute(
    async (options) => {
      if (isSignedInShellNavigation(options.url)) {
        const shell = await shells.match(options.url, (promise) => options.event.waitUntil(promise));
        if (shell) return shell;
      }
      return indexHandler(options);
    },
    { denylist: [/^\/api\//] },
  ),
);

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
registerRoute(({ url, sameOrigin }) => sameOrigin && url.pathname === '/api/public/board/snapshot', new NetworkOnly());

registerRoute(
  ({ url, sameOrigin }) =>
    sameOrigin && (url.pathname === '/api/public/board' || url.pathname.startsWith('/api/public/jobs')),
  new StaleWhileRevalidate({
    cacheName: 'public-jobs',
    plugins: [okResponsesOnly, forgetGoneAnswers('public-jobs'), keepNewest(100)],
  }),
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
  // Once active the precache is complete, so a shell can be checked against it; a slow network never holds the
  // worker's activation for more than a few seconds.
  const fewSeconds = new Promise<void>((resolve) => setTimeout(resolve, 5_000));
  event.waitUntil(Promise.all([shells.dropOthers(), Promise.race([shells.prefetch(), fewSeconds])]));
  if (claimClientsOnActivate) event.waitUntil(self.clients.claim());
});

// Background Sync (Chromium only) for the apply outbox. The worker cannot get a Firebase ID token itself, so it asks
// the open pages to send the same Dexie outbox they also send on `online`, on becoming visible and on start (see
// features/apply/outbox/outbox-runner.ts), and waits for their answer. Failing the event when nothing was sent (no
// page open, still offline) makes the browser fire it again later with its own backoff.
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

function askPageToFlush(client: Client): Promise<OutboxFlushReply> {
  return new Promise((resolve, reject) => {
    const channel = new MessageChannel();
    const timeout = setTimeout(() => reject(new Error('the page did not answer')), 60_000);
    channel.port1.onmessage = (event: MessageEvent<OutboxFlushReply>) => {
      clearTimeout(timeout);
      resolve(event.data);
    };
    client.postMessage({ type: outboxFlushMessage }, [channel.port2]);
  });
}

async function flushOutboxThroughPages(): Promise<void> {
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  if (pages.length === 0) throw new Error('no open page to send the outbox');
  // One page is enough: the pages take a Web Lock so only one sends; asking all covers a page that is signed out.
  // Pages that cannot send answer at once, so only a page that is sending is waited for.
  const replies = await Promise.allSettled(pages.map(askPageToFlush));
  const outcome = outboxSyncOutcome(replies.map((reply) => (reply.status === 'fulfilled' ? reply.value : null)));
  if (!outcome.done) throw new Error(outcome.reason);
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === outboxSyncTag) sync.waitUntil(flushOutboxThroughPages());
});

// Web Push (docs/decisions/025-web-push.md): show what the server sent, and on a click bring the app forward on the
// notification's page: an open window of the app is focused and taken there, else a new one opens.
self.addEventListener('push', (event) => {
  const { title, options } = notificationForPush(event.data?.text() ?? null);
  event.waitUntil(self.registration.showNotification(title, options));
});

async function openAppAt(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const sameOrigin = windows.filter((client) => new URL(client.url).origin === self.location.origin);
  const existing = sameOrigin.find((client) => client.focused) ?? sameOrigin[0];
  if (existing) {
    const focused = await existing.focus();
    if (focused.url === url) return;
    try {
      // Only a window this worker controls can be navigated by it.
      if (await focused.navigate(url)) return;
    } catch {
      // Not controlled (opened before this worker took over): a new window below.
    }
  }
  await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openAppAt(clickTarget(event.notification.data, self.location.origin)));
});

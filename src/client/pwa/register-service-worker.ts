// Registers our service worker (src/client/sw.ts, built to /sw.js) and turns "a new version is waiting" into a
// prompt. The page is never reloaded without the user asking: a student may be halfway through an application.
import { Workbox } from 'workbox-window';
import { answerWorkerFlushRequests } from '../features/apply/outbox/worker-flush-requests.ts';
import { showUpdatePrompt } from './update-prompt.ts';

// An installed app can stay open for days; look for a new version now and then, not only on navigation.
const updateCheckIntervalMs = 60 * 60 * 1000;

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  answerWorkerFlushRequests();
  const workbox = new Workbox('/sw.js', { scope: '/' });

  // Also fires at registration when a version is already waiting from an earlier visit.
  workbox.addEventListener('waiting', () => {
    showUpdatePrompt(() => {
      // Reload once the new worker controls this page, so the reloaded page is served by it.
      workbox.addEventListener('controlling', () => location.reload());
      workbox.messageSkipWaiting();
    });
  });

  workbox
    .register()
    .then((registration) => {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) void registration.update().catch(() => undefined);
      }, updateCheckIntervalMs);
    })
    .catch((error: unknown) => console.error('[pwa] service worker registration failed', error));
}

import { appDb } from '../../../db/app-db.ts';
import { listQueued } from '../db/outbox-repository.ts';
import { submitApplication } from '../api/submit-application.ts';
import { flushOutbox, type FlushReport } from './outbox-sender.ts';
import { outboxSyncTag } from './outbox-sync-protocol.ts';
import { setOutboxFlushHandler } from './worker-flush-requests.ts';

// When the outbox is sent (spec: "sent again on app start, on the online event, when the tab becomes visible, and
// through Background Sync where the browser has it"). One runner per tab, for the signed-in account.
//
// Background Sync: the service worker cannot get a Firebase ID token by itself (the SDK and the refresh token live in
// the page), and a token copied into IndexedDB would expire after an hour and be a credential at rest. So the page
// registers a sync tag whenever something stays queued; the worker's `sync` handler asks the open pages to flush
// (postMessage) and waits for their answer. With no page open it fails the event, so the browser retries it later,
// and the next app start flushes anyway.

interface SyncRegistration {
  sync?: { register: (tag: string) => Promise<void> };
}

let current: { uid: string; users: number; stop: () => void } | null = null;
let running: Promise<FlushReport | null> | null = null;
let again: { ignoreBackoff: boolean } | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;

async function registerBackgroundSync(): Promise<void> {
  try {
    const registration = (await navigator.serviceWorker?.getRegistration()) as
      (ServiceWorkerRegistration & SyncRegistration) | undefined;
    await registration?.sync?.register(outboxSyncTag);
  } catch (error) {
    // Not supported, or refused (permissions): the page-side triggers still send the outbox.
    console.info('[outbox] Background Sync not available', error);
  }
}

/** When another tab holds the outbox lock, look again after this long (it may finish without taking our entry). */
const lockBusyRetryMs = 5_000;

async function scheduleRetry(uid: string, minDelayMs: number): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  const queued = await listQueued(uid, appDb);
  if (queued.length === 0) return;
  const due = Math.min(...queued.map((record) => record.nextAttemptAt));
  timer = setTimeout(() => void flush(uid, false), Math.max(minDelayMs, due - Date.now()));
  void registerBackgroundSync();
}

async function flush(uid: string, ignoreBackoff: boolean): Promise<FlushReport | null> {
  if (current?.uid !== uid) return null;
  if (running) {
    // One flush at a time in this tab; a trigger during it runs one more afterwards.
    again = { ignoreBackoff: ignoreBackoff || (again?.ignoreBackoff ?? false) };
    return running;
  }
  running = (async () => {
    let report: FlushReport | null = null;
    try {
      report = await flushOutbox({ uid, send: submitApplication, ignoreBackoff });
      return report;
    } catch (error) {
      console.error('[outbox] flush failed', error);
      return null;
    } finally {
      running = null;
      if (again) {
        const next = again;
        again = null;
        void flush(uid, next.ignoreBackoff);
      } else {
        await scheduleRetry(uid, report?.skipped ? lockBusyRetryMs : 0).catch((error: unknown) =>
          console.error('[outbox] could not schedule a retry', error),
        );
      }
    }
  })();
  return running;
}

/** Send the outbox now (Submit, Try now): ignores the backoff. Resolves when that flush ended. */
export async function flushOutboxNow(): Promise<void> {
  if (current) await flush(current.uid, true);
}

function start(uid: string): () => void {
  const explicit = () => void flush(uid, true);
  const onVisible = () => {
    if (document.visibilityState === 'visible') explicit();
  };
  window.addEventListener('online', explicit);
  document.addEventListener('visibilitychange', onVisible);
  // The service worker's Background Sync asks the page to send (worker-flush-requests.ts).
  setOutboxFlushHandler(async () => {
    await flush(uid, true);
    return { ran: true, pending: (await listQueued(uid, appDb)).length };
  });
  explicit(); // app start
  return () => {
    window.removeEventListener('online', explicit);
    document.removeEventListener('visibilitychange', onVisible);
    setOutboxFlushHandler(null);
    if (timer) clearTimeout(timer);
    timer = null;
  };
}

/** Starts (or joins) this tab's outbox runner for `uid`; returns the release function. */
export function retainOutboxRunner(uid: string): () => void {
  if (current && current.uid !== uid) {
    current.stop();
    current = null;
  }
  if (!current) {
    current = { uid, users: 0, stop: () => undefined };
    current.stop = start(uid);
  }
  current.users += 1;
  const mine = current;
  return () => {
    mine.users -= 1;
    if (mine.users === 0 && current === mine) {
      mine.stop();
      current = null;
    }
  };
}

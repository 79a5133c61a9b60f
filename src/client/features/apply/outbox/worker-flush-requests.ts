import { outboxFlushMessage, type OutboxFlushReply } from './outbox-sync-protocol.ts';

// Every page answers the service worker's "send the outbox now" (its Background Sync event, see src/client/sw.ts),
// from app start: the tab's outbox runner (outbox-runner.ts) answers once it has sent; a page without one (signed
// out, or the landing page, where the runner is not mounted) answers at once that it cannot, instead of leaving
// the worker to wait a minute for it. Kept apart from the runner so the app's entry does not load the outbox.

type FlushHandler = () => Promise<OutboxFlushReply>;

let handler: FlushHandler | null = null;
let installedOn: EventTarget | null = null;

/** The tab's outbox runner registers how it sends (null: no runner any more). */
export function setOutboxFlushHandler(next: FlushHandler | null): void {
  handler = next;
}

/** Starts answering flush requests from the service worker (once per page; `container` for tests). */
export function answerWorkerFlushRequests(container: EventTarget | undefined = navigator.serviceWorker): void {
  if (!container || installedOn === container) return;
  installedOn = container;
  container.addEventListener('message', (event) => {
    const message = event as MessageEvent;
    if ((message.data as { type?: unknown } | null)?.type !== outboxFlushMessage) return;
    const port = message.ports[0];
    const send = handler;
    if (!send) {
      port?.postMessage({ ran: false, pending: 1 } satisfies OutboxFlushReply);
      return;
    }
    void send()
      .catch((): OutboxFlushReply => ({ ran: true, pending: 1 }))
      .then((reply) => port?.postMessage(reply));
  });
}

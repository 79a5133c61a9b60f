import { afterEach, describe, expect, it } from 'vitest';
import { outboxFlushMessage, outboxSyncOutcome, type OutboxFlushReply } from './outbox-sync-protocol.ts';
import { answerWorkerFlushRequests, setOutboxFlushHandler } from './worker-flush-requests.ts';

// The page's side of Background Sync: what it answers the service worker, and what the worker makes of the answers.

/** Posts the worker's flush request to `container` as the worker does, and resolves with the page's reply. */
function askToFlush(container: EventTarget): Promise<OutboxFlushReply> {
  const channel = new MessageChannel();
  const reply = new Promise<OutboxFlushReply>((resolve) => {
    channel.port1.onmessage = (event: MessageEvent<OutboxFlushReply>) => {
      resolve(event.data);
      channel.port1.close();
    };
  });
  container.dispatchEvent(new MessageEvent('message', { data: { type: outboxFlushMessage }, ports: [channel.port2] }));
  return reply;
}

afterEach(() => setOutboxFlushHandler(null));

describe('answerWorkerFlushRequests', () => {
  it('answers at once that it cannot send when no outbox runner is on the page', async () => {
    const container = new EventTarget();
    answerWorkerFlushRequests(container);
    expect(await askToFlush(container)).toEqual({ ran: false, pending: 1 });
  });

  it('lets the runner send, then answers what is still waiting; a failed send counts as waiting', async () => {
    const container = new EventTarget();
    answerWorkerFlushRequests(container);
    let sends = 0;
    setOutboxFlushHandler(async () => {
      sends += 1;
      return { ran: true, pending: 0 };
    });
    expect(await askToFlush(container)).toEqual({ ran: true, pending: 0 });
    expect(sends).toBe(1);
    setOutboxFlushHandler(() => Promise.reject(new Error('network down')));
    expect(await askToFlush(container)).toEqual({ ran: true, pending: 1 });
    setOutboxFlushHandler(null);
    expect(await askToFlush(container)).toEqual({ ran: false, pending: 1 });
  });

  it('ignores other messages, and listens once however often it is started', async () => {
    const container = new EventTarget();
    answerWorkerFlushRequests(container);
    answerWorkerFlushRequests(container);
    let sends = 0;
    setOutboxFlushHandler(async () => ({ ran: true, pending: ++sends }));
    // Another message starts no send (the listener calls the runner synchronously when it does).
    container.dispatchEvent(new MessageEvent('message', { data: { type: 'SKIP_WAITING' } }));
    expect(sends).toBe(0);
    // One request, one send: a second listener would have sent twice.
    expect(await askToFlush(container)).toEqual({ ran: true, pending: 1 });
    expect(sends).toBe(1);
  });
});

describe('outboxSyncOutcome', () => {
  it('is done only when a page that ran the outbox left nothing waiting', () => {
    expect(outboxSyncOutcome([{ ran: true, pending: 0 }])).toEqual({ done: true });
    expect(outboxSyncOutcome([{ ran: false, pending: 1 }, { ran: true, pending: 0 }, null])).toEqual({ done: true });
    expect(outboxSyncOutcome([{ ran: true, pending: 2 }])).toEqual({
      done: false,
      reason: 'applications are still waiting in the outbox',
    });
  });

  it('fails at once when no open page can send (pages without the runner, pages that did not answer)', () => {
    expect(outboxSyncOutcome([{ ran: false, pending: 1 }, null])).toEqual({
      done: false,
      reason: 'no open page can send the outbox',
    });
    expect(outboxSyncOutcome([])).toEqual({ done: false, reason: 'no open page can send the outbox' });
  });

  it('reads a reply without `ran` (a page of the previous version) as one that ran', () => {
    expect(outboxSyncOutcome([{ pending: 0 } as OutboxFlushReply])).toEqual({ done: true });
  });
});

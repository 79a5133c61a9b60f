// Shared by the page and the service worker (src/client/sw.ts): constants only, so it type-checks in both worlds.

/** The Background Sync tag the page registers while an application waits in the outbox. */
export const outboxSyncTag = 'campus-jobs-outbox';

/** The message the service worker posts to open pages on a `sync` event: "send the outbox now". */
export const outboxFlushMessage = 'OUTBOX_FLUSH';

/**
 * The page's reply on the message's port. A page running the signed-in outbox (`ran`) answers once its flush ended,
 * with the applications still waiting. Any other page (signed out, or one without the outbox runner, like the
 * landing page) answers at once `ran: false` with `pending: 1` (it cannot tell; a worker of the previous version
 * reads only `pending`).
 */
export interface OutboxFlushReply {
  ran: boolean;
  pending: number;
}

/**
 * What the worker's `sync` event makes of the pages' replies (null: a page did not answer): done when a page that
 * ran the outbox left nothing waiting; otherwise the reason the event fails, so the browser fires it again later.
 */
export function outboxSyncOutcome(
  replies: ReadonlyArray<OutboxFlushReply | null>,
): { done: true } | { done: false; reason: string } {
  // A reply without `ran` comes from a page of the previous version, which always ran its outbox.
  const ran = replies.filter((reply): reply is OutboxFlushReply => reply !== null && reply.ran !== false);
  if (ran.length === 0) return { done: false, reason: 'no open page can send the outbox' };
  if (Math.min(...ran.map((reply) => reply.pending)) > 0)
    return { done: false, reason: 'applications are still waiting in the outbox' };
  return { done: true };
}

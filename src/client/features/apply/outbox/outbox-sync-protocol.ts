// Shared by the page and the service worker (src/client/sw.ts): constants only, so it type-checks in both worlds.

/** The Background Sync tag the page registers while an application waits in the outbox. */
export const outboxSyncTag = 'campus-jobs-outbox';

/** The message the service worker posts to open pages on a `sync` event: "send the outbox now". */
export const outboxFlushMessage = 'OUTBOX_FLUSH';

/** The page's reply on the message's port once its flush ended: whether applications are still waiting. */
export interface OutboxFlushReply {
  pending: number;
}

import { createHash } from 'node:crypto';
import type { Agent } from 'node:https';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush, { WebPushError } from 'web-push';
import { type PushPayload, pushPayloadSchema } from '../../shared/push/push-payload.ts';
import type { Database } from '../db/client.ts';
import { pushOutbox, pushSubscriptions, type PushSubscriptionRow } from '../db/schema.ts';
import type { VapidKeys } from '../env.ts';
import { defaultBackoffMs } from '../mail/outbox.ts';
import { isAllowedPushEndpoint } from './push-endpoints.ts';

// The durable push outbox, the mail outbox's twin (docs/decisions/009-durable-mail-outbox.md, 025-web-push.md).
//
// Producers call `enqueuePush(tx, ...)` inside the transaction of the change that causes the notification, then
// `pushSender.nudge()` after the commit. The sender claims due rows with FOR UPDATE SKIP LOCKED and a lease, and sends
// each to every subscription of its user with web-push (VAPID, aes128gcm):
// - 2xx: delivered to that browser; 404/410: the subscription expired or was revoked, and is deleted;
// - 429, 5xx, a network error: the whole message is retried with backoff. Browsers that already got it get it again,
//   and the notification's tag (also sent as the push Topic) makes it replace the first rather than add a second;
// - other 4xx (a key the push service refuses, a payload it finds too large): not retried, recorded.

export type OutboxPush = {
  userUid: string;
  /** 'status-change', 'new-jobs', ... for logs and counts. */
  kind: string;
  /** The id of what caused it (an application id, an alert id): logged; never personal data. */
  causeId?: string | null;
  payload: PushPayload;
};

/** Writes a push message to the outbox with `db`, which should be the transaction of the change that causes it. */
export async function enqueuePush(db: Database, push: OutboxPush): Promise<string> {
  // A bad payload is a programming error: refuse it here, with the change, rather than at send time.
  const payload = pushPayloadSchema.parse(push.payload);
  const [row] = await db
    .insert(pushOutbox)
    .values({ userUid: push.userUid, kind: push.kind, causeId: push.causeId ?? null, payload })
    .returning({ id: pushOutbox.id });
  if (!row) throw new Error('the push outbox insert returned no row');
  return row.id;
}

export type PushSender = {
  /** Starts polling (every `pollIntervalMs`) for due messages. */
  start(): void;
  /** Asks for a delivery round soon (after a commit that enqueued a push). */
  nudge(): void;
  /** Delivers everything due now, round after round, until none is left; answers how many messages were done. */
  drain(): Promise<number>;
  /** Stops polling and waits for the round in progress. */
  stop(): Promise<void>;
};

export type PushSenderOptions = {
  db: Database;
  log: FastifyBaseLogger;
  vapidKeys: VapidKeys;
  /** VAPID `sub`: mailto: or https: contact of the operator. */
  subject: string;
  /** Hosts besides the known push services (PUSH_ALLOWED_HOSTS), checked again before each send. */
  extraAllowedHosts?: readonly string[];
  /**
   * The https agent for the requests to push services. Tests pass one that trusts their local push endpoint's
   * self-signed certificate; production leaves it unset (Node's default agent and certificate checks).
   */
  agent?: Agent;
  pollIntervalMs?: number;
  batchSize?: number;
  leaseMs?: number;
  /** See MailSenderOptions.releaseLeasesOnStart: only when this process is the database's only user. */
  releaseLeasesOnStart?: boolean;
  maxAttempts?: number;
  backoffMs?: (attempt: number) => number;
  /** How long a push service keeps a message for a browser that is offline (seconds). */
  ttlSeconds?: number;
  /** Socket timeout of one request to a push service. */
  requestTimeoutMs?: number;
  now?: () => number;
};

type ClaimedPush = {
  id: string;
  userUid: string;
  kind: string;
  causeId: string | null;
  payload: Record<string, unknown>;
  attempts: number;
};

type SendOutcome = 'sent' | 'gone' | 'retry' | 'refused' | 'skipped';

/** A Topic header (at most 32 URL-safe base64 characters) for a tag: the push service keeps only the latest one. */
export function pushTopicOf(tag: string): string {
  return createHash('sha256').update(tag).digest('base64url').slice(0, 32);
}

/** A failure's code, never its message or endpoint (an endpoint is a capability to reach a person's browser). */
function failureCode(error: unknown): string {
  if (error instanceof WebPushError) return `HTTP ${error.statusCode}`;
  const fields = error as { code?: unknown; name?: unknown };
  if (typeof fields.code === 'string') return fields.code;
  return typeof fields.name === 'string' ? fields.name : 'unknown';
}

export function createPushSender({
  db,
  log,
  vapidKeys,
  subject,
  extraAllowedHosts = [],
  agent,
  pollIntervalMs = 5_000,
  batchSize = 20,
  leaseMs = 60_000,
  releaseLeasesOnStart = false,
  maxAttempts = 10,
  backoffMs = defaultBackoffMs,
  ttlSeconds = 3 * 24 * 3600,
  requestTimeoutMs = 10_000,
  now = Date.now,
}: PushSenderOptions): PushSender {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;
  let leasesReleased: Promise<void> = Promise.resolve();
  const vapidDetails = { subject, publicKey: vapidKeys.publicKey, privateKey: vapidKeys.privateKey };

  async function claim(): Promise<ClaimedPush[]> {
    const result = await db.execute(sql`
      update ${pushOutbox}
      set locked_until = now() + ${`${leaseMs} milliseconds`}::interval, attempts = attempts + 1
      where id in (
        select id from ${pushOutbox}
        where sent_at is null and failed_at is null and next_attempt_at <= now()
          and (locked_until is null or locked_until < now())
        order by next_attempt_at
        limit ${batchSize}
        for update skip locked
      )
      returning id, user_uid, kind, cause_id, payload, attempts`);
    const { rows } = result as unknown as { rows: Record<string, unknown>[] };
    return rows.map((row) => ({
      id: String(row.id),
      userUid: String(row.user_uid),
      kind: String(row.kind),
      causeId: row.cause_id === null ? null : String(row.cause_id),
      // node-postgres parses jsonb; PGlite too.
      payload: (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as Record<string, unknown>,
      attempts: Number(row.attempts),
    }));
  }

  async function sendTo(
    subscription: PushSubscriptionRow,
    body: string,
    topic: string | undefined,
    row: ClaimedPush,
  ): Promise<{ outcome: SendOutcome; code?: string }> {
    if (!isAllowedPushEndpoint(subscription.endpoint, extraAllowedHosts)) {
      // Stored under a rule that no longer holds (PUSH_ALLOWED_HOSTS changed): never sent to.
      return { outcome: 'skipped', code: 'endpoint_not_allowed' };
    }
    try {
      await webpush.sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        body,
        {
          vapidDetails,
          TTL: ttlSeconds,
          contentEncoding: 'aes128gcm',
          urgency: 'normal',
          timeout: requestTimeoutMs,
          ...(topic ? { topic } : {}),
          ...(agent ? { agent } : {}),
        },
      );
    } catch (error) {
      const code = failureCode(error);
      const status = error instanceof WebPushError ? error.statusCode : null;
      if (status === 404 || status === 410) {
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
        log.info({ pushId: row.id, subscriptionId: subscription.id, code }, 'push subscription expired; deleted');
        return { outcome: 'gone', code };
      }
      if (status === null || status === 429 || status >= 500) return { outcome: 'retry', code };
      return { outcome: 'refused', code };
    }
    await db
      .update(pushSubscriptions)
      .set({ lastSuccessAt: new Date(now()) })
      .where(eq(pushSubscriptions.id, subscription.id));
    return { outcome: 'sent' };
  }

  async function deliver(row: ClaimedPush): Promise<boolean> {
    const subscriptions = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userUid, row.userUid));
    const tag = typeof row.payload.tag === 'string' ? row.payload.tag : undefined;
    const body = JSON.stringify(row.payload);
    const results = await Promise.all(
      subscriptions.map((subscription) => sendTo(subscription, body, tag ? pushTopicOf(tag) : undefined, row)),
    );
    const context = { pushId: row.id, kind: row.kind, causeId: row.causeId, attempt: row.attempts };
    const retry = results.find((result) => result.outcome === 'retry');
    if (retry) {
      const giveUp = row.attempts >= maxAttempts;
      await db
        .update(pushOutbox)
        .set({
          lockedUntil: null,
          lastError: retry.code ?? 'unknown',
          nextAttemptAt: new Date(now() + backoffMs(row.attempts)),
          failedAt: giveUp ? new Date(now()) : null,
        })
        .where(eq(pushOutbox.id, row.id));
      if (giveUp) log.error({ ...context, code: retry.code }, 'push given up after its last attempt');
      else log.warn({ ...context, code: retry.code }, 'push not delivered to every browser; will retry');
      return false;
    }
    const refused = results.find((result) => result.outcome === 'refused' || result.outcome === 'skipped');
    await db
      .update(pushOutbox)
      .set({ sentAt: new Date(now()), lockedUntil: null, lastError: refused?.code ?? null })
      .where(eq(pushOutbox.id, row.id));
    const delivered = results.filter((result) => result.outcome === 'sent').length;
    if (refused) log.warn({ ...context, code: refused.code, delivered }, 'push refused by a push service');
    else log.info({ ...context, delivered }, 'push delivered');
    return true;
  }

  async function round(): Promise<number> {
    let done = 0;
    for (;;) {
      const batch = await claim();
      if (batch.length === 0) return done;
      const results = await Promise.all(batch.map((row) => deliver(row)));
      done += results.filter(Boolean).length;
      if (stopped) return done;
    }
  }

  function run(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let done = 0;
      try {
        await leasesReleased;
        do {
          again = false;
          done += await round();
        } while (again && !stopped);
      } catch (error) {
        log.error({ err: error }, 'the push outbox round failed');
      } finally {
        running = null;
      }
      return done;
    })();
    return running;
  }

  function schedule(delayMs: number): void {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void run().finally(() => schedule(pollIntervalMs));
    }, delayMs);
    timer.unref();
  }

  async function releaseLeases(): Promise<void> {
    try {
      await db
        .update(pushOutbox)
        .set({ lockedUntil: null })
        .where(sql`${pushOutbox.sentAt} is null and ${pushOutbox.lockedUntil} is not null`);
    } catch (error) {
      log.error({ err: error }, 'could not release the push leases of a previous run');
    }
  }

  return {
    start() {
      stopped = false;
      if (releaseLeasesOnStart) leasesReleased = releaseLeases();
      void leasesReleased.then(() => schedule(0));
    },
    nudge() {
      if (!stopped) void run();
    },
    async drain() {
      let total = 0;
      for (;;) {
        const done = await run();
        total += done;
        if (done === 0 && !running) return total;
      }
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await leasesReleased;
      await running;
    },
  };
}

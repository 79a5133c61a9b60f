import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { mailOutbox, type MailOutboxRow } from '../db/schema.ts';
import type { IcalEvent, Mailer, MailMessage, SendReceipt } from './mailer.ts';

// The durable e-mail outbox (docs/decisions/009-durable-mail-outbox.md).
//
// Producers call `enqueueMail(tx, message)` inside the transaction of the change that causes the message, then
// `sender.nudge()` after the commit. The message exists exactly when the change does: a crash before the commit
// loses both, a crash after it leaves the message for the sender, which delivers it at least once:
// - a batch is claimed with FOR UPDATE SKIP LOCKED and leased (`locked_until`), so one instance at a time sends a
//   given message, and a message whose sender died is taken over when the lease ends;
// - the Message-ID is derived from the row id, so a resend after "sent but not yet marked" is the same message
//   (mail systems and the outbox folder de-duplicate on it), never a second, different mail;
// - failures are retried with exponential backoff, up to `maxAttempts`, then kept as failed.

export type OutboxMessage = {
  /** 'application-confirmation', later 'status-change', 'invitation', 'digest'. */
  kind: string;
  /** The id of what caused it (an application id): logged; never personal data. */
  causeId?: string | null;
  to: string;
  subject: string;
  text: string;
  /** The HTML part, rendered with `text` from one content (mail/mail-layout.ts). */
  html?: string | null;
  /** Extra headers (`List-Unsubscribe`, `List-Unsubscribe-Post`). */
  headers?: Record<string, string> | null;
  /** A calendar invitation (RFC 5545 text) sent as the message's text/calendar part and an .ics attachment. */
  icalEvent?: IcalEvent | null;
};

function outboxRow(message: OutboxMessage) {
  return {
    kind: message.kind,
    causeId: message.causeId ?? null,
    recipient: message.to,
    subject: message.subject,
    body: message.text,
    html: message.html ?? null,
    headers: message.headers ?? null,
    icalEvent: message.icalEvent ?? null,
  };
}

/** Writes a message to the outbox with `db`, which should be the transaction of the change that causes it. */
export async function enqueueMail(db: Database, message: OutboxMessage): Promise<string> {
  const [row] = await db.insert(mailOutbox).values(outboxRow(message)).returning({ id: mailOutbox.id });
  if (!row) throw new Error('the outbox insert returned no row');
  return row.id;
}

/** enqueueMail for many messages in one statement (a scheduled run's batch), in the given order. */
export async function enqueueMails(db: Database, messages: readonly OutboxMessage[]): Promise<string[]> {
  if (messages.length === 0) return [];
  const rows = await db.insert(mailOutbox).values(messages.map(outboxRow)).returning({ id: mailOutbox.id });
  return rows.map((row) => row.id);
}

/** What a round did with the messages it claimed. */
type RoundResult = { sent: number; released: number };

export type MailSender = {
  /** Starts polling (every `pollIntervalMs`) for due messages. */
  start(): void;
  /** Asks for a delivery round soon (after a commit that enqueued mail). */
  nudge(): void;
  /** Delivers everything due now, round after round, until none is left; answers how many were sent. */
  drain(): Promise<number>;
  /**
   * Stops polling; the sends in progress finish, and the messages claimed but not started are released (at once
   * due again, for another instance), so a stop never leaves a message to be sent twice.
   */
  stop(): Promise<void>;
};

export type MailSenderOptions = {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Domain of the Message-IDs (the From address's). */
  messageIdDomain: string;
  pollIntervalMs?: number;
  batchSize?: number;
  /**
   * How long a claimed message is reserved for this sender. A send starts only while what is left of the lease
   * outlasts the mailer's own timeouts (`mailer.maxSendMs`): no send is still running when another instance may take
   * the message over.
   */
  leaseMs?: number;
  /** Sends in flight at once (the SMTP pool's connections). */
  sendConcurrency?: number;
  /**
   * Clear every lease when starting. Only when this process is the database's only user (embedded PGlite, whose
   * data folder is locked): leases found then belong to a process that died, and need not run out first.
   */
  releaseLeasesOnStart?: boolean;
  maxAttempts?: number;
  /** Delay before retry n (1-based). */
  backoffMs?: (attempt: number) => number;
  /** Milliseconds since the epoch for the times the sender writes (sent, failed, next attempt). Tests move it. */
  now?: () => number;
};

/** 10 s, 20 s, 40 s, ... capped at one hour, with up to 20% jitter so instances do not retry in step. */
export function defaultBackoffMs(attempt: number): number {
  const base = Math.min(3_600_000, 10_000 * 2 ** (attempt - 1));
  return Math.round(base * (1 + Math.random() * 0.2));
}

export function messageIdOf(row: Pick<MailOutboxRow, 'id'>, domain: string): string {
  return `<${row.id}@${domain}>`;
}

/** The domain of 'Campus Jobs <no-reply@campusjobs.dev>' or 'no-reply@campusjobs.dev'. */
export function domainOfAddress(from: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from);
  return match?.[1] ?? 'campus-jobs.invalid';
}

/** A failure's code, never its message (which may quote an address). */
function errorCode(error: unknown): string {
  const fields = error as { code?: unknown; responseCode?: unknown; name?: unknown };
  if (typeof fields.responseCode === 'number') return `SMTP ${fields.responseCode}`;
  if (typeof fields.code === 'string') return fields.code;
  return typeof fields.name === 'string' ? fields.name : 'unknown';
}

export function createMailSender({
  db,
  mailer,
  log,
  messageIdDomain,
  pollIntervalMs = 5_000,
  batchSize = 20,
  leaseMs = 60_000,
  sendConcurrency = 3,
  releaseLeasesOnStart = false,
  maxAttempts = 10,
  backoffMs = defaultBackoffMs,
  now = Date.now,
}: MailSenderOptions): MailSender {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;
  /** While stop() waits for the round in progress: that round starts no more sends. */
  let stopping = false;
  /** Settles when start() has released the leases of a previous run (at once when there is nothing to release). */
  let leasesReleased: Promise<void> = Promise.resolve();

  async function claim(): Promise<MailOutboxRow[]> {
    // One statement: the rows are locked while chosen (SKIP LOCKED lets other instances take the rest) and leased.
    const result = await db.execute(sql`
      update ${mailOutbox}
      set locked_until = now() + ${`${leaseMs} milliseconds`}::interval, attempts = attempts + 1
      where id in (
        select id from ${mailOutbox}
        where sent_at is null and failed_at is null and next_attempt_at <= now()
          and (locked_until is null or locked_until < now())
        order by next_attempt_at
        limit ${batchSize}
        for update skip locked
      )
      returning id, recipient, subject, body, html, headers, ical_event, attempts, kind, cause_id, send_started_at`);
    // PGlite and node-postgres both answer `{ rows }`.
    const { rows } = result as unknown as { rows: Record<string, unknown>[] };
    return rows.map((row) => ({
      id: String(row.id),
      recipient: String(row.recipient),
      subject: String(row.subject),
      body: String(row.body),
      html: row.html === null || row.html === undefined ? null : String(row.html),
      // node-postgres parses jsonb; PGlite too.
      headers: (row.headers ?? null) as Record<string, string> | null,
      icalEvent: (row.ical_event ?? null) as IcalEvent | null,
      attempts: Number(row.attempts),
      kind: String(row.kind),
      causeId: row.cause_id === null ? null : String(row.cause_id),
      // Still set: the previous attempt handed it to the SMTP server and never heard back (its process died).
      sendStartedAt:
        row.send_started_at === null || row.send_started_at === undefined
          ? null
          : new Date(String(row.send_started_at)),
    })) as MailOutboxRow[];
  }

  async function deliver(row: MailOutboxRow): Promise<boolean> {
    const message: MailMessage = {
      to: row.recipient,
      subject: row.subject,
      text: row.body,
      ...(row.html === null ? {} : { html: row.html }),
      ...(row.headers === null ? {} : { headers: row.headers }),
      ...(row.icalEvent === null ? {} : { icalEvent: row.icalEvent }),
      messageId: messageIdOf(row, messageIdDomain),
    };
    if (row.sendStartedAt !== null) {
      // Nothing tells whether that server delivered it (SMTP has no query for it): sent again, at least once.
      log.warn({ mailId: row.id, kind: row.kind, causeId: row.causeId }, 'e-mail sent again after a cut send');
    }
    await db
      .update(mailOutbox)
      .set({ sendStartedAt: new Date(now()) })
      .where(eq(mailOutbox.id, row.id));
    let receipt: SendReceipt;
    try {
      receipt = await mailer.send(message);
    } catch (error) {
      const giveUp = row.attempts >= maxAttempts;
      const code = errorCode(error);
      await db
        .update(mailOutbox)
        .set({
          lockedUntil: null,
          sendStartedAt: null,
          lastError: code,
          nextAttemptAt: new Date(now() + backoffMs(row.attempts)),
          failedAt: giveUp ? new Date(now()) : null,
        })
        .where(eq(mailOutbox.id, row.id));
      const context = { mailId: row.id, kind: row.kind, causeId: row.causeId, attempt: row.attempts, code };
      if (giveUp) log.error(context, 'e-mail given up after its last attempt');
      else log.warn(context, 'e-mail not sent; will retry');
      return false;
    }
    await db
      .update(mailOutbox)
      .set({
        sentAt: new Date(now()),
        lockedUntil: null,
        sendStartedAt: null,
        lastError: null,
        smtpReply: receipt.reply,
        smtpQueueId: receipt.queueId,
      })
      .where(eq(mailOutbox.id, row.id));
    log.info({ mailId: row.id, kind: row.kind, causeId: row.causeId, queueId: receipt.queueId }, 'e-mail delivered');
    return true;
  }

  /** Gives claimed messages back, due at once, their attempt not counted (none was made). */
  async function release(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await db
      .update(mailOutbox)
      .set({ lockedUntil: null, attempts: sql`${mailOutbox.attempts} - 1` })
      .where(sql`${mailOutbox.id} in ${ids} and ${mailOutbox.sentAt} is null`);
  }

  /**
   * Sends a claimed batch, `sendConcurrency` at a time. A message is started only while the sender runs and its lease
   * leaves room for a whole send; the others are released.
   */
  async function deliverBatch(batch: MailOutboxRow[], leaseEnds: number): Promise<RoundResult> {
    const waiting = [...batch];
    const unstarted: string[] = [];
    let sent = 0;
    async function worker(): Promise<void> {
      for (let row = waiting.shift(); row; row = waiting.shift()) {
        if (stopping || performance.now() + mailer.maxSendMs > leaseEnds) {
          unstarted.push(row.id);
          continue;
        }
        if (await deliver(row)) sent += 1;
      }
    }
    await Promise.all(Array.from({ length: Math.min(sendConcurrency, batch.length) }, () => worker()));
    await release(unstarted);
    return { sent, released: unstarted.length };
  }

  async function round(): Promise<number> {
    let sent = 0;
    for (;;) {
      // Measured before the claim: the lease cannot have started earlier than this.
      const leaseEnds = performance.now() + leaseMs;
      const batch = await claim();
      if (batch.length === 0) return sent;
      const result = await deliverBatch(batch, leaseEnds);
      sent += result.sent;
      if (result.released > 0 && !stopping) {
        log.warn({ released: result.released }, 'e-mail sends outlasted the lease; the rest go back to the queue');
      }
      // Released messages wait for the next round rather than be claimed again at once.
      if (stopped || result.released > 0) return sent;
    }
  }

  function run(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let sent = 0;
      try {
        // A round during the release would claim messages whose leases are then cleared, and claim them again.
        await leasesReleased;
        do {
          again = false;
          sent += await round();
        } while (again && !stopped);
      } catch (error) {
        log.error({ err: error }, 'the e-mail outbox round failed');
      } finally {
        running = null;
      }
      return sent;
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
        .update(mailOutbox)
        .set({ lockedUntil: null })
        .where(sql`${mailOutbox.sentAt} is null and ${mailOutbox.lockedUntil} is not null`);
    } catch (error) {
      log.error({ err: error }, 'could not release the e-mail leases of a previous run');
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
        const sent = await run();
        total += sent;
        if (sent === 0 && !running) return total;
      }
    },
    async stop() {
      stopped = true;
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = null;
      try {
        await leasesReleased;
        await running;
      } finally {
        stopping = false;
      }
    },
  };
}

import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';

// Outgoing e-mail. With SMTP_URL, messages go to that server (a small connection pool); without it, each message is
// written as an .eml file to OUTBOX_DIR and logged, so a local install works with nothing else set up. Both paths
// compose the message with nodemailer, so the outbox files are exactly what would have been sent.

/** A calendar invitation: nodemailer sends it as a text/calendar alternative with its METHOD, and as an attachment. */
export type IcalEvent = { method: 'REQUEST' | 'CANCEL'; filename: string; content: string };

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  /** The HTML part (mail/mail-layout.ts renders it with the text from the same content); absent: text only. */
  html?: string;
  /** Extra headers such as `List-Unsubscribe` (mail/unsubscribe-token.ts), name -> value. */
  headers?: Record<string, string>;
  icalEvent?: IcalEvent;
  /** `<id@domain>`; the outbox's messages carry a stable one, so a resend is recognisably the same message. */
  messageId?: string;
};

/** What the SMTP server answered to the message: its reply code and the queue id it named (null: none, or a file). */
export type SendReceipt = { reply: string | null; queueId: string | null };

export type Mailer = {
  kind: 'smtp' | 'outbox';
  /** Resolves once the SMTP server accepted the message or the file is written; rejects otherwise. */
  send(message: MailMessage): Promise<SendReceipt>;
  /** The longest one send may take before it fails by itself (its timeouts): the outbox's lease must outlast it. */
  maxSendMs: number;
  /** Closes SMTP connections. (Messages are never sent from memory: see mail/outbox.ts.) */
  close(): Promise<void>;
};

export type MailerOptions = {
  smtpUrl: string | null;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
  /** SMTP connection, greeting and inactivity timeouts. Default 10 s: a stuck server must not pile up sends. */
  smtpTimeoutMs?: number;
};

export function createMailer({ smtpUrl, from, outboxDir, log, smtpTimeoutMs = 10_000 }: MailerOptions): Mailer {
  let deliver: (message: MailMessage) => Promise<SendReceipt>;
  let closeTransport: () => void;

  if (smtpUrl) {
    const transport = createTransport({
      pool: true,
      url: smtpUrl,
      maxConnections: 3,
      connectionTimeout: smtpTimeoutMs,
      greetingTimeout: smtpTimeoutMs,
      socketTimeout: smtpTimeoutMs,
    });
    deliver = async (message) => {
      const info = await transport.sendMail({ from, ...message });
      const receipt = receiptOf(info.response);
      log.info({ messageId: info.messageId, ...receipt }, 'e-mail sent');
      return receipt;
    };
    closeTransport = () => transport.close();
  } else {
    const transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    deliver = async (message) => {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true });
      // A message with a Message-ID always lands in the same file: sending it again replaces it, never doubles it.
      const stem = message.messageId
        ? message.messageId.replace(/[^\w.@-]/g, '')
        : `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}`;
      const name = `${stem}.eml`;
      const path = join(outboxDir, name);
      // Written aside then renamed: whoever watches the folder never reads half a message.
      const temporaryPath = join(outboxDir, `.${name}.tmp`);
      await writeFile(temporaryPath, info.message as Buffer);
      await rename(temporaryPath, path);
      log.info({ messageId: message.messageId, file: path }, 'e-mail written to the outbox folder (no SMTP_URL)');
      return { reply: null, queueId: null };
    };
    closeTransport = () => transport.close();
  }

  return {
    kind: smtpUrl ? 'smtp' : 'outbox',
    send: (message) => deliver(message),
    // Connecting, the greeting, then no byte for a whole timeout at most once per phase (nodemailer's three timeouts).
    maxSendMs: smtpUrl ? 3 * smtpTimeoutMs : 10_000,
    async close() {
      closeTransport();
    },
  };
}

/**
 * The final reply's codes and the queue id it names ("250 2.0.0 Ok: queued as 4F3A2" -> "250 2.0.0", "4F3A2"). The
 * rest of the text is dropped: some servers quote the recipient there.
 */
export function receiptOf(response: unknown): SendReceipt {
  if (typeof response !== 'string') return { reply: null, queueId: null };
  const codes = /^(\d{3})(?:[ -](\d\.\d{1,3}\.\d{1,3}))?/.exec(response);
  const queued = /\bqueued as\s+([A-Za-z0-9._-]{1,64})|\bid=([A-Za-z0-9._-]{1,64})/i.exec(response);
  return {
    reply: codes ? [codes[1], codes[2]].filter(Boolean).join(' ') : null,
    queueId: queued ? (queued[1] ?? queued[2] ?? null) : null,
  };
}

import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';

// Outgoing e-mail. With SMTP_URL, messages go to that server (a small connection pool); without it, each message is
// written as an .eml file to OUTBOX_DIR and logged, so a local install works with nothing else set up. Both paths
// compose the message with nodemailer, so the outbox files are exactly what would have been sent.

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  /** `<id@domain>`; the outbox's messages carry a stable one, so a resend is recognisably the same message. */
  messageId?: string;
};

export type Mailer = {
  kind: 'smtp' | 'outbox';
  /** Resolves once the SMTP server accepted the message or the file is written; rejects otherwise. */
  send(message: MailMessage): Promise<void>;
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
  let deliver: (message: MailMessage) => Promise<void>;
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
      log.info({ messageId: info.messageId }, 'e-mail sent');
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
    };
    closeTransport = () => transport.close();
  }

  return {
    kind: smtpUrl ? 'smtp' : 'outbox',
    send: (message) => deliver(message),
    async close() {
      closeTransport();
    },
  };
}

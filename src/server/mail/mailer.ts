import { randomUUID } from 'node:crypto'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import { createTransport } from 'nodemailer'

// Outgoing e-mail. With SMTP_URL, messages go to that server (a small connection pool); without it, each message is
// written as an .eml file to OUTBOX_DIR and logged, so a local install works with nothing else set up. Both paths
// compose the message with nodemailer, so the outbox files are exactly what would have been sent.

export type MailMessage = {
  to: string
  subject: string
  text: string
}

export type Mailer = {
  kind: 'smtp' | 'outbox'
  /** Resolves once the SMTP server accepted the message or the file is written; rejects otherwise. */
  send(message: MailMessage): Promise<void>
  /** Sends without making the caller wait or fail: an error is logged. close() waits for these. */
  sendInBackground(message: MailMessage, context?: Record<string, unknown>): void
  /** Waits (at most `timeoutMs`) for background sends, then closes SMTP connections. */
  close(timeoutMs?: number): Promise<void>
}

export type MailerOptions = {
  smtpUrl: string | null
  from: string
  outboxDir: string
  log: FastifyBaseLogger
  /** SMTP connection, greeting and inactivity timeouts. Default 10 s: a stuck server must not pile up sends. */
  smtpTimeoutMs?: number
}

export function createMailer({ smtpUrl, from, outboxDir, log, smtpTimeoutMs = 10_000 }: MailerOptions): Mailer {
  const pending = new Set<Promise<void>>()
  let deliver: (message: MailMessage) => Promise<void>
  let closeTransport: () => void

  if (smtpUrl) {
    const transport = createTransport({
      pool: true,
      url: smtpUrl,
      maxConnections: 3,
      connectionTimeout: smtpTimeoutMs,
      greetingTimeout: smtpTimeoutMs,
      socketTimeout: smtpTimeoutMs,
    })
    deliver = async (message) => {
      const info = await transport.sendMail({ from, ...message })
      log.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'e-mail sent')
    }
    closeTransport = () => transport.close()
  } else {
    const transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
    deliver = async (message) => {
      const info = await transport.sendMail({ from, ...message })
      await mkdir(outboxDir, { recursive: true })
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`
      const path = join(outboxDir, name)
      // Written aside then renamed: whoever watches the folder never reads half a message.
      const temporaryPath = join(outboxDir, `.${name}.tmp`)
      await writeFile(temporaryPath, info.message as Buffer)
      await rename(temporaryPath, path)
      log.info({ to: message.to, subject: message.subject, file: path }, 'e-mail written to the outbox (no SMTP_URL)')
    }
    closeTransport = () => transport.close()
  }

  return {
    kind: smtpUrl ? 'smtp' : 'outbox',
    send: (message) => deliver(message),
    sendInBackground(message, context = {}) {
      const sending: Promise<void> = deliver(message)
        .catch((error: unknown) => {
          log.error({ err: error, to: message.to, subject: message.subject, ...context }, 'e-mail could not be sent')
        })
        .finally(() => pending.delete(sending))
      pending.add(sending)
    },
    async close(timeoutMs = 5_000) {
      let timer: NodeJS.Timeout | undefined
      const deadline = new Promise<void>((done) => {
        timer = setTimeout(done, timeoutMs)
      })
      await Promise.race([Promise.allSettled([...pending]), deadline])
      clearTimeout(timer)
      closeTransport()
    },
  }
}

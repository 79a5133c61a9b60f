import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

// A real SMTP server on 127.0.0.1 (the commands nodemailer uses: EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT),
// standing in for a mail provider. `failWith` makes it refuse every message at MAIL FROM, as a provider that is
// down or rejects the sender does. `replyDelayMs` makes it slow at the end of a message: it takes the message when its
// final `.` arrives (as a server that writes it to its queue first) and answers only after that delay, so a client
// cut during the wait has handed over a message it never heard was accepted (RFC 1047).

export type SmtpMessage = {
  from: string;
  to: string[];
  data: string;
  /** The queue id named in the reply. */ queueId?: string;
  /** Whether the final reply went out; false when the connection was gone after `replyDelayMs`. */
  acknowledged?: boolean;
};

export type SmtpStub = {
  url: string;
  messages: SmtpMessage[];
  /** Senders refused at MAIL FROM (with `failWith`). */
  refused: string[];
  close(): Promise<void>;
};

export async function startSmtpStub({
  failWith,
  replyDelayMs = 0,
}: { failWith?: string; replyDelayMs?: number } = {}): Promise<SmtpStub> {
  const messages: SmtpMessage[] = [];
  const refused: string[] = [];
  const sockets = new Set<Socket>();
  let queued = 0;
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buffer = '';
    let inData = false;
    let current: SmtpMessage = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 smtp-stub.test ESMTP ready');

    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          current.data = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          current.queueId = `Q${(queued += 1).toString(16).padStart(6, '0')}`;
          messages.push(current);
          if (replyDelayMs > 0) {
            // The client waits for this reply before its next command, so nothing else is read meanwhile.
            const message = current;
            setTimeout(() => {
              message.acknowledged = !socket.destroyed && socket.writable;
              if (message.acknowledged) reply(`250 2.0.0 Ok: queued as ${message.queueId}`);
            }, replyDelayMs);
          } else {
            current.acknowledged = true;
            reply(`250 2.0.0 Ok: queued as ${current.queueId}`);
          }
          current = { from: '', to: [], data: '' };
          continue;
        }
        const lineEnd = buffer.indexOf('\r\n');
        if (lineEnd === -1) return;
        const line = buffer.slice(0, lineEnd);
        buffer = buffer.slice(lineEnd + 2);
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO') reply('250-smtp-stub.test\r\n250-8BITMIME\r\n250 SMTPUTF8');
        else if (command === 'HELO') reply('250 smtp-stub.test');
        else if (command === 'MAIL') {
          if (failWith) {
            refused.push(line.slice(10).trim());
            reply(failWith);
          } else {
            current.from = line.slice(10).trim();
            reply('250 2.1.0 ok');
          }
        } else if (command === 'RCPT') {
          current.to.push(line.slice(8).trim());
          reply('250 2.1.5 ok');
        } else if (command === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (command === 'RSET') {
          current = { from: '', to: [], data: '' };
          reply('250 2.0.0 ok');
        } else if (command === 'NOOP') reply('250 2.0.0 ok');
        else if (command === 'QUIT') {
          reply('221 2.0.0 bye');
          socket.end();
          return;
        } else reply('502 5.5.2 command not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refused,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ece from 'http_ece';

// A push service on 127.0.0.1 for API tests: an HTTPS server (with a certificate made for this run) that takes what
// web-push sends as a browser's push service would, and plays the browser too: it makes subscriptions (a P-256 key
// pair and an auth secret per endpoint) and decrypts each message it receives with them (aes128gcm, RFC 8291).
// The app trusts its certificate through `agent` (BuildAppOptions.pushAgent), never by turning off TLS checks.

export type ReceivedPush = {
  endpoint: string;
  headers: IncomingHttpHeaders;
  /** The decrypted body, parsed as JSON. */
  payload: unknown;
  /** The status this service answered. */
  status: number;
};

export type LocalSubscription = {
  endpoint: string;
  keys: { p256dh: string; auth: string };
};

export type LocalPushService = {
  origin: string;
  /** The host name to put in PUSH_ALLOWED_HOSTS. */
  host: string;
  /** An https agent that trusts this service's certificate (and nothing else). */
  agent: Agent;
  /** The service's self-signed certificate (PEM), for NODE_EXTRA_CA_CERTS of a server in another process. */
  certificate: string;
  /** A new browser subscription whose endpoint is on this service. */
  subscribe(): LocalSubscription;
  /** The answers the service gives to the next requests for `endpoint`, in order (then 201). */
  answerNext(endpoint: string, ...statuses: number[]): void;
  /** Every request received, decrypted, in arrival order. */
  received: ReceivedPush[];
  close(): Promise<void>;
};

/** A self-signed certificate for 127.0.0.1 and localhost, made with the openssl command. */
function makeCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'campus-jobs-push-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `port` 0 (the default) picks a free port; browser tests pass a fixed one. */
export async function startLocalPushService(port = 0): Promise<LocalPushService> {
  const { key, cert } = makeCertificate();
  const browsers = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const scripted = new Map<string, number[]>();
  const received: ReceivedPush[] = [];
  let origin = '';

  const server = createServer({ key, cert }, async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const endpoint = `${origin}${request.url ?? '/'}`;
    const status = scripted.get(endpoint)?.shift() ?? 201;
    const browser = browsers.get(endpoint);
    let payload: unknown = null;
    if (browser && request.headers['content-encoding'] === 'aes128gcm') {
      const plain = ece.decrypt(Buffer.concat(chunks), {
        version: 'aes128gcm',
        privateKey: browser.ecdh,
        authSecret: browser.auth.toString('base64url'),
      });
      payload = JSON.parse(plain.toString('utf8'));
    }
    received.push({ endpoint, headers: request.headers, payload, status });
    response.writeHead(status).end();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ ca: cert, keepAlive: false });

  return {
    origin,
    host: '127.0.0.1',
    agent,
    certificate: cert,
    received,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomUUID()}`;
      browsers.set(endpoint, { ecdh, auth });
      return {
        endpoint,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    answerNext(endpoint, ...statuses) {
      scripted.set(endpoint, [...(scripted.get(endpoint) ?? []), ...statuses]);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        agent.destroy();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

import { request as httpRequest } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { pauseIdleTimeoutWhileHandling } from './handler-time.ts';

// Over real sockets: a handler that works longer than the idle timeout still answers; the idle timeout still closes
// a connection whose body stops arriving. The handler's work is a wait of three idle timeouts (200 ms each).

const idleTimeoutMs = 200;
let app: FastifyInstance | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function start(pause: boolean): Promise<number> {
  app = Fastify({ connectionTimeout: idleTimeoutMs });
  if (pause) pauseIdleTimeoutWhileHandling(app, idleTimeoutMs);
  app.post('/work', async (request) => {
    await new Promise((resolve) => setTimeout(resolve, idleTimeoutMs * 3));
    return { done: true, received: (request.body as { n: number }).n };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

/** Sends `body` (all of it, or only its first half when `stall`), resolves with the answer or the error. */
function post(
  port: number,
  body: string,
  stall = false,
): Promise<{ status: number; text: string } | { error: string }> {
  return new Promise((resolve) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: '/work',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    request.on('error', (error) => resolve({ error: (error as NodeJS.ErrnoException).code ?? error.message }));
    request.write(stall ? body.slice(0, body.length / 2) : body);
    if (!stall) request.end();
  });
}

describe('the idle timeout and a handler that takes longer', () => {
  it('without the pause, the connection is cut while the handler works (what happened to long imports)', async () => {
    const port = await start(false);
    expect(await post(port, '{"n":1}')).toEqual({ error: 'ECONNRESET' });
  });

  it('with it, the answer arrives', async () => {
    const port = await start(true);
    expect(await post(port, '{"n":2}')).toEqual({ status: 200, text: '{"done":true,"received":2}' });
    // The connection's next request is handled the same way (the timeout was armed again, then paused again).
    expect(await post(port, '{"n":3}')).toEqual({ status: 200, text: '{"done":true,"received":3}' });
  });

  it('a body that stops arriving is still closed by the idle timeout', async () => {
    const port = await start(true);
    expect(await post(port, '{"n":4, "padding": "' + 'x'.repeat(2_000) + '"}', true)).toEqual({
      error: 'ECONNRESET',
    });
  });
});

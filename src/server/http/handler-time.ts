import type { FastifyInstance } from 'fastify';

/**
 * The idle timeout (`HTTP_IDLE_TIMEOUT_MS`, Fastify's `connectionTimeout`, a socket timeout) closes a connection on
 * which no bytes move: a stalled upload, a client that stopped reading (decision 010). While a handler works, after
 * the body has arrived and before the answer is written, no bytes move either, so a request that computed for longer
 * than the idle timeout (an import of 20,000 listings on a loaded machine took ~34 s) was cut without an answer
 * although the server finished its work. The socket's timeout is therefore paused from the moment the whole body has
 * arrived (at once for a parsed body; when a streamed upload's last byte is read) until the answer starts, and armed
 * again for sending it. Receiving and sending keep their idle limit; the request timeout still bounds the receiving.
 */
export function pauseIdleTimeoutWhileHandling(app: FastifyInstance, idleTimeoutMs: number): void {
  app.addHook('preHandler', (request, reply, done) => {
    const raw = request.raw;
    const socket = raw.socket as { setTimeout?: (ms: number) => unknown } | null;
    // Injected requests (tests) have no real socket.
    if (typeof socket?.setTimeout === 'function') {
      const pause = () => {
        if (!reply.raw.headersSent && !raw.socket.destroyed) raw.socket.setTimeout(0);
      };
      if (raw.complete) pause();
      else raw.once('end', pause);
    }
    done();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    const socket = request.raw.socket as { setTimeout?: (ms: number) => unknown; destroyed?: boolean } | null;
    if (typeof socket?.setTimeout === 'function' && !socket.destroyed) socket.setTimeout(idleTimeoutMs);
    done(null, payload);
  });
}

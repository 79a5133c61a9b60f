import type { FastifyInstance } from 'fastify';

// One line per request: method, route pattern (never the path's ids or the query's text), status and time. Fastify's
// own two lines per request carried the whole URL and the peer's address, and at the default level halved the
// board's throughput under load (docs/decisions/029-running-at-scale.md).

/** LOG_REQUESTS: 'info' every request at info (default), 'debug' at debug, 'off' none, a fraction (0.1) sampled at info. */
export type RequestLogSetting = { level: 'info' | 'debug' | 'off'; sample: number };

export function parseRequestLogSetting(value: string | undefined): RequestLogSetting | null {
  if (value === undefined || value === '' || value === 'info') return { level: 'info', sample: 1 };
  if (value === 'debug' || value === 'off') return { level: value, sample: 1 };
  const fraction = Number(value);
  return Number.isFinite(fraction) && fraction > 0 && fraction <= 1 ? { level: 'info', sample: fraction } : null;
}

export function registerRequestLog(app: FastifyInstance, setting: RequestLogSetting): void {
  if (setting.level === 'off') return;
  app.addHook('onResponse', async (request, reply) => {
    if (setting.sample < 1 && Math.random() >= setting.sample) return;
    const line = {
      method: request.method,
      route: request.routeOptions.url ?? '(no route)',
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    // request.log: a route's own logLevel (the health probes' 'warn') still silences it.
    if (setting.level === 'debug') request.log.debug(line, 'request');
    else request.log.info(line, 'request');
  });
}

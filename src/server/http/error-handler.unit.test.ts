import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler.ts';
import { HttpError } from './http-error.ts';

// The error handler on a bare Fastify instance (real HTTP handling through inject): errors not raised on purpose
// tell nothing of their cause, and errors of Fastify and its plugins get a code too.

let app: FastifyInstance | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function appWith(register: (app: FastifyInstance) => void | Promise<void>): Promise<FastifyInstance> {
  app = Fastify({ logger: false });
  registerErrorHandler(app);
  await register(app);
  await app.ready();
  return app;
}

describe('registerErrorHandler', () => {
  it('answers an unexpected error with 500 internal_error and no detail of the cause', async () => {
    const server = await appWith((instance) => {
      instance.get('/boom', async () => {
        throw new Error('connection to 10.0.0.5 refused: password=hunter2');
      });
    });
    const response = await server.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Internal server error', code: 'internal_error' });
  });

  it('answers an HttpError with its status, code and message, even a 5xx one', async () => {
    const server = await appWith((instance) => {
      instance.get('/upstream', async () => {
        throw new HttpError(502, 'github_unavailable');
      });
    });
    const response = await server.inject({ method: 'GET', url: '/upstream' });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      error: 'Could not connect GitHub profile. Please try again.',
      code: 'github_unavailable',
    });
  });

  it('gives a schema validation failure the code invalid_request', async () => {
    const server = await appWith((instance) => {
      instance.post('/typed', { schema: { body: { type: 'object', required: ['name'] } } }, async () => ({ ok: true }));
    });
    const response = await server.inject({ method: 'POST', url: '/typed', payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_request' });
  });

  it('gives the rate limiter answer the code rate_limited', async () => {
    const server = await appWith(async (instance) => {
      await instance.register(rateLimit, { max: 1, timeWindow: 60_000 });
      instance.get('/limited', async () => ({ ok: true }));
    });
    expect((await server.inject({ method: 'GET', url: '/limited' })).statusCode).toBe(200);
    const refused = await server.inject({ method: 'GET', url: '/limited' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
  });
});

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigSchema } from '../../../shared/schemas/public-config.ts';
import type { Env } from '../../env.ts';
import { emulatorUrlFor, toPublicConfig } from './public-config.ts';

export const configRoutes: FastifyPluginAsyncZod<{ env: Env }> = async (app, { env }) => {
  const config = toPublicConfig(env);
  app.get(
    '/public/config',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The settings the client needs before sign-in',
        tags: ['meta'],
        response: { 200: publicConfigSchema },
      },
    },
    async (request, reply) => {
      // Revalidated on every load so a redeploy with new settings reaches installed PWAs.
      reply.header('cache-control', 'no-cache');
      reply.header('vary', 'host');
      return { ...config, authEmulatorUrl: emulatorUrlFor(env.firebase.authEmulatorHost, request.hostname) };
    },
  );
};

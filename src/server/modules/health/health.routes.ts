import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';

export type Readiness = {
  /** How many migration files this build ships: the database must have applied at least these. */
  migrationCount: number;
  /** The in-memory job board has its first version. */
  boardLoaded(): boolean;
  /** The instance is stopping: it finishes what it has and takes no more. */
  draining(): boolean;
};

const notReadyReasons = ['stopping', 'database_unavailable', 'migrations_pending', 'board_not_loaded'] as const;

export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle; readiness: Readiness }> = async (
  app,
  { database, readiness },
) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // Probed every few seconds by orchestrators and load balancers: log only failures.
  app.get(
    '/healthz',
    {
      config: { access: 'public' },
      logLevel: 'warn',
      schema: {
        summary: 'Liveness: this process answers (restart it when it does not)',
        description: 'Checks nothing else: a database outage must not make every instance restart.',
        tags: ['meta'],
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      config: { access: 'public' },
      logLevel: 'warn',
      schema: {
        summary: 'Readiness: send this instance traffic (database reachable, migrations applied, board loaded)',
        description: 'Answers 503 while the instance starts, when its database does not answer, and while it stops.',
        tags: ['meta'],
        response: {
          200: z.object({ status: z.literal('ready') }),
          503: z.object({ status: z.literal('unavailable'), reason: z.enum(notReadyReasons) }),
        },
      },
    },
    async (request, reply) => {
      const unavailable = (reason: (typeof notReadyReasons)[number]) =>
        reply.code(503).send({ status: 'unavailable' as const, reason });
      if (readiness.draining()) return unavailable('stopping');
      let applied: number;
      try {
        applied = await database.appliedMigrations();
      } catch (error) {
        request.log.warn({ err: error }, 'readiness: database unavailable');
        return unavailable('database_unavailable');
      }
      if (applied < readiness.migrationCount) return unavailable('migrations_pending');
      if (!readiness.boardLoaded()) return unavailable('board_not_loaded');
      return { status: 'ready' as const };
    },
  );
};

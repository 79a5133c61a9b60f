import type { FastifyPluginAsync } from 'fastify'
import type { DatabaseHandle } from '../../db/client.ts'

export const healthRoutes: FastifyPluginAsync<{ database: DatabaseHandle }> = async (app, { database }) => {
  // Probed every few seconds by orchestrators: log only failures.
  app.get('/healthz', { logLevel: 'warn' }, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    try {
      await database.ping()
      return { status: 'ok' }
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database unavailable')
      return reply.code(503).send({ status: 'unavailable' })
    }
  })
}

import type { FastifyPluginAsync } from 'fastify'
import type { Env } from '../../env.ts'
import { emulatorUrlFor, toPublicConfig } from './public-config.ts'

export const configRoutes: FastifyPluginAsync<{ env: Env }> = async (app, { env }) => {
  const config = toPublicConfig(env)
  app.get('/public/config', async (request, reply) => {
    // Revalidated on every load so a redeploy with new settings reaches installed PWAs.
    reply.header('cache-control', 'no-cache')
    reply.header('vary', 'host')
    return { ...config, authEmulatorUrl: emulatorUrlFor(env.firebase.authEmulatorHost, request.hostname) }
  })
}

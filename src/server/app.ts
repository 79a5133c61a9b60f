import { existsSync } from 'node:fs'
import { basename, join, relative, sep } from 'node:path'
import fastifyCompress from '@fastify/compress'
import fastifyStatic from '@fastify/static'
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify'
import { type DatabaseHandle, openDatabase } from './db/client.ts'
import type { Env } from './env.ts'
import { registerAuth } from './plugins/auth.ts'
import { authRoutes } from './routes/auth/auth.routes.ts'
import { configRoutes } from './routes/config/config.routes.ts'
import { devRoutes } from './routes/dev/dev.routes.ts'
import { healthRoutes } from './routes/health/health.routes.ts'

export type BuildAppOptions = {
  env: Env
  /** An open, migrated database. Without one the app opens (and on close, closes) the one `env` names. */
  database?: DatabaseHandle
  logger?: FastifyBaseLogger
}

const apiPrefix = '/api'
const noCacheFiles = new Set(['index.html', 'sw.js', 'manifest.webmanifest'])

function isApiPath(url: string): boolean {
  return url === apiPrefix || url.startsWith(`${apiPrefix}/`) || url.startsWith(`${apiPrefix}?`)
}

function acceptsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html')
}

export async function buildApp({ env, database: givenDatabase, logger }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: { level: env.logLevel } }),
    // Never trust X-Forwarded-For by default: the dev routes rely on the real peer address.
    trustProxy: false,
  })

  const database =
    givenDatabase ??
    (await openDatabase({
      databaseUrl: env.databaseUrl,
      dataDir: env.dataDir,
      onPoolError: (error) => app.log.warn({ err: error }, 'idle database connection failed'),
    }))
  if (!givenDatabase) {
    app.addHook('onClose', () => database.close())
    await database.migrate()
  }

  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff')
    reply.header('referrer-policy', 'strict-origin-when-cross-origin')
    reply.header('x-frame-options', 'DENY')
    // No Content-Security-Policy: Firebase sign-in popups and iframes need origins a strict policy would block.
  })

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const statusCode = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500
    if (statusCode >= 500) request.log.error({ err: error }, 'request failed')
    // Only errors raised on purpose (HttpError, Fastify's own 4xx) carry a message fit for the caller.
    const exposeMessage = statusCode < 500 || error.name === 'HttpError'
    return reply.code(statusCode).send({ error: exposeMessage ? error.message : 'Internal server error' })
  })

  await app.register(fastifyCompress, { global: true })
  registerAuth(app, env)

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database })
      await api.register(configRoutes, { env })
      await api.register(authRoutes, { db: database.db })
      const { authEmulatorHost, projectId } = env.firebase
      if (authEmulatorHost) await api.register(devRoutes, { authEmulatorHost, projectId })
    },
    { prefix: apiPrefix },
  )

  const serveClient = existsSync(join(env.staticDir, 'index.html'))
  if (serveClient) {
    await app.register(fastifyStatic, {
      root: env.staticDir,
      prefix: '/',
      index: 'index.html',
      dotfiles: 'ignore',
      cacheControl: false,
      setHeaders(reply, path) {
        const fromRoot = relative(env.staticDir, path)
        if (fromRoot.startsWith(`assets${sep}`)) {
          // Vite puts a content hash in these names: a changed file gets a new URL.
          reply.header('cache-control', 'public, max-age=31536000, immutable')
        } else if (noCacheFiles.has(basename(path))) {
          reply.header('cache-control', 'no-cache')
        } else {
          reply.header('cache-control', 'public, max-age=0, must-revalidate')
        }
      },
    })
  } else {
    app.log.info({ staticDir: env.staticDir }, 'no built client found; serving the API only')
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    const isPageRequest = (request.method === 'GET' || request.method === 'HEAD') && acceptsHtml(request)
    if (serveClient && isPageRequest && !isApiPath(path)) {
      // Client-side routes (/dashboard, /jobs/x): the SPA decides what to show.
      return reply.code(200).sendFile('index.html')
    }
    return reply.code(404).send({ error: isApiPath(path) ? `No API route ${request.method} ${path}` : 'Not found' })
  })

  return app
}

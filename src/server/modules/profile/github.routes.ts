import rateLimit from '@fastify/rate-limit'
import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import type { Database } from '../../db/client.ts'
import { HttpError, parseRequest } from '../../http/http-error.ts'
import { callerOf, requireIdentifiedUser } from '../../plugins/auth.ts'
import { clearGithubProfile, saveGithubProfile } from './profile.repository.ts'
import { loadAccount } from './profile.service.ts'
import type { GithubService } from './github.service.ts'

const tooManyConnectionsMessage = 'Too many requests. Please wait a few minutes and try again.'

const githubProfileRequestSchema = z.object(
  {
    // OAuth tokens (gho_...), and the Auth emulator's fake one, are short and made of these characters.
    githubToken: z
      .string({ error: 'A GitHub access token is required' })
      .trim()
      .min(1, { error: 'A GitHub access token is required', abort: true })
      .max(1000, { error: 'The GitHub access token is not valid' })
      .regex(/^[\w.-]+$/, { error: 'The GitHub access token is not valid' }),
  },
  { error: 'The request body must be a JSON object like {"githubToken": "..."}' },
)

export type GithubRoutesOptions = {
  db: Database
  github: GithubService
}

export const githubRoutes: FastifyPluginAsync<GithubRoutesOptions> = async (app, { db, github }) => {
  // Connections per account: 10 per 10 minutes, in memory per instance. Checked inside the route, so only
  // well-formed requests of a signed-in account count.
  await app.register(rateLimit, { global: false, cache: 10_000 })
  const connectLimit = app.createRateLimit({
    max: 10,
    timeWindow: 10 * 60_000,
    keyGenerator: (request) => callerOf(request.user).uid,
  })
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
  })

  app.post('/github/profile', { preHandler: requireIdentifiedUser }, async (request, reply) => {
    const { githubToken } = parseRequest(githubProfileRequestSchema, request.body)
    const caller = callerOf(request.user)
    const limit = await connectLimit(request)
    if (!limit.isAllowed && limit.isExceeded) {
      reply.header('retry-after', String(limit.ttlInSeconds))
      throw new HttpError(429, 'rate_limited', tooManyConnectionsMessage)
    }
    await loadAccount(db, caller)
    const lookup = await github.fetchProfile(githubToken)
    if (!lookup.ok) {
      throw lookup.reason === 'unauthorized'
        ? new HttpError(400, 'github_token_refused')
        : new HttpError(502, 'github_unavailable')
    }
    await saveGithubProfile(db, caller.uid, lookup.profile)
    return lookup.profile
  })

  app.delete('/github/delete', { preHandler: requireIdentifiedUser }, async (request) => {
    const caller = callerOf(request.user)
    await loadAccount(db, caller)
    await clearGithubProfile(db, caller.uid)
    return { success: true }
  })
}

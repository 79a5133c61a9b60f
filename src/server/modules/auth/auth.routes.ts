import type { FastifyPluginAsync } from 'fastify'
import { createAccountRequestSchema, sameEmailAddress } from '../../../shared/schemas/create-account.ts'
import type { Database } from '../../db/client.ts'
import { HttpError, parseRequest } from '../../http/http-error.ts'
import { requireIdentifiedUser } from '../../plugins/auth.ts'
import { upsertAccount } from './auth.service.ts'

export const authRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  app.post('/auth/create-account', { preHandler: requireIdentifiedUser }, async (request, reply) => {
    const body = parseRequest(createAccountRequestSchema, request.body)
    const caller = request.user
    if (!caller) throw new HttpError(401, 'unauthenticated')
    // The address is taken from the verified token; the body only confirms the client agrees.
    if (!caller.email) {
      throw new HttpError(400, 'account_email_missing')
    }
    if (!sameEmailAddress(body.email, caller.email)) {
      throw new HttpError(400, 'email_mismatch')
    }
    const { user, created } = await upsertAccount(db, { ...caller, email: caller.email })
    reply.header('cache-control', 'no-store')
    return reply.code(created ? 201 : 200).send({ user })
  })
}

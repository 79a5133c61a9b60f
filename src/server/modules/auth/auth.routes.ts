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
    if (!caller) throw new HttpError(401, 'Authentication required')
    // The address is taken from the verified token; the body only confirms the client agrees.
    if (!caller.email) {
      throw new HttpError(400, 'Your sign-in account has no e-mail address; sign in with Google or an e-mail link')
    }
    if (!sameEmailAddress(body.email, caller.email)) {
      throw new HttpError(400, 'The e-mail address does not match the signed-in account')
    }
    const { user, created } = await upsertAccount(db, { ...caller, email: caller.email })
    reply.header('cache-control', 'no-store')
    return reply.code(created ? 201 : 200).send({ user })
  })
}

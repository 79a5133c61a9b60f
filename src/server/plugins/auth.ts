import { randomUUID } from 'node:crypto'
import { deleteApp, initializeApp } from 'firebase-admin/app'
import { type Auth, type DecodedIdToken, FirebaseAuthError, getAuth } from 'firebase-admin/auth'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { applyFirebaseAdminEnvironment, type Env } from '../env.ts'
import { HttpError } from '../http/http-error.ts'

/** The caller, as proven by a Firebase ID token. */
export type AuthUser = {
  uid: string
  email: string | null
  emailVerified: boolean
  isAnonymous: boolean
  /** firebase.sign_in_provider: 'google.com', 'password', 'emailLink', 'anonymous', ... */
  provider: string
  /** The `name` claim, when the provider gave one (Google does). */
  name: string | null
}

declare module 'fastify' {
  interface FastifyInstance {
    firebaseAuth: Auth
  }
  interface FastifyRequest {
    /** Set by the requireUser / requireIdentifiedUser guards; null on public routes. */
    user: AuthUser | null
  }
}

/** Sets up token verification on the root instance; routes opt in with the guards below. */
export function registerAuth(app: FastifyInstance, env: Env): void {
  applyFirebaseAdminEnvironment(env)
  // A uniquely named app per server instance: tests build many servers in one process.
  const firebaseApp = initializeApp({ projectId: env.firebase.projectId }, `campus-jobs-${randomUUID()}`)
  app.decorate('firebaseAuth', getAuth(firebaseApp))
  app.decorateRequest('user', null)
  app.addHook('onClose', async () => {
    await deleteApp(firebaseApp)
  })
}

function toAuthUser(token: DecodedIdToken): AuthUser {
  const provider = token.firebase.sign_in_provider
  return {
    uid: token.uid,
    email: token.email ?? null,
    emailVerified: token.email_verified === true,
    isAnonymous: provider === 'anonymous',
    provider,
    name: typeof token.name === 'string' && token.name.trim() ? token.name.trim() : null,
  }
}

function unauthorized(reply: FastifyReply, message: string): HttpError {
  reply.header('www-authenticate', 'Bearer')
  return new HttpError(401, message)
}

/** preHandler: 401 unless the request carries a valid Firebase ID token (anonymous sessions included). */
export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')
  if (!match?.[1]) throw unauthorized(reply, 'Authentication required')
  try {
    request.user = toAuthUser(await request.server.firebaseAuth.verifyIdToken(match[1]))
  } catch (error) {
    // The SDK could not check the token at all (e.g. Google's signing keys unreachable): not the caller's fault,
    // and a 401 would make the client sign the person out.
    if (!(error instanceof FirebaseAuthError) || error.code === 'auth/internal-error') {
      request.log.error({ err: error }, 'ID token verification failed')
      throw new HttpError(503, 'Sign-in could not be checked right now, please try again')
    }
    request.log.info({ code: error.code }, 'rejected ID token')
    throw unauthorized(reply, 'Invalid or expired token')
  }
}

/** preHandler: like requireUser, and 403 for anonymous sessions. */
export async function requireIdentifiedUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireUser(request, reply)
  if (request.user?.isAnonymous) throw new HttpError(403, 'An identified account is required')
}

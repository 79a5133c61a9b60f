import { createHash, randomUUID } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { type Auth, type DecodedIdToken, FirebaseAuthError, getAuth } from 'firebase-admin/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { applyFirebaseAdminEnvironment, type Env } from '../env.ts';
import { HttpError } from '../http/http-error.ts';

/** The caller, as proven by a Firebase ID token. */
export type AuthUser = {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  isAnonymous: boolean;
  /** firebase.sign_in_provider: 'google.com', 'password', 'emailLink', 'anonymous', ... */
  provider: string;
  /** The `name` claim, when the provider gave one (Google does). */
  name: string | null;
};

declare module 'fastify' {
  interface FastifyInstance {
    firebaseAuth: Auth;
    verifiedTokens: VerifiedTokenCache;
  }
  interface FastifyRequest {
    /** Set by the requireUser / requireIdentifiedUser guards; null on public routes. */
    user: AuthUser | null;
  }
}

/**
 * ID tokens already verified, until they expire. Checking a token is a pure function of the token, the clock and
 * Google's public keys (revocation is not checked), so a cached answer is the same answer, without the signature
 * check and without waiting on a fetch of the keys when the SDK's copy has expired. Against the Auth emulator the
 * SDK also asks the emulator about the user on every call (a network round trip): there entries live at most
 * `emulatorMaxAgeMs`, so a user deleted in the emulator is refused soon after. Measured in bench:api (README).
 */
export type VerifiedTokenCache = {
  get(token: string, now?: number): AuthUser | null;
  set(token: string, user: AuthUser, expiresAtSeconds: number, now?: number): void;
};

export function createVerifiedTokenCache({
  maxEntries = 10_000,
  maxAgeMs = Number.POSITIVE_INFINITY,
} = {}): VerifiedTokenCache {
  const entries = new LRUCache<string, { user: AuthUser; until: number }>({ max: maxEntries });
  // A digest, so the cache holds 64 characters per token rather than the ~1 KB token itself.
  const keyOf = (token: string) => createHash('sha256').update(token).digest('base64url');
  return {
    get(token, now = Date.now()) {
      const entry = entries.get(keyOf(token));
      return entry && entry.until > now ? entry.user : null;
    },
    set(token, user, expiresAtSeconds, now = Date.now()) {
      entries.set(keyOf(token), { user, until: Math.min(expiresAtSeconds * 1000, now + maxAgeMs) });
    },
  };
}

const emulatorMaxAgeMs = 30_000;

/** Sets up token verification on the root instance; routes opt in with the guards below. */
export function registerAuth(app: FastifyInstance, env: Env): void {
  applyFirebaseAdminEnvironment(env);
  // A uniquely named app per server instance: tests build many servers in one process.
  const firebaseApp = initializeApp({ projectId: env.firebase.projectId }, `campus-jobs-${randomUUID()}`);
  app.decorate('firebaseAuth', getAuth(firebaseApp));
  app.decorate(
    'verifiedTokens',
    createVerifiedTokenCache({ maxAgeMs: env.firebase.authEmulatorHost ? emulatorMaxAgeMs : Number.POSITIVE_INFINITY }),
  );
  app.decorateRequest('user', null);
  app.addHook('onClose', async () => {
    await deleteApp(firebaseApp);
  });
}

function toAuthUser(token: DecodedIdToken): AuthUser {
  const provider = token.firebase.sign_in_provider;
  return {
    uid: token.uid,
    email: token.email ?? null,
    emailVerified: token.email_verified === true,
    isAnonymous: provider === 'anonymous',
    provider,
    name: typeof token.name === 'string' && token.name.trim() ? token.name.trim() : null,
  };
}

function unauthorized(reply: FastifyReply, code: 'unauthenticated' | 'token_invalid'): HttpError {
  reply.header('www-authenticate', 'Bearer');
  return new HttpError(401, code);
}

/** preHandler: 401 unless the request carries a valid Firebase ID token (anonymous sessions included). */
export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  const token = match?.[1];
  if (!token) throw unauthorized(reply, 'unauthenticated');
  const cached = request.server.verifiedTokens.get(token);
  if (cached) {
    request.user = cached;
    return;
  }
  try {
    const decoded = await request.server.firebaseAuth.verifyIdToken(token);
    request.user = toAuthUser(decoded);
    request.server.verifiedTokens.set(token, request.user, decoded.exp);
  } catch (error) {
    // The SDK could not check the token at all (e.g. Google's signing keys unreachable): not the caller's fault,
    // and a 401 would make the client sign the person out.
    if (!(error instanceof FirebaseAuthError) || error.code === 'auth/internal-error') {
      request.log.error({ err: error }, 'ID token verification failed');
      throw new HttpError(503, 'auth_unavailable');
    }
    request.log.info({ code: error.code }, 'rejected ID token');
    throw unauthorized(reply, 'token_invalid');
  }
}

/** preHandler: like requireUser, and 403 for anonymous sessions. */
export async function requireIdentifiedUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireUser(request, reply);
  if (request.user?.isAnonymous)
    throw new HttpError(403, 'identified_account_required', 'An identified account is required');
}

/** The caller a guard (`requireUser`, `requireIdentifiedUser`) has verified. */
export function callerOf(user: AuthUser | null): AuthUser {
  // The guards set it; a route without one is a programming error.
  if (!user) throw new HttpError(401, 'unauthenticated');
  return user;
}

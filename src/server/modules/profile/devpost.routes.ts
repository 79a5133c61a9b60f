import rateLimit from '@fastify/rate-limit';
import { databaseRateLimitStore } from '../../http/rate-limit-store.ts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  devpostMessages,
  devpostProfileRequestSchema,
  type DevpostProfileResponse,
  devpostSaveRequestSchema,
} from '../../../shared/devpost/devpost-profile.ts';
import { type ErrorCode, errorMessages } from '../../../shared/errors/error-codes.ts';
import { profileMessages } from '../../../shared/profile/profile-messages.ts';
import type { Database } from '../../db/client.ts';
import { errorAnswers, objectAnswer, validatedInHandler, withExample } from '../../http/route-schemas.ts';
import { callerOf, requireIdentifiedUser } from '../../plugins/auth.ts';
import { recordDevpostVerification, sameUsername, saveDevpostProfile } from './profile.repository.ts';
import { loadAccount } from './profile.service.ts';
import type { DevpostLookup, DevpostService } from './devpost.service.ts';

type Answer = DevpostProfileResponse;

function failure(
  reply: FastifyReply,
  statusCode: number,
  code: ErrorCode,
  error: string = errorMessages[code],
): Answer {
  reply.code(statusCode);
  return { success: false, data: null, error, code };
}

/**
 * While verifying, an unknown user is an answer (200 by default); a page Devpost changed or could not serve is a
 * bad gateway (502).
 */
function lookupFailure(
  reply: FastifyReply,
  lookup: Exclude<DevpostLookup, { ok: true }>,
  notFoundStatus = 200,
): DevpostProfileResponse {
  if (lookup.reason === 'not-found')
    return failure(reply, notFoundStatus, 'devpost_not_found', devpostMessages.notFound);
  if (lookup.reason === 'layout-changed')
    return failure(reply, 502, 'devpost_layout_changed', devpostMessages.layoutChanged);
  return failure(reply, 502, 'devpost_unavailable', devpostMessages.unavailable);
}

export const tooManyLookupsMessage = 'Too many requests. Please wait a few minutes and try again.';

export type DevpostRoutesOptions = {
  db: Database;
  devpost: DevpostService;
};

export const devpostRoutes: FastifyPluginAsyncZod<DevpostRoutesOptions> = async (app, { db, devpost }) => {
  // Verifications per account (each may read dozens of Devpost pages): 30 per 10 minutes, counted in the database
  // across instances. Checked inside the route, so only well-formed requests of a signed-in account count.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore({ db, name: 'devpost-verify' }) });
  const verificationLimit = app.createRateLimit({
    max: 30,
    timeWindow: 10 * 60_000,
    keyGenerator: (request) => callerOf(request.user).uid,
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // Verifies a Devpost username: reads the public profile and remembers, for this account only, that the name was
  // verified (PATCH /api/profile/update accepts a new Devpost username only then). Stores no profile.
  // Bad input answers in the `{ success: false, data: null, error }` shape of these routes: checked in the handler.
  const devpostAnswer = objectAnswer('DevpostProfileResponse: { success, data, error } (src/shared/devpost)');
  const devpostRoute = {
    preHandler: requireIdentifiedUser,
    ...validatedInHandler,
    schema: { tags: ['profile'], security: [{ firebaseIdToken: [] }] },
  };

  app.post(
    '/devpost/profile',
    {
      config: { access: 'account' },
      ...devpostRoute,
      schema: {
        ...devpostRoute.schema,
        summary: 'Verify a Devpost username for the caller (reads the public profile)',
        body: withExample(devpostProfileRequestSchema, { username: 'jane_doe' }),
        response: {
          200: devpostAnswer,
          400: devpostAnswer,
          429: devpostAnswer,
          502: devpostAnswer,
          ...errorAnswers(401, 403, 404),
        },
      },
    },
    async (request, reply): Promise<Answer> => {
      const parsed = devpostProfileRequestSchema.safeParse(request.body);
      if (!parsed.success)
        return failure(reply, 400, 'invalid_request', parsed.error.issues[0]?.message ?? devpostMessages.notFound);
      const caller = callerOf(request.user);
      const limit = await verificationLimit(request);
      if (!limit.isAllowed && limit.isExceeded) {
        reply.header('retry-after', String(limit.ttlInSeconds));
        return failure(reply, 429, 'rate_limited', tooManyLookupsMessage);
      }
      await loadAccount(db, caller);
      const lookup = await devpost.lookup(parsed.data.username);
      if (!lookup.ok) return lookupFailure(reply, lookup);
      await recordDevpostVerification(db, caller.uid, lookup.profile.username);
      return { success: true, data: lookup.profile, error: null };
    },
  );

  // Sent after a profile save. The body only names the profile: the server reads Devpost again (usually from the
  // cache) rather than store what a client claims.
  app.post(
    '/devpost/save',
    {
      config: { access: 'account' },
      ...devpostRoute,
      schema: {
        ...devpostRoute.schema,
        summary: "Store the caller's verified Devpost profile",
        body: withExample(devpostSaveRequestSchema, { devpostProfile: { username: 'jane_doe' } }),
        response: {
          200: devpostAnswer,
          400: devpostAnswer,
          409: devpostAnswer,
          502: devpostAnswer,
          ...errorAnswers(401, 403, 404),
        },
      },
    },
    async (request, reply): Promise<Answer> => {
      const parsed = devpostSaveRequestSchema.safeParse(request.body);
      if (!parsed.success)
        return failure(reply, 400, 'invalid_request', parsed.error.issues[0]?.message ?? 'Invalid request');
      const caller = callerOf(request.user);
      const { profile } = await loadAccount(db, caller);
      const username = parsed.data.devpostProfile.username;
      const saved = profile?.devpostUsername ?? null;
      if (!saved || !sameUsername(username, saved) || !sameUsername(saved, profile?.devpostVerifiedUsername)) {
        return failure(reply, 400, 'devpost_not_verified', profileMessages.devpostNotVerified);
      }
      const lookup = await devpost.lookup(saved);
      // The profile vanished from Devpost since it was verified.
      if (!lookup.ok) return lookupFailure(reply, lookup, 502);
      if (!(await saveDevpostProfile(db, caller.uid, saved, lookup.profile))) {
        return failure(reply, 409, 'devpost_not_verified', profileMessages.devpostNotVerified);
      }
      return { success: true, data: lookup.profile, error: null };
    },
  );
};

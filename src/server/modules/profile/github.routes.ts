import rateLimit from '@fastify/rate-limit';
import { databaseRateLimitStore } from '../../http/rate-limit-store.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { githubProfileRequestSchema } from '../../../shared/github/github-profile.ts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../http/http-error.ts';
import { errorAnswers, objectAnswer, withExample } from '../../http/route-schemas.ts';
import { callerOf, requireIdentifiedUser } from '../../plugins/auth.ts';
import { clearGithubProfile, saveGithubProfile } from './profile.repository.ts';
import { loadAccount } from './profile.service.ts';
import type { GithubService } from './github.service.ts';

const tooManyConnectionsMessage = 'Too many requests. Please wait a few minutes and try again.';

export type GithubRoutesOptions = {
  db: Database;
  github: GithubService;
};

export const githubRoutes: FastifyPluginAsyncZod<GithubRoutesOptions> = async (app, { db, github }) => {
  // Connections per account: 10 per 10 minutes, counted in the database across instances. Checked inside the
  // route, so only well-formed requests of a signed-in account count.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore({ db, name: 'github-connect' }) });
  const connectLimit = app.createRateLimit({
    max: 10,
    timeWindow: 10 * 60_000,
    keyGenerator: (request) => callerOf(request.user).uid,
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const signedIn = { tags: ['profile'], security: [{ firebaseIdToken: [] }] };

  // The guard runs before the body's schema (preValidation): no token is 401 whatever the body.
  app.post(
    '/github/profile',
    {
      config: { access: 'account' },
      preValidation: requireIdentifiedUser,
      schema: {
        ...signedIn,
        summary: "Connect the caller's GitHub profile (read once with the token, then stored)",
        body: withExample(githubProfileRequestSchema, { githubToken: 'gho_exampletoken0123456789' }),
        response: {
          200: objectAnswer('GithubProfile (src/shared/github/github-profile.ts)'),
          ...errorAnswers(400, 401, 403, 404, 429, 502),
        },
      },
    },
    async (request, reply) => {
      const { githubToken } = request.body;
      const caller = callerOf(request.user);
      const limit = await connectLimit(request);
      if (!limit.isAllowed && limit.isExceeded) {
        reply.header('retry-after', String(limit.ttlInSeconds));
        throw new HttpError(429, 'rate_limited', tooManyConnectionsMessage);
      }
      await loadAccount(db, caller);
      const lookup = await github.fetchProfile(githubToken);
      if (!lookup.ok) {
        throw lookup.reason === 'unauthorized'
          ? new HttpError(400, 'github_token_refused')
          : new HttpError(502, 'github_unavailable');
      }
      await saveGithubProfile(db, caller.uid, lookup.profile);
      return lookup.profile;
    },
  );

  app.delete(
    '/github/delete',
    {
      config: { access: 'account' },
      preHandler: requireIdentifiedUser,
      schema: {
        ...signedIn,
        summary: "Remove the caller's GitHub profile",
        response: { 200: z.object({ success: z.literal(true) }), ...errorAnswers(401, 403, 404) },
      },
    },
    async (request) => {
      const caller = callerOf(request.user);
      await loadAccount(db, caller);
      await clearGithubProfile(db, caller.uid);
      return { success: true as const };
    },
  );
};

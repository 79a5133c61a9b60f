import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountSettingsResponseSchema,
  accountSettingsSchema,
  createAccountRequestSchema,
  createAccountResponseSchema,
  sameEmailAddress,
} from '../../../shared/schemas/create-account.ts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../http/http-error.ts';
import { errorAnswers, withExample } from '../../http/route-schemas.ts';
import { requireIdentifiedUser } from '../../plugins/auth.ts';
import { updateAccountSettings, upsertAccount } from './auth.service.ts';

export const authRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  // The guard runs before the body's schema: no token is 401 whatever the body.
  app.post(
    '/auth/create-account',
    {
      config: { access: 'account' },
      preValidation: requireIdentifiedUser,
      schema: {
        summary: 'Create (or update) the account of the signed-in person',
        tags: ['auth'],
        security: [{ firebaseIdToken: [] }],
        body: withExample(createAccountRequestSchema, {
          email: 'ada@university.example',
          locale: 'fr',
          timeZone: 'America/Toronto',
        }),
        response: {
          200: createAccountResponseSchema,
          201: createAccountResponseSchema,
          ...errorAnswers(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const caller = request.user;
      if (!caller) throw new HttpError(401, 'unauthenticated');
      // The address is taken from the verified token; the body only confirms the client agrees.
      if (!caller.email) {
        throw new HttpError(400, 'account_email_missing');
      }
      if (!sameEmailAddress(body.email, caller.email)) {
        throw new HttpError(400, 'email_mismatch');
      }
      const { user, created } = await upsertAccount(
        db,
        { ...caller, email: caller.email },
        { locale: body.locale, timeZone: body.timeZone },
      );
      reply.header('cache-control', 'no-store');
      return reply.code(created ? 201 : 200).send({ user });
    },
  );

  app.patch(
    '/auth/account',
    {
      config: { access: 'account' },
      preValidation: requireIdentifiedUser,
      schema: {
        summary: "Keep the signed-in student's language (when they switch it) and time zone, for e-mails",
        tags: ['auth'],
        security: [{ firebaseIdToken: [] }],
        body: withExample(accountSettingsSchema, { locale: 'fr', timeZone: 'Europe/Paris' }),
        response: { 200: accountSettingsResponseSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const settings = await updateAccountSettings(db, request.user!.uid, request.body);
      if (settings === null) throw new HttpError(403, 'account_required');
      reply.header('cache-control', 'no-store');
      return settings;
    },
  );
};

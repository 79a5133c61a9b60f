import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../http/http-error.ts';
import { databaseRateLimitStore } from '../../http/rate-limit-store.ts';
import { contentAnswer, emptyAnswer, errorAnswers } from '../../http/route-schemas.ts';
import { callerOf, requireIdentifiedUser } from '../../plugins/auth.ts';
import type { Storage } from '../../storage/storage.ts';
import { loadStudentProfile } from '../profile/index.ts';
import { findAccountEmail } from './account.repository.ts';
import { deleteAccount } from './account-deletion.service.ts';
import { buildAccountExport } from './account-export.service.ts';

// The student's own account as a whole: DELETE /api/account erases it (account-deletion.service.ts), GET
// /api/account/export hands it over as a ZIP (account-export.service.ts). Who may call: an identified person, for
// their own account only (the uid comes from the token); anonymous sessions 403, no token 401. Calling DELETE again,
// or for an account never created, answers 204 too.

export type AccountRoutesOptions = { db: Database; storage: Storage; now: () => number };

export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, { db, storage, now }) => {
  const tags = ['account'];
  const signedIn = { tags, security: [{ firebaseIdToken: [] }] };
  // Exports per account: 5 per hour, counted in the database across instances (each one reads every file).
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore({ db, name: 'account-export', now }) });
  const exportLimit = app.createRateLimit({
    max: 5,
    timeWindow: 60 * 60_000,
    keyGenerator: (request) => callerOf(request.user).uid,
  });

  app.get(
    '/account/export',
    {
      config: { access: 'account' },
      preHandler: requireIdentifiedUser,
      schema: {
        ...signedIn,
        summary:
          'Download everything held about the signed-in student: a ZIP with data.json, resume.json (JSON Resume 1.0) ' +
          'and the resume PDFs',
        response: { 200: contentAnswer('The ZIP archive', 'application/zip'), ...errorAnswers(401, 403, 429) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request.user);
      const limit = await exportLimit(request);
      if (!limit.isAllowed && limit.isExceeded) {
        reply.header('retry-after', String(limit.ttlInSeconds));
        throw new HttpError(429, 'rate_limited', 'Too many downloads of your data. Please try again later.');
      }
      const profile = await loadStudentProfile(db, caller);
      const archive = await buildAccountExport({ db, storage, now }, caller.uid, profile);
      const day = new Date(now()).toISOString().slice(0, 10);
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="campus-jobs-data-${day}.zip"`)
        .send(Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength));
    },
  );

  app.delete(
    '/account',
    {
      config: { access: 'account' },
      preValidation: requireIdentifiedUser,
      schema: {
        ...signedIn,
        summary:
          "Delete the signed-in student's account: profile, resumes, saved and dismissed jobs, alerts, push " +
          'subscriptions and the sign-in account; applications are withdrawn and anonymised for their organizations',
        response: { 204: emptyAnswer, ...errorAnswers(401, 403, 409) },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const email = (await findAccountEmail(db, user.uid)) ?? user.email ?? '';
      await deleteAccount({ db, storage, firebaseAuth: app.firebaseAuth, now }, user.uid, email);
      reply.header('cache-control', 'no-store');
      return reply.code(204).send();
    },
  );
};

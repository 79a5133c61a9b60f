import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dismissedJobChangeSchema,
  dismissedJobParamsSchema,
  dismissedJobsResponseSchema,
  dismissedJobStateSchema,
} from '../../../shared/dismissed-jobs/dismissed-jobs-api.ts';
import type { Database } from '../../db/client.ts';
import { changeTime } from '../../http/change-time.ts';
import { HttpError } from '../../http/http-error.ts';
import { errorAnswers, withExample } from '../../http/route-schemas.ts';
import { requireIdentifiedUser } from '../../plugins/auth.ts';
import { accountExists } from '../auth/index.ts';
import { jobExists } from '../jobs/index.ts';
import { listDismissedJobs, recordDismissedJob } from './dismissed-jobs.repository.ts';

// The jobs a student said they are not interested in (GET/PUT/DELETE /api/dismissed-jobs[/{jobId}]), kept apart from
// the public board so that board pages stay the same for everyone (and cacheable); the client leaves them out.
// Who may call, and how offline changes settle, exactly as for saved jobs: a signed-in student with an account, for
// their own list only (the uid comes from the token); the last change made on any device wins.

export const dismissedJobsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  async function requireAccount(uid: string): Promise<void> {
    if (!(await accountExists(db, uid))) throw new HttpError(403, 'account_required');
  }

  const dismissedJobsSchema = { tags: ['dismissed-jobs'], security: [{ firebaseIdToken: [] }] };

  app.get(
    '/dismissed-jobs',
    {
      config: { access: 'account' },
      preHandler: requireIdentifiedUser,
      schema: {
        ...dismissedJobsSchema,
        summary: 'The jobs the signed-in student is not interested in',
        response: { 200: dismissedJobsResponseSchema, ...errorAnswers(401, 403) },
      },
    },
    async (request, reply) => {
      const uid = request.user!.uid;
      await requireAccount(uid);
      reply.header('cache-control', 'private, no-store');
      return { dismissedJobs: await listDismissedJobs(db, uid) };
    },
  );

  // The guards run before the schemas (preValidation): no token is 401 whatever the input.
  app.put(
    '/dismissed-jobs/:jobId',
    {
      config: { access: 'account' },
      preValidation: requireIdentifiedUser,
      schema: {
        ...dismissedJobsSchema,
        summary: 'Dismiss a job (not interested)',
        params: dismissedJobParamsSchema,
        body: withExample(dismissedJobChangeSchema.nullish(), { changedAt: '2026-11-26T12:00:00.000Z' }),
        response: { 200: dismissedJobStateSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { jobId } = request.params;
      const uid = request.user!.uid;
      await requireAccount(uid);
      if (!(await jobExists(db, jobId))) throw new HttpError(404, 'job_not_found');
      return recordDismissedJob(db, uid, jobId, true, changeTime(request.body?.changedAt));
    },
  );

  app.delete(
    '/dismissed-jobs/:jobId',
    {
      config: { access: 'account' },
      preValidation: requireIdentifiedUser,
      schema: {
        ...dismissedJobsSchema,
        summary: 'Restore a dismissed job',
        params: dismissedJobParamsSchema,
        querystring: dismissedJobChangeSchema,
        response: { 200: dismissedJobStateSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request) => {
      const { jobId } = request.params;
      const uid = request.user!.uid;
      await requireAccount(uid);
      // Restoring a job that closed or vanished must still work: no existence check here.
      return recordDismissedJob(db, uid, jobId, false, changeTime(request.query.changedAt));
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  savedJobChangeSchema,
  savedJobParamsSchema,
  savedJobsResponseSchema,
  savedJobStateSchema,
} from '../../../shared/saved-jobs/saved-jobs-api.ts';
import type { Database } from '../../db/client.ts';
import { changeTime } from '../../http/change-time.ts';
import { HttpError } from '../../http/http-error.ts';
import { errorAnswers, withExample } from '../../http/route-schemas.ts';
import { requireIdentifiedUser } from '../../plugins/auth.ts';
import { accountExists } from '../auth/index.ts';
import { jobExists } from '../jobs/index.ts';
import { listSavedJobs, recordSavedJob } from './saved-jobs.repository.ts';

// A student's saved jobs (GET/PUT/DELETE /api/saved-jobs[/{jobId}]). Who may call: a signed-in student with an
// account, for their own list only (the uid comes from the token, never from the request); anonymous sessions 403,
// no token 401. Each change carries the time it was made on the device, so offline changes sent late settle on the
// last one made (docs/decisions/008-places-and-saved-jobs.md).

export const savedJobsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  async function requireAccount(uid: string): Promise<void> {
    if (!(await accountExists(db, uid))) throw new HttpError(403, 'account_required');
  }

  const savedJobsSchema = { tags: ['saved-jobs'], security: [{ firebaseIdToken: [] }] };

  app.get(
    '/saved-jobs',
    {
      config: { access: 'account' },
      preHandler: requireIdentifiedUser,
      schema: {
        ...savedJobsSchema,
        summary: "The signed-in student's saved jobs",
        response: { 200: savedJobsResponseSchema, ...errorAnswers(401, 403) },
      },
    },
    async (request, reply) => {
      const uid = request.user!.uid;
      await requireAccount(uid);
      reply.header('cache-control', 'private, no-store');
      return { savedJobs: await listSavedJobs(db, uid) };
    },
  );

  // The guards run before the schemas (preValidation): no token is 401 whatever the input.
  app.put(
    '/saved-jobs/:jobId',
    {
      config: { access: 'account' },
      preValidation: requireIdentifiedUser,
      schema: {
        ...savedJobsSchema,
        summary: 'Save a job',
        params: savedJobParamsSchema,
        body: withExample(savedJobChangeSchema.nullish(), { changedAt: '2026-11-26T12:00:00.000Z' }),
        response: { 200: savedJobStateSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { jobId } = request.params;
      const changedAt = request.body?.changedAt;
      const uid = request.user!.uid;
      await requireAccount(uid);
      if (!(await jobExists(db, jobId))) throw new HttpError(404, 'job_not_found');
      return recordSavedJob(db, uid, jobId, true, changeTime(changedAt));
    },
  );

  app.delete(
    '/saved-jobs/:jobId',
    {
      config: { access: 'account' },
      preValidation: requireIdentifiedUser,
      schema: {
        ...savedJobsSchema,
        summary: 'Unsave a job',
        params: savedJobParamsSchema,
        querystring: savedJobChangeSchema,
        response: { 200: savedJobStateSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request) => {
      const { jobId } = request.params;
      const { changedAt } = request.query;
      const uid = request.user!.uid;
      await requireAccount(uid);
      // Unsaving a job that closed or vanished must still work: no existence check here.
      return recordSavedJob(db, uid, jobId, false, changeTime(changedAt));
    },
  );
};

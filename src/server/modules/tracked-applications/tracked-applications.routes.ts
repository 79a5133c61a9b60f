import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientPaths } from '../../../shared/client-routes.ts';
import { supportedLocales } from '../../../shared/locale.ts';
import {
  type CreateTrackedApplication,
  trackedApplicationParamsSchema,
  trackedApplicationSchema,
  trackedApplicationSchemas,
  trackedApplicationsResponseSchema,
} from '../../../shared/tracked-applications/tracked-applications-api.ts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../http/http-error.ts';
import { contentAnswer, emptyAnswer, errorAnswers, withExample } from '../../http/route-schemas.ts';
import { requireIdentifiedUser } from '../../plugins/auth.ts';
import { studentApplications } from '../applications/index.ts';
import { accountExists } from '../auth/index.ts';
import { applicationsCsv } from './tracked-applications-csv.ts';
import { createTrackedApplicationsService } from './tracked-applications.service.ts';

// A student's tracked applications (sent on employers' sites): GET/POST /api/tracked-applications,
// PATCH/DELETE /api/tracked-applications/{id}, and GET /api/tracked-applications.csv (every application, in the app
// and tracked). Who may call: a signed-in student with an account, for their own applications only (the uid comes
// from the token). Another student's id answers 404 tracked_application_not_found, exactly as an unknown id.

export const trackedApplicationsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  now: () => number;
  appUrl: string;
}> = async (app, { db, now, appUrl }) => {
  const service = createTrackedApplicationsService({ db, now });
  const schemas = trackedApplicationSchemas(now);

  async function requireAccount(uid: string): Promise<void> {
    if (!(await accountExists(db, uid))) throw new HttpError(403, 'account_required');
  }

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  const tags = { tags: ['tracked-applications'], security: [{ firebaseIdToken: [] }] };
  const example: CreateTrackedApplication = {
    id: '0b6f8f5e-3c1a-4f7e-9d2b-5a4c3e2f1d0a',
    company: 'Northwind Robotics',
    title: 'Firmware Intern, Summer 2027',
    url: 'https://jobs.example.com/northwind/firmware-intern',
    stage: 'applied',
    changedAt: '2026-11-26T12:00:00.000Z',
  };

  app.get(
    '/tracked-applications',
    {
      config: { access: 'account' },
      preHandler: requireIdentifiedUser,
      schema: {
        ...tags,
        summary: "The signed-in student's tracked applications, most recently applied first",
        response: { 200: trackedApplicationsResponseSchema, ...errorAnswers(401, 403) },
      },
    },
    async (request) => {
      const uid = request.user!.uid;
      await requireAccount(uid);
      return { trackedApplications: await service.list(uid) };
    },
  );

  app.get(
    '/tracked-applications.csv',
    {
      config: { access: 'account' },
      preHandler: requireIdentifiedUser,
      schema: {
        ...tags,
        summary: 'Every application of the signed-in student (in the app and tracked) as CSV',
        querystring: z.object({ lang: z.enum(supportedLocales).optional() }),
        response: { 200: contentAnswer('RFC 4180 CSV, UTF-8 with a BOM', 'text/csv'), ...errorAnswers(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const uid = request.user!.uid;
      await requireAccount(uid);
      const jobUrl = (slug: string) => new URL(clientPaths.jobDetail.replace(':slug', slug), appUrl).href;
      const csv = applicationsCsv(
        request.query.lang ?? 'en',
        await studentApplications(db, uid),
        await service.list(uid),
        jobUrl,
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="applications.csv"')
        .send(csv);
    },
  );

  // The guards run before the schemas (preValidation): no token is 401 whatever the input.
  app.post(
    '/tracked-applications',
    {
      config: { access: 'account' },
      preValidation: requireIdentifiedUser,
      schema: {
        ...tags,
        summary: 'Track an application sent on an employer’s site',
        description:
          'With the id of one already stored (a retry) or the jobId of a listing the student already tracks, the ' +
          'request is applied to that application as a change (200) instead of adding one (201).',
        body: withExample(schemas.create, example),
        response: {
          200: trackedApplicationSchema,
          201: trackedApplicationSchema,
          ...errorAnswers(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const uid = request.user!.uid;
      await requireAccount(uid);
      const { created, application } = await service.create(uid, request.body);
      return reply.code(created ? 201 : 200).send(application);
    },
  );

  app.patch(
    '/tracked-applications/:id',
    {
      config: { access: 'account' },
      preValidation: requireIdentifiedUser,
      schema: {
        ...tags,
        summary: 'Change a tracked application: its stage (dated, with a note), next step or details',
        params: trackedApplicationParamsSchema,
        body: withExample(schemas.update, {
          stage: 'interview',
          note: 'Technical interview with the firmware team',
          nextStepAt: '2026-12-03T15:00:00.000Z',
          changedAt: '2026-11-26T12:00:00.000Z',
        }),
        response: { 200: trackedApplicationSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const uid = request.user!.uid;
      await requireAccount(uid);
      return service.update(uid, request.params.id, request.body);
    },
  );

  app.delete(
    '/tracked-applications/:id',
    {
      config: { access: 'account' },
      preValidation: requireIdentifiedUser,
      schema: {
        ...tags,
        summary: 'Stop tracking an application',
        params: trackedApplicationParamsSchema,
        response: { 204: emptyAnswer, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const uid = request.user!.uid;
      await requireAccount(uid);
      await service.remove(uid, request.params.id);
      return reply.code(204).send();
    },
  );
};

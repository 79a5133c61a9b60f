import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  alertParamsSchema,
  alertSchema,
  alertsResponseSchema,
  createAlertSchema,
  type CreateAlertRequest,
  updateAlertSchema,
} from '../../../shared/alerts/alerts-api.ts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../http/http-error.ts';
import { emptyAnswer, errorAnswers, withExample } from '../../http/route-schemas.ts';
import { requireIdentifiedUser } from '../../plugins/auth.ts';
import { accountExists } from '../auth/index.ts';
import type { BoardIndex } from '../jobs/index.ts';
import { alertLimits, createAlertsService } from './alerts.service.ts';

// A student's alerts (saved board searches): GET/POST /api/alerts, PATCH/DELETE /api/alerts/{id}. Who may call: a
// signed-in student with an account, for their own alerts only (the uid comes from the token). Another student's
// alert id answers 404 alert_not_found, exactly as an id that does not exist, so ids reveal nothing.

export const alertsRoutes: FastifyPluginAsyncZod<{ db: Database; boardIndex: BoardIndex }> = async (
  app,
  { db, boardIndex },
) => {
  const service = createAlertsService({ db, board: () => boardIndex.view() });

  async function requireAccount(uid: string): Promise<void> {
    if (!(await accountExists(db, uid))) throw new HttpError(403, 'account_required');
  }

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  const alertsSchema = { tags: ['alerts'], security: [{ firebaseIdToken: [] }] };
  const example: CreateAlertRequest = {
    name: 'Software internships in Canada',
    filters: { type: 'internship', country: 'Canada', category: ['software'] },
    frequency: 'daily',
    channels: ['email'],
  };

  app.get(
    '/alerts',
    {
      config: { access: 'account' },
      preHandler: requireIdentifiedUser,
      schema: {
        ...alertsSchema,
        summary: "The signed-in student's alerts, each with the number of new matching jobs",
        response: { 200: alertsResponseSchema, ...errorAnswers(401, 403) },
      },
    },
    async (request) => {
      const uid = request.user!.uid;
      await requireAccount(uid);
      return { alerts: await service.list(uid), limits: alertLimits };
    },
  );

  // The guards run before the schemas (preValidation): no token is 401 whatever the input.
  app.post(
    '/alerts',
    {
      config: { access: 'account' },
      preValidation: requireIdentifiedUser,
      schema: {
        ...alertsSchema,
        summary: 'Save the board search as an alert',
        description: `At most ${alertLimits.alerts} alerts per student (409 alert_limit_reached), of which ${alertLimits.instant} instant (409 instant_alert_limit_reached).`,
        body: withExample(createAlertSchema, example),
        response: { 201: alertSchema, ...errorAnswers(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const uid = request.user!.uid;
      await requireAccount(uid);
      const { instant = false, ...alert } = request.body;
      return reply.code(201).send(await service.create(uid, { ...alert, instant }));
    },
  );

  app.patch(
    '/alerts/:id',
    {
      config: { access: 'account' },
      preValidation: requireIdentifiedUser,
      schema: {
        ...alertsSchema,
        summary: 'Change, pause or resume one of the signed-in student’s alerts',
        params: alertParamsSchema,
        body: withExample(updateAlertSchema, { frequency: 'weekly', paused: true }),
        response: { 200: alertSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const uid = request.user!.uid;
      await requireAccount(uid);
      return service.update(uid, request.params.id, request.body);
    },
  );

  app.delete(
    '/alerts/:id',
    {
      config: { access: 'account' },
      preValidation: requireIdentifiedUser,
      schema: {
        ...alertsSchema,
        summary: 'Delete one of the signed-in student’s alerts',
        params: alertParamsSchema,
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

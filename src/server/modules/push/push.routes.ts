import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  pushPublicKeyResponseSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from '../../../shared/push/push-api.ts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../http/http-error.ts';
import { emptyAnswer, errorAnswers, withExample } from '../../http/route-schemas.ts';
import { requireIdentifiedUser } from '../../plugins/auth.ts';
import { isAllowedPushEndpoint } from '../../push/push-endpoints.ts';
import { accountExists } from '../auth/index.ts';
import { deleteSubscription, upsertSubscription } from './push.repository.ts';

// Web Push (docs/decisions/025-web-push.md): the VAPID public key browsers subscribe with, and the subscriptions of
// a student's browsers. Only a student with an account subscribes, for themselves (the uid comes from the token);
// an endpoint is stored only when it is a known push service's, since the server later posts to it.

const exampleSubscription = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/dXJ3c2VyOjEyMw:APA91bHexample',
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
};

export const pushRoutes: FastifyPluginAsyncZod<{
  db: Database;
  publicKey: string;
  extraAllowedHosts: readonly string[];
}> = async (app, { db, publicKey, extraAllowedHosts }) => {
  const tags = ['push'];

  app.get(
    '/push/public-key',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The VAPID public key to subscribe a browser with (applicationServerKey)',
        response: { 200: pushPublicKeyResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { publicKey };
    },
  );

  const signedIn = { tags, security: [{ firebaseIdToken: [] }] };

  // The guard runs before the schema (preValidation): no token is 401 whatever the body.
  app.post(
    '/push/subscriptions',
    {
      config: { access: 'account' },
      preValidation: requireIdentifiedUser,
      schema: {
        ...signedIn,
        summary: "Subscribe this browser to the signed-in student's push notifications (PushSubscription JSON)",
        body: withExample(pushSubscriptionSchema, exampleSubscription),
        response: { 204: emptyAnswer, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const uid = request.user!.uid;
      if (!(await accountExists(db, uid))) throw new HttpError(403, 'account_required');
      if (!isAllowedPushEndpoint(request.body.endpoint, extraAllowedHosts)) {
        throw new HttpError(400, 'push_endpoint_not_allowed');
      }
      await upsertSubscription(db, uid, request.body);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/push/subscriptions',
    {
      config: { access: 'account' },
      preValidation: requireIdentifiedUser,
      schema: {
        ...signedIn,
        summary: "Unsubscribe a browser of the signed-in student (by endpoint; another student's is never touched)",
        body: withExample(pushUnsubscribeSchema, { endpoint: exampleSubscription.endpoint }),
        response: { 204: emptyAnswer, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const uid = request.user!.uid;
      if (!(await accountExists(db, uid))) throw new HttpError(403, 'account_required');
      await deleteSubscription(db, uid, request.body.endpoint);
      return reply.code(204).send();
    },
  );
};

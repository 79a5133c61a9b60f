import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applicationMessages } from '../../../shared/applications/application-schema.ts';
import {
  applicationReceiptSchema,
  applyJsonBodySchema,
  applyMultipartBodySchema,
  applyParamsSchema,
  applyQuerySchema,
} from '../../../shared/applications/apply-api.ts';
import type { Database } from '../../db/client.ts';
import { sendError } from '../../http/error-handler.ts';
import { HttpError, parseRequest } from '../../http/http-error.ts';
import { bodyByContentType, errorAnswers, validatedInHandler } from '../../http/route-schemas.ts';
import { UploadTooLargeError } from '../../http/multipart-request.ts';
import type { MailSender } from '../../mail/outbox.ts';
import { callerOf, requireIdentifiedUser } from '../../plugins/auth.ts';
import type { Storage } from '../../storage/storage.ts';
import { findOpenFeaturedJob } from '../jobs/index.ts';
import type { ApplicationNotices } from '../company-notifications/index.ts';
import type { DevpostService } from '../profile/index.ts';
import { verifiedEmailOf } from './application-channel.ts';
import { readApplicationRequest } from './application-request.ts';
import { FieldsError, submitApplication } from './apply.service.ts';

// A client-generated UUID in practice; anything unguessable of reasonable length will do.
const idempotencyKeyPattern = /^[A-Za-z0-9_-]{8,200}$/;

export type ApplyRoutesOptions = {
  db: Database;
  storage: Storage;
  devpost: DevpostService;
  mailSender: MailSender;
  /** The app's origin (PUBLIC_URL), for links in e-mails. */
  appUrl: string;
  notices: ApplicationNotices;
};

/** The upload is refused and the connection closed, so the rest of the body is never read. */
function refuseTooLarge(reply: FastifyReply, message: string) {
  reply.header('connection', 'close');
  return sendError(reply, 413, 'resume_too_large', message);
}

export const applyRoutes: FastifyPluginAsyncZod<ApplyRoutesOptions> = async (
  app,
  { db, storage, devpost, mailSender, appUrl, notices },
) => {
  // The apply route reads multipart bodies itself, with its own limits: hand the stream over unread.
  app.addContentTypeParser('multipart/form-data', (_request, payload, done) => done(null, payload));

  app.addHook('onSend', async (_request, reply) => {
    // Personal data and per-request outcomes: never cached.
    reply.header('cache-control', 'no-store');
  });

  // Only a signed-in, identified person with a verified e-mail may apply, for themselves: the application is tied
  // to the token's uid and e-mail. The body is read only after these checks.
  app.post(
    '/public/jobs/:slug/apply',
    {
      config: { access: 'account' },
      preHandler: requireIdentifiedUser,
      ...validatedInHandler,
      schema: {
        summary: 'Apply to a featured job (idempotent with the Idempotency-Key header)',
        tags: ['apply'],
        security: [{ firebaseIdToken: [] }],
        params: applyParamsSchema,
        querystring: applyQuerySchema,
        headers: z.object({
          'idempotency-key': z.string().describe('8-200 letters, digits, - or _; one per application'),
        }),
        body: bodyByContentType({
          'application/json': applyJsonBodySchema,
          'multipart/form-data': applyMultipartBodySchema,
        }),
        response: {
          200: applicationReceiptSchema.describe('The same request sent again: the first answer (Idempotent-Replayed)'),
          201: applicationReceiptSchema,
          ...errorAnswers(400, 401, 403, 404, 409, 410, 413, 415, 422),
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request.user);
      verifiedEmailOf(caller);
      const header = request.headers['idempotency-key'];
      const idempotencyKey = typeof header === 'string' ? header.trim() : '';
      if (!idempotencyKeyPattern.test(idempotencyKey)) throw new HttpError(400, 'idempotency_key_missing');
      const query = parseRequest(applyQuerySchema, request.query);
      const job = await findOpenFeaturedJob(db, request.params.slug);
      if (!job) throw new HttpError(404, 'job_not_available');

      let body;
      try {
        body = await readApplicationRequest(request);
      } catch (error) {
        if (error instanceof UploadTooLargeError) return refuseTooLarge(reply, applicationMessages.resumeTooLarge);
        // A body refused half-read is never read to its end: close the connection rather than leave it stalled.
        reply.header('connection', 'close');
        throw error;
      }

      try {
        const outcome = await submitApplication(
          { db, storage, devpost, mailSender, log: request.log, appUrl, notices },
          { caller, job, query, idempotencyKey, request: body },
        );
        if (outcome.replayed) reply.header('idempotent-replayed', 'true');
        return reply.code(outcome.status as 200 | 201).send(outcome.body);
      } catch (error) {
        if (error instanceof FieldsError)
          return sendError(reply, 400, error.errorCode, error.message, { fields: error.fields });
        throw error;
      }
    },
  );
};

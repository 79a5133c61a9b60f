import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  auditLogSchema,
  dismissReportsRequestSchema,
  dismissResultSchema,
  hideJobRequestSchema,
  jobReportCreatedSchema,
  jobReportRequestSchema,
  moderationJobParamsSchema,
  moderationOverviewSchema,
  moderationResultSchema,
} from '../../../shared/moderation/moderation-api.ts';
import { publicJobParamsSchema } from '../../../shared/jobs/public-job-api.ts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../http/http-error.ts';
import { databaseRateLimitStore } from '../../http/rate-limit-store.ts';
import { errorAnswers, withExample } from '../../http/route-schemas.ts';
import { callerOf, requireIdentifiedUser, requireUser } from '../../plugins/auth.ts';
import { accountExists } from '../auth/index.ts';
import type { BoardIndex } from '../jobs/index.ts';
import type { MailSender } from '../../mail/outbox.ts';
import { readAuditLog } from './moderation.repository.ts';
import {
  dismissReports,
  hideJob,
  readModerationOverview,
  resolveBoardJobId,
  restoreJob,
  submitReport,
} from './moderation.service.ts';

// Reports and moderation (docs/decisions/032-job-reports-and-moderation.md).
// - POST /api/public/jobs/{idOrSlug}/reports: a signed-in student with an account reports a job on the board, once
//   (409 already_reported); 401 without a token, 403 for an anonymous session; 30 reports a day per account.
// - /api/moderation/*: the operators, signed in with a verified e-mail listed in ADMIN_EMAILS; anyone else 403
//   operator_only. Each hide, restore and dismiss is written to the audit log with the operator's e-mail.

export type ModerationRoutesOptions = {
  db: Database;
  boardIndex: BoardIndex;
  /** ADMIN_EMAILS, lowercase. */
  operatorEmails: readonly string[];
  now: () => number;
  /** The operators' e-mail of a job's first open report goes through the outbox. */
  mailSender: Pick<MailSender, 'nudge'>;
  appUrl: string;
};

/** Reports per account per day: enough for a student who meets several dead listings, too few to flood the queue. */
export const reportsPerDay = 30;

export const moderationRoutes: FastifyPluginAsyncZod<ModerationRoutesOptions> = async (
  app,
  { db, boardIndex, operatorEmails, now, mailSender, appUrl },
) => {
  const operators = new Set(operatorEmails);
  const signedIn = { security: [{ firebaseIdToken: [] }] };

  await app.register(rateLimit, { global: false, store: databaseRateLimitStore({ db, name: 'job-reports', now }) });
  const reportLimit = app.createRateLimit({
    max: reportsPerDay,
    timeWindow: 24 * 60 * 60_000,
    keyGenerator: (request) => callerOf(request.user).uid,
  });

  app.post(
    '/public/jobs/:idOrSlug/reports',
    {
      config: { access: 'account' },
      preValidation: requireIdentifiedUser,
      schema: {
        ...signedIn,
        tags: ['jobs'],
        summary: 'Report a job on the board to the operators (once per job per student)',
        params: publicJobParamsSchema,
        body: withExample(jobReportRequestSchema, { reason: 'closed', text: 'The company says the role is filled.' }),
        response: { 201: jobReportCreatedSchema, ...errorAnswers(400, 401, 403, 404, 409, 410, 429) },
      },
    },
    async (request, reply) => {
      const uid = callerOf(request.user).uid;
      if (!(await accountExists(db, uid))) throw new HttpError(403, 'account_required');
      const jobId = await resolveBoardJobId(db, request.params.idOrSlug);
      const limit = await reportLimit(request);
      if (!limit.isAllowed && limit.isExceeded) {
        reply.header('retry-after', String(limit.ttlInSeconds));
        throw new HttpError(429, 'rate_limited', 'Too many reports today. Please try again tomorrow.');
      }
      const { reason, text } = request.body;
      const { report, mailed } = await submitReport(
        db,
        { jobId, uid, reason, text, at: new Date(now()) },
        { operatorEmails, appUrl },
      );
      if (!report) throw new HttpError(409, 'already_reported');
      if (mailed > 0) mailSender.nudge();
      reply.header('cache-control', 'no-store');
      return reply.code(201).send({ ...report, createdAt: report.createdAt.toISOString() });
    },
  );

  async function requireOperator(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await requireUser(request, reply);
    const user = callerOf(request.user);
    const email = user.email?.toLowerCase();
    if (user.isAnonymous || !user.emailVerified || !email || !operators.has(email)) {
      throw new HttpError(403, 'operator_only');
    }
  }
  const operatorOf = (request: FastifyRequest) => ({ actor: callerOf(request.user).email!.toLowerCase(), now });
  const moderation = { ...signedIn, tags: ['moderation'] };

  app.get(
    '/moderation/reports',
    {
      config: { access: 'operator' },
      preHandler: requireOperator,
      schema: {
        ...moderation,
        summary: 'The jobs with open reports (counts by reason, texts) and the hidden jobs',
        response: { 200: moderationOverviewSchema, ...errorAnswers(401, 403) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return readModerationOverview(db);
    },
  );

  app.get(
    '/moderation/audit-log',
    {
      config: { access: 'operator' },
      preHandler: requireOperator,
      schema: {
        ...moderation,
        summary: 'Every operator action, newest first (100 a page; `before`: the last id of the previous page)',
        querystring: z.object({ before: z.coerce.number().int().positive().optional() }),
        response: { 200: auditLogSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { entries: await readAuditLog(db, { before: request.query.before, limit: 100 }) };
    },
  );

  app.post(
    '/moderation/jobs/:jobId/hide',
    {
      config: { access: 'operator' },
      preValidation: requireOperator,
      schema: {
        ...moderation,
        summary: 'Take a job off the board on every instance (its page answers 410)',
        params: moderationJobParamsSchema,
        body: withExample(hideJobRequestSchema, { reason: 'Scam: asks applicants for a payment' }),
        response: { 200: moderationResultSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const result = await hideJob(db, request.params.jobId, request.body.reason, operatorOf(request));
      // This instance at once; the others on the version's NOTIFY.
      await boardIndex.refresh();
      return result;
    },
  );

  app.post(
    '/moderation/jobs/:jobId/restore',
    {
      config: { access: 'operator' },
      preValidation: requireOperator,
      schema: {
        ...moderation,
        summary: 'Put a hidden job back on the board',
        params: moderationJobParamsSchema,
        response: { 200: moderationResultSchema, ...errorAnswers(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const result = await restoreJob(db, request.params.jobId, null, operatorOf(request));
      await boardIndex.refresh();
      return result;
    },
  );

  app.post(
    '/moderation/jobs/:jobId/dismiss',
    {
      config: { access: 'operator' },
      preValidation: requireOperator,
      schema: {
        ...moderation,
        summary:
          'Close the open reports of a job without hiding it (the reports are wrong); the job stays on the board',
        params: moderationJobParamsSchema,
        body: withExample(dismissReportsRequestSchema, { reason: 'Checked: the role is still open' }),
        response: { 200: dismissResultSchema, ...errorAnswers(400, 401, 403, 409) },
      },
    },
    async (request) => dismissReports(db, request.params.jobId, request.body.reason, operatorOf(request)),
  );
};

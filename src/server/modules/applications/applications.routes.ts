import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../http/http-error.ts';
import { contentAnswer, errorAnswers } from '../../http/route-schemas.ts';
import { callerOf, requireIdentifiedUser } from '../../plugins/auth.ts';
import type { MailSender } from '../../mail/outbox.ts';
import type { Storage } from '../../storage/storage.ts';
import type { ApplicationNotices } from '../company-notifications/index.ts';
import {
  findStudentApplication,
  listAppliedJobIds,
  listStudentHistory,
  listStudentMessages,
  studentApplications,
  toStudentApplication,
  withdrawApplication,
} from './applications.repository.ts';
import {
  type StudentApplication,
  type StudentApplicationDetail,
  studentApplicationDetailSchema,
  studentApplicationSchema,
} from '../../../shared/company/company-api.ts';
import { inlineContentDisposition } from '../../http/content-disposition.ts';
import { isUuid } from '../../lib/uuid.ts';

export type ApplicationsRoutesOptions = {
  db: Database;
  storage: Storage;
  /** The e-mails to the organization's members who chose one per withdrawal, queued with it. */
  notices: ApplicationNotices;
  mailSender: MailSender;
};

export const applicationsRoutes: FastifyPluginAsyncZod<ApplicationsRoutesOptions> = async (
  app,
  { db, storage, notices, mailSender },
) => {
  app.addHook('onSend', async (_request, reply) => {
    // Personal data and per-request outcomes: never cached.
    reply.header('cache-control', 'no-store');
  });

  // The caller's own applications only: there is no parameter naming anyone else.
  const signedIn = { tags: ['applications'], security: [{ firebaseIdToken: [] }] };
  // Any text: an id that is not one of the caller's applications answers 404.
  const params = z.object({ id: z.string().describe("The application's id") });

  app.get(
    '/job/applied-jobs',
    {
      config: { access: 'account' },
      preHandler: requireIdentifiedUser,
      schema: {
        ...signedIn,
        summary: 'The ids of the jobs the caller applied to',
        response: { 200: z.array(z.string()), ...errorAnswers(401, 403) },
      },
    },
    async (request) => {
      return listAppliedJobIds(db, callerOf(request.user).uid);
    },
  );

  // My Applications: the caller's own, with their status. Another person's id answers as an unknown one (404).
  app.get(
    '/applications',
    {
      config: { access: 'account' },
      preHandler: requireIdentifiedUser,
      schema: {
        ...signedIn,
        summary: "The caller's applications with their status",
        response: { 200: z.array(studentApplicationSchema), ...errorAnswers(401, 403) },
      },
    },
    async (request): Promise<StudentApplication[]> => {
      return studentApplications(db, callerOf(request.user).uid);
    },
  );

  app.get(
    '/applications/:id',
    {
      config: { access: 'resource-owner' },
      preHandler: requireIdentifiedUser,
      schema: {
        ...signedIn,
        summary: "One of the caller's applications, with its answers and history",
        params,
        response: { 200: studentApplicationDetailSchema, ...errorAnswers(401, 403, 404) },
      },
    },
    async (request): Promise<StudentApplicationDetail> => {
      const row = await ownApplication(callerOf(request.user).uid, request.params.id);
      const { coverLetter, ...answers } = row.application.answers;
      const [history, messages] = await Promise.all([
        listStudentHistory(db, row.application.id),
        listStudentMessages(db, row.application.id),
      ]);
      return {
        ...toStudentApplication(row),
        answers: { ...answers, email: row.application.email },
        coverLetter,
        resumeName: row.application.resumeName,
        detailsRemovedAt: row.application.anonymizedAt?.toISOString() ?? null,
        history: history.map((entry) => ({
          from: entry.from as StudentApplication['status'],
          to: entry.to as StudentApplication['status'],
          at: entry.at.toISOString(),
        })),
        messages: messages.map((message) => ({ ...message, at: message.at.toISOString() })),
      };
    },
  );

  app.get(
    '/applications/:id/resume',
    {
      config: { access: 'resource-owner' },
      preHandler: requireIdentifiedUser,
      schema: {
        ...signedIn,
        summary: "The resume sent with one of the caller's applications",
        params,
        response: { 200: contentAnswer('The PDF', 'application/pdf'), ...errorAnswers(401, 403, 404, 410) },
      },
    },
    async (request, reply) => {
      const row = await ownApplication(callerOf(request.user).uid, request.params.id);
      if (row.application.anonymizedAt) throw new HttpError(410, 'resume_expired');
      const stored = await storage.get(row.application.resumeKey);
      if (!stored) {
        request.log.error({ applicationId: row.application.id }, 'application resume missing from the storage');
        throw new HttpError(404, 'resume_missing');
      }
      return reply
        .type('application/pdf')
        .header('content-disposition', inlineContentDisposition(row.application.resumeName))
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(Buffer.from(stored.data.buffer, stored.data.byteOffset, stored.data.byteLength));
    },
  );

  // Not yet hired or rejected (nor withdrawn): the company sees 'withdrawn' and the job can be applied to again.
  app.post(
    '/applications/:id/withdraw',
    {
      config: { access: 'resource-owner' },
      preHandler: requireIdentifiedUser,
      schema: {
        ...signedIn,
        summary: "Withdraw one of the caller's applications",
        params,
        response: { 200: studentApplicationSchema, ...errorAnswers(401, 403, 404, 409) },
      },
    },
    async (request): Promise<StudentApplication> => {
      const uid = callerOf(request.user).uid;
      const row = await ownApplication(uid, request.params.id);
      const outcome = await withdrawApplication(db, uid, row.application.id, (tx) =>
        notices.enqueue(tx, 'withdrawn', row.application.id),
      );
      if (!outcome) throw new HttpError(409, 'not_withdrawable');
      mailSender.nudge();
      request.log.info({ applicationId: row.application.id, from: outcome.from }, 'application withdrawn');
      return toStudentApplication(await ownApplication(uid, row.application.id));
    },
  );

  async function ownApplication(uid: string, id: string) {
    const row = isUuid(id) ? await findStudentApplication(db, uid, id.toLowerCase()) : null;
    if (!row) throw new HttpError(404, 'not_found');
    return row;
  }
};

import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  bookInterviewRequestSchema,
  type Interview,
  interviewSchema,
  proposeInterviewRequestSchema,
  rescheduleInterviewRequestSchema,
  type StudentInterview,
  studentInterviewSchema,
} from '../../../shared/interviews/interviews-api.ts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../http/http-error.ts';
import { errorAnswers, validatedInHandler, withExample } from '../../http/route-schemas.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { MailSender } from '../../mail/outbox.ts';
import { callerOf, requireIdentifiedUser } from '../../plugins/auth.ts';
import {
  asCompanyScope,
  companyCaller,
  displayNameOf,
  findMembership,
  parseCompanyRequest,
  requireApplicationAccess,
} from '../company/index.ts';
import { findInterviewApplication, findOwnApplicationId } from './interviews.repository.ts';
import {
  addressOf,
  bookInterview,
  cancelInterview,
  companyInterviews,
  proposeInterview,
  rescheduleInterview,
  type SchedulingContext,
  studentInterviews,
} from './interviews.service.ts';

// Interview scheduling (issue 28, docs/decisions/038-interview-scheduling.md). Company routes, for the members of
// the job's organization: list, propose times, reschedule (new times or a new booked time), cancel. Student routes,
// for the application's own student: list the interviews with the times still free, book one.

const applicationParams = z.object({ id: z.string().describe('The application id') });
const interviewParams = applicationParams.extend({ interviewId: z.string().describe('The interview id') });
const example = '2027-01-15T14:00:00-05:00';

export type InterviewsRoutesOptions = {
  db: Database;
  mailSender: MailSender;
  appUrl: string;
  /** MAIL_FROM: the invitations' organizer. */
  mailFrom: string;
  now: () => number;
};

export const interviewsRoutes: FastifyPluginAsync<InterviewsRoutesOptions> = async (app, options) => {
  const ctx: SchedulingContext = {
    db: options.db,
    appUrl: options.appUrl,
    organizerEmail: addressOf(options.mailFrom),
    now: options.now,
  };
  await app.register(async (scope) => companyScope(scope, ctx, options.mailSender));
  await app.register(async (scope) => studentScope(scope, ctx, options.mailSender));
};

function companyScope(app: FastifyInstance, ctx: SchedulingContext, mailSender: MailSender) {
  asCompanyScope(app);
  const { db } = ctx;
  const signedIn = { tags: ['company'], security: [{ firebaseIdToken: [] }] };
  const errors = errorAnswers(400, 401, 403, 404, 409);

  async function actorOf(request: Parameters<typeof companyCaller>[0], organizationId: string) {
    const caller = companyCaller(request);
    const membership = await findMembership(db, organizationId, caller.uid);
    return { uid: caller.uid, name: displayNameOf(caller, membership) };
  }

  async function answer(applicationId: string, jobId: string): Promise<Interview[]> {
    return companyInterviews(db, applicationId, jobId);
  }

  app.get<{ Params: { id: string } }>(
    '/company/applications/:id/interviews',
    {
      config: { access: 'organization-member' },
      schema: {
        ...signedIn,
        summary: "An application's interviews: times proposed (and which another candidate took), booking, history",
        params: applicationParams,
        response: { 200: z.array(interviewSchema), ...errors },
      },
    },
    async (request): Promise<Interview[]> => {
      const access = await requireApplicationAccess(db, companyCaller(request), request.params.id);
      return answer(request.params.id.toLowerCase(), access.jobId);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/company/applications/:id/interviews',
    {
      config: { access: 'organization-member' },
      schema: {
        ...signedIn,
        summary: 'Propose 1 to 10 interview times to the student, who is e-mailed and books one (members)',
        params: applicationParams,
        body: withExample(proposeInterviewRequestSchema, {
          slots: [example, '2027-01-16T10:00:00-05:00'],
          durationMinutes: 45,
          location: null,
          videoUrl: 'https://meet.example.com/abc-defg-hij',
          interviewerUids: ['uid-of-a-member'],
          timeZone: 'America/Toronto',
        }),
        response: { 201: z.array(interviewSchema), ...errors },
      },
    },
    async (request, reply) => {
      const access = await requireApplicationAccess(db, companyCaller(request), request.params.id);
      const input = parseCompanyRequest(proposeInterviewRequestSchema, request.body);
      const applicationId = request.params.id.toLowerCase();
      await proposeInterview(ctx, {
        applicationId,
        input,
        actor: await actorOf(request, access.organizationId),
      });
      mailSender.nudge();
      request.log.info({ applicationId }, 'interview proposed');
      return reply.code(201).send(await answer(applicationId, access.jobId));
    },
  );

  app.post<{ Params: { id: string; interviewId: string } }>(
    '/company/applications/:id/interviews/:interviewId/reschedule',
    {
      config: { access: 'organization-member' },
      schema: {
        ...signedIn,
        summary: 'Move the booked time, or propose new times; the calendars get an update (members)',
        params: interviewParams,
        body: withExample(rescheduleInterviewRequestSchema, { kind: 'slots', slots: [example] }),
        response: { 200: z.array(interviewSchema), ...errors },
      },
    },
    async (request): Promise<Interview[]> => {
      const access = await requireApplicationAccess(db, companyCaller(request), request.params.id);
      const input = parseCompanyRequest(rescheduleInterviewRequestSchema, request.body);
      const applicationId = request.params.id.toLowerCase();
      await rescheduleInterview(ctx, {
        applicationId,
        interviewId: request.params.interviewId,
        input,
        actor: await actorOf(request, access.organizationId),
      });
      mailSender.nudge();
      request.log.info({ applicationId, kind: input.kind }, 'interview rescheduled');
      return answer(applicationId, access.jobId);
    },
  );

  app.post<{ Params: { id: string; interviewId: string } }>(
    '/company/applications/:id/interviews/:interviewId/cancel',
    {
      config: { access: 'organization-member' },
      schema: {
        ...signedIn,
        summary: 'Cancel an interview; a booked one is withdrawn from the calendars (members)',
        params: interviewParams,
        response: { 200: z.array(interviewSchema), ...errors },
      },
    },
    async (request): Promise<Interview[]> => {
      const access = await requireApplicationAccess(db, companyCaller(request), request.params.id);
      const applicationId = request.params.id.toLowerCase();
      await cancelInterview(ctx, {
        applicationId,
        interviewId: request.params.interviewId,
        actor: await actorOf(request, access.organizationId),
      });
      mailSender.nudge();
      request.log.info({ applicationId }, 'interview cancelled');
      return answer(applicationId, access.jobId);
    },
  );
}

function studentScope(app: FastifyInstance, ctx: SchedulingContext, mailSender: MailSender) {
  const { db } = ctx;
  // Input is read after the ownership check: someone else's application is 404 whatever they send.
  app.setValidatorCompiler(validatedInHandler.validatorCompiler);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const signedIn = { tags: ['applications'], security: [{ firebaseIdToken: [] }] };

  /** The caller's own application and its job; another person's id answers as an unknown one (404). */
  async function ownApplication(uid: string, id: string) {
    const own = isUuid(id) ? await findOwnApplicationId(db, uid, id.toLowerCase()) : null;
    const application = own ? await findInterviewApplication(db, own) : null;
    if (!application) throw new HttpError(404, 'not_found');
    return application;
  }

  app.get<{ Params: { id: string } }>(
    '/applications/:id/interviews',
    {
      config: { access: 'resource-owner' },
      preHandler: requireIdentifiedUser,
      schema: {
        ...signedIn,
        summary: "The interviews of one of the caller's applications, with the times still free to book",
        params: applicationParams,
        response: { 200: z.array(studentInterviewSchema), ...errorAnswers(401, 403, 404) },
      },
    },
    async (request): Promise<StudentInterview[]> => {
      const application = await ownApplication(callerOf(request.user).uid, request.params.id);
      return studentInterviews(db, application.applicationId, application.jobId, ctx.now());
    },
  );

  app.post<{ Params: { id: string; interviewId: string } }>(
    '/applications/:id/interviews/:interviewId/booking',
    {
      config: { access: 'resource-owner' },
      preHandler: requireIdentifiedUser,
      schema: {
        ...signedIn,
        summary: 'Book one of the times proposed for an interview; both sides get the calendar invitation',
        params: interviewParams,
        body: withExample(bookInterviewRequestSchema, { slotId: '6a2f41a0-3b8e-4c1d-9f5e-2b7c8d9e0f1a' }),
        response: { 200: z.array(studentInterviewSchema), ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request): Promise<StudentInterview[]> => {
      const application = await ownApplication(callerOf(request.user).uid, request.params.id);
      const { slotId } = parseCompanyRequest(bookInterviewRequestSchema, request.body);
      await bookInterview(ctx, {
        applicationId: application.applicationId,
        interviewId: request.params.interviewId,
        slotId,
      });
      mailSender.nudge();
      request.log.info({ applicationId: application.applicationId }, 'interview booked');
      return studentInterviews(db, application.applicationId, application.jobId, ctx.now());
    },
  );
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { externalFeedTypes } from '../../../shared/jobs/listing-schemas.ts';
import { policyText } from '../../../shared/schemas/text-policy.ts';
import type { Database } from '../../db/client.ts';
import { isLoopbackHost } from '../../env.ts';
import { HttpError } from '../../http/http-error.ts';
import { errorAnswers, objectAnswer, withExample } from '../../http/route-schemas.ts';
import { FeedReadError, IngestBusyError, type IngestService } from '../jobs/index.ts';
import { inviteApplicant, revokeJobLink, shareJob } from '../apply/index.ts';
import type { BoardIndex } from '../jobs/index.ts';
import {
  createOrganizationWithOwner,
  operatorDeletesOrganization,
  operatorRestoresOrganization,
  organizationCreateRequestSchema,
} from '../company/index.ts';
import type { DigestService } from '../digests/index.ts';
import type { MailSender } from '../../mail/outbox.ts';
import { dismissReports, hideJob, readAuditLog, readModerationOverview, restoreJob } from '../moderation/index.ts';
import { hideJobRequestSchema, moderationJobParamsSchema } from '../../../shared/moderation/moderation-api.ts';
import { adminTokensMatch } from './admin-endpoint.ts';

/** The real feeds are 2-4 MB of JSON; a scaled-up benchmark feed of 20,000 listings is ~12 MB. */
export const adminIngestBodyLimit = 60 * 1024 * 1024;

const ingestRequestSchema = z.object({
  sources: z
    .array(
      z.object({
        name: policyText('single-line', { error: 'each source needs a name' }).trim().min(1).max(1000),
        type: z.enum(externalFeedTypes, { error: 'type must be internship or new-grad' }),
        records: z.unknown(),
      }),
      { error: 'sources must be a list of {name, type, records}' },
    )
    .min(1, 'at least one source is required')
    .max(20, 'at most 20 sources per request'),
});

const invitationRequestSchema = z.object({
  job: policyText('single-line', { error: 'job is required (a featured job id or slug)' }).trim().min(1).max(200),
  email: z.email({ error: 'email must be an e-mail address' }).max(320),
  firstName: policyText().trim().min(1).max(100).nullish(),
  lastName: policyText().trim().min(1).max(100).nullish(),
});

const sharedLinkRequestSchema = z.object({
  job: policyText('single-line', { error: 'job is required (a featured job id or slug)' }).trim().min(1).max(200),
});

const sharedLinkParamsSchema = z.object({ id: z.string() });

/** Who ran `npm run moderation` (the OS user), recorded as `cli:<user>` in the audit log. */
const cliActorSchema = policyText('single-line').trim().min(1).max(100).default('operator');
const moderationHideSchema = moderationJobParamsSchema
  .extend(hideJobRequestSchema.shape)
  .extend({ actor: cliActorSchema });
const moderationRestoreSchema = moderationJobParamsSchema.extend({ actor: cliActorSchema });
const moderationDismissSchema = moderationHideSchema;

const organizationDeletionSchema = z.object({
  organization: z.string().regex(/^[A-Za-z0-9-]{1,200}$/, 'organization must be an organization id or slug'),
  actor: cliActorSchema,
});

const digestRequestSchema = z.object({
  email: z.email({ error: 'email must be an e-mail address' }).max(320).optional(),
});

// The token check is an onRequest hook, before the schemas: without the token every route answers 401.
const adminSchema = { tags: ['admin'], security: [{ adminToken: [] }] };
const adminErrors = errorAnswers(400, 401, 404);

export type AdminRoutesOptions = {
  token: string;
  ingest: IngestService;
  boardIndex: BoardIndex;
  db: Database;
  digests: DigestService;
  mailSender: MailSender;
  /** PUBLIC_URL, for the links in the e-mails the operator's commands send. */
  appUrl: string;
  /** ORGANIZATION_DELETION_GRACE_DAYS, for `npm run org -- delete`. */
  deletionGraceDays: number;
  now: () => number;
};

export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (
  app,
  { token, ingest, boardIndex, db, digests, mailSender, appUrl, deletionGraceDays, now },
) => {
  app.addHook('onRequest', async (request, reply) => {
    // Local tools only: from anywhere else the route does not exist.
    if (!isLoopbackHost(request.socket.remoteAddress ?? '')) throw new HttpError(404, 'not_found', 'Not found');
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1] || !adminTokensMatch(match[1], token)) {
      reply.header('www-authenticate', 'Bearer');
      throw new HttpError(401, 'admin_token_required');
    }
  });

  // `npm run ingest` while the server runs: the command reads the files, the server writes them.
  app.post(
    '/admin/ingest',
    {
      bodyLimit: adminIngestBodyLimit,
      config: { access: 'admin', textPolicy: false },
      schema: {
        ...adminSchema,
        summary: 'Import feed files into the job board',
        body: ingestRequestSchema,
        response: {
          200: objectAnswer('The ingestion report and the board version'),
          ...adminErrors,
          ...errorAnswers(409),
        },
      },
    },
    async (request, reply) => {
      const sources = request.body.sources.map((source) => ({
        name: source.name,
        type: source.type,
        data: source.records,
      }));
      // The parsed feeds (~25 MB of objects for 20,000 listings) are not kept by the request while the listings
      // are written and the board reloads: the service lets go of them once they are prepared (the handler's own
      // list is emptied by splice, so the service holds the only reference).
      request.body = { sources: [] };
      try {
        const report = await ingest.importSources(sources.splice(0));
        const view = boardIndex.view();
        reply.header('cache-control', 'no-store');
        return { ...report, board: { version: view.version, jobs: view.jobCount } };
      } catch (error) {
        if (error instanceof FeedReadError) throw new HttpError(400, 'feed_invalid', error.message);
        if (error instanceof IngestBusyError) throw new HttpError(409, 'ingest_busy', error.message);
        throw error;
      }
    },
  );

  // `npm run invite`: a private invitation; the token is answered once and only its hash is kept.
  app.post(
    '/admin/invitations',
    {
      config: { access: 'admin' },
      schema: {
        ...adminSchema,
        summary: 'Invite a person to apply to a featured job',
        body: invitationRequestSchema,
        response: { 201: objectAnswer('The invitation, with its token (answered once)'), ...adminErrors },
      },
    },
    async (request, reply) => {
      const input = request.body;
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(await inviteApplicant(db, input));
    },
  );

  // `npm run org -- create`: an organization and the invitation of its first owner (the token is answered once).
  app.post(
    '/admin/organizations',
    {
      config: { access: 'admin' },
      schema: {
        ...adminSchema,
        summary: 'Create an organization and invite its first owner',
        body: organizationCreateRequestSchema,
        response: {
          201: objectAnswer('The organization and the owner invitation (token answered once)'),
          ...adminErrors,
        },
      },
    },
    async (request, reply) => {
      const input = request.body;
      reply.header('cache-control', 'no-store');
      const created = await createOrganizationWithOwner(
        db,
        { name: input.name, ownerEmail: input.ownerEmail.toLowerCase() },
        { appUrl },
      );
      mailSender.nudge();
      return reply.code(201).send(created);
    },
  );

  // `npm run org -- delete|restore`: an owner's "Delete the organization" and "Cancel the deletion", by an operator.
  for (const action of ['delete', 'restore'] as const) {
    app.post(
      `/admin/organizations/${action}`,
      {
        config: { access: 'admin' },
        schema: {
          ...adminSchema,
          summary:
            action === 'delete'
              ? 'Schedule the deletion of an organization after the grace period (its jobs close now)'
              : 'Cancel the scheduled deletion of an organization',
          body: organizationDeletionSchema,
          response: {
            200: objectAnswer('The organization and its deletion date'),
            ...adminErrors,
            ...errorAnswers(409),
          },
        },
      },
      async (request, reply) => {
        const { organization, actor } = request.body;
        reply.header('cache-control', 'no-store');
        const input = {
          organization,
          actor: `cli:${actor}`,
          now: new Date(now()),
          graceDays: deletionGraceDays,
          appUrl,
        };
        const result = await (action === 'delete' ? operatorDeletesOrganization : operatorRestoresOrganization)(
          db,
          input,
        );
        if (result.boardChanged) await boardIndex.refresh();
        mailSender.nudge();
        return result;
      },
    );
  }

  // `npm run share-link`: a link anyone may use to apply to one job, until revoked.
  app.post(
    '/admin/shared-links',
    {
      config: { access: 'admin' },
      schema: {
        ...adminSchema,
        summary: 'Create a link anyone may use to apply to one job',
        body: sharedLinkRequestSchema,
        response: { 201: objectAnswer('The shared link'), ...adminErrors },
      },
    },
    async (request, reply) => {
      const input = request.body;
      return reply.code(201).send(await shareJob(db, input.job));
    },
  );

  app.post(
    '/admin/shared-links/:id/revoke',
    {
      config: { access: 'admin' },
      schema: {
        ...adminSchema,
        summary: 'Revoke a shared link',
        params: sharedLinkParamsSchema,
        response: { 200: objectAnswer('The revoked link'), ...adminErrors },
      },
    },
    async (request) => {
      return revokeJobLink(db, request.params.id);
    },
  );

  // `npm run moderation -- list|hide|restore|dismiss`: the operators' page's work, from the server's machine.
  app.post(
    '/admin/moderation/list',
    {
      config: { access: 'admin' },
      schema: {
        ...adminSchema,
        summary: 'The jobs with open reports, the hidden jobs and the latest audit log entries',
        response: { 200: objectAnswer('{ reported, hidden, log }'), ...adminErrors },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { ...(await readModerationOverview(db)), log: await readAuditLog(db, { limit: 20 }) };
    },
  );

  app.post(
    '/admin/moderation/hide',
    {
      config: { access: 'admin' },
      schema: {
        ...adminSchema,
        summary: 'Take a job off the board on every instance',
        body: moderationHideSchema,
        response: { 200: objectAnswer('The job id and the new board version'), ...adminErrors, ...errorAnswers(409) },
      },
    },
    async (request) => {
      const { jobId, reason, actor } = request.body;
      const result = await hideJob(db, jobId, reason, { actor: `cli:${actor}`, now });
      await boardIndex.refresh();
      return result;
    },
  );

  app.post(
    '/admin/moderation/restore',
    {
      config: { access: 'admin' },
      schema: {
        ...adminSchema,
        summary: 'Put a hidden job back on the board',
        body: moderationRestoreSchema,
        response: { 200: objectAnswer('The job id and the new board version'), ...adminErrors, ...errorAnswers(409) },
      },
    },
    async (request) => {
      const { jobId, actor } = request.body;
      const result = await restoreJob(db, jobId, null, { actor: `cli:${actor}`, now });
      await boardIndex.refresh();
      return result;
    },
  );

  app.post(
    '/admin/moderation/dismiss',
    {
      config: { access: 'admin' },
      schema: {
        ...adminSchema,
        summary: 'Close the open reports of a job without hiding it',
        body: moderationDismissSchema,
        response: {
          200: objectAnswer('The job id and how many reports were closed'),
          ...adminErrors,
          ...errorAnswers(409),
        },
      },
    },
    async (request) => {
      const { jobId, reason, actor } = request.body;
      return dismissReports(db, jobId, reason, { actor: `cli:${actor}`, now });
    },
  );

  // `npm run digest -- --now [--email]`: the digests as if every alert (of that student) were due, sent now.
  app.post(
    '/admin/digests',
    {
      config: { access: 'admin' },
      schema: {
        ...adminSchema,
        summary: 'Send the alert digests now, as if every alert were due',
        body: withExample(digestRequestSchema, { email: 'student@example.edu' }),
        response: { 200: objectAnswer('What was sent: students, e-mails, push notifications, jobs'), ...adminErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return digests.runNow({ email: request.body.email });
    },
  );
};

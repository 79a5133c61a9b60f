import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  type ApplicationMessage,
  applicationMessageSchema,
  type EmailTemplate,
  emailTemplateSchema,
  type MessagePreview,
  messageLimits,
  messagePreviewSchema,
  previewRequestSchema,
  sendMessageRequestSchema,
  templateRequestSchema,
  templateUpdateSchema,
} from '../../../shared/messages/messages-api.ts';
import type { Database } from '../../db/client.ts';
import type { EmailTemplateRow } from '../../db/schema.ts';
import { HttpError } from '../../http/http-error.ts';
import { emptyAnswer, errorAnswers, withExample } from '../../http/route-schemas.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { MailSender } from '../../mail/outbox.ts';
import {
  asCompanyScope,
  companyCaller,
  displayNameOf,
  findMembership,
  parseCompanyRequest,
  requireApplicationAccess,
  requireOrganizationMember,
} from '../company/index.ts';
import {
  countTemplates,
  deleteTemplate,
  insertTemplate,
  listMessages,
  listTemplates,
  updateTemplate,
} from './messages.repository.ts';
import {
  composeMessage,
  recipientOf,
  refuseUnknownVariables,
  sendMessage,
  toApplicationMessage,
  toPreview,
} from './messages.service.ts';

// Messages the recruiter controls (issue 28, docs/decisions/034-email-templates.md): the organization's e-mail
// templates (members list them, owners write them), a message's preview for one application's student, a message
// sent without a move, and the messages an application's student was sent.

const signedIn = { tags: ['company'], security: [{ firebaseIdToken: [] }] };
const errors = errorAnswers(400, 401, 403, 404);
const organizationParams = z.object({ orgId: z.string().describe('The organization id') });
const templateParams = organizationParams.extend({ templateId: z.string().describe('The template id') });
const applicationParams = z.object({ id: z.string().describe('The application id') });

const exampleTexts = {
  en: {
    subject: 'An interview for {{jobTitle}}',
    body: 'Hi {{firstName}},\n\nWe would like to meet you.\n\n{{recruiterName}}, {{organization}}',
  },
};

function toTemplate(row: EmailTemplateRow): EmailTemplate {
  return { id: row.id, name: row.name, status: row.status, texts: row.texts, updatedAt: row.updatedAt.toISOString() };
}

export type MessagesRoutesOptions = { db: Database; mailSender: MailSender; appUrl: string; now: () => number };

export const messagesRoutes: FastifyPluginAsync<MessagesRoutesOptions> = async (
  app,
  { db, mailSender, appUrl, now },
) => {
  asCompanyScope(app);

  app.get<{ Params: { orgId: string } }>(
    '/company/organizations/:orgId/email-templates',
    {
      config: { access: 'organization-member' },
      schema: {
        ...signedIn,
        summary: "The organization's e-mail templates, by name (members)",
        params: organizationParams,
        response: { 200: z.array(emailTemplateSchema), ...errors },
      },
    },
    async (request): Promise<EmailTemplate[]> => {
      const membership = await requireOrganizationMember(db, companyCaller(request), request.params.orgId);
      return (await listTemplates(db, membership.organizationId)).map(toTemplate);
    },
  );

  app.post<{ Params: { orgId: string } }>(
    '/company/organizations/:orgId/email-templates',
    {
      config: { access: 'organization-owner' },
      schema: {
        ...signedIn,
        summary: 'Add an e-mail template (owners)',
        params: organizationParams,
        body: withExample(templateRequestSchema, {
          name: 'Interview invitation',
          status: 'interview',
          texts: exampleTexts,
        }),
        response: { 201: emailTemplateSchema, ...errors, ...errorAnswers(409) },
      },
    },
    async (request, reply) => {
      const owner = await requireOrganizationMember(db, companyCaller(request), request.params.orgId, {
        ownerOnly: true,
      });
      const input = parseCompanyRequest(templateRequestSchema, request.body);
      refuseUnknownVariables([input.texts.en, input.texts.fr]);
      const row = await db.transaction(async (tx) => {
        if ((await countTemplates(tx, owner.organizationId)) >= messageLimits.templatesPerOrganization) {
          throw new HttpError(409, 'too_many_templates');
        }
        return insertTemplate(tx, {
          organizationId: owner.organizationId,
          name: input.name,
          status: input.status ?? null,
          texts: input.texts,
          at: new Date(now()),
        });
      });
      return reply.code(201).send(toTemplate(row));
    },
  );

  app.patch<{ Params: { orgId: string; templateId: string } }>(
    '/company/organizations/:orgId/email-templates/:templateId',
    {
      config: { access: 'organization-owner' },
      schema: {
        ...signedIn,
        summary: 'Change an e-mail template: the fields sent replace the stored ones (owners)',
        params: templateParams,
        body: withExample(templateUpdateSchema, { name: 'Interview invitation (first round)' }),
        response: { 200: emailTemplateSchema, ...errors },
      },
    },
    async (request): Promise<EmailTemplate> => {
      const owner = await requireOrganizationMember(db, companyCaller(request), request.params.orgId, {
        ownerOnly: true,
      });
      const { templateId } = request.params;
      if (!isUuid(templateId)) throw new HttpError(404, 'not_found');
      const input = parseCompanyRequest(templateUpdateSchema, request.body);
      if (input.texts) refuseUnknownVariables([input.texts.en, input.texts.fr]);
      const row = await updateTemplate(db, owner.organizationId, templateId.toLowerCase(), {
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.status === undefined ? {} : { status: input.status }),
        ...(input.texts === undefined ? {} : { texts: input.texts }),
        at: new Date(now()),
      });
      if (!row) throw new HttpError(404, 'not_found');
      return toTemplate(row);
    },
  );

  app.delete<{ Params: { orgId: string; templateId: string } }>(
    '/company/organizations/:orgId/email-templates/:templateId',
    {
      config: { access: 'organization-owner' },
      schema: {
        ...signedIn,
        summary: 'Delete an e-mail template; the messages sent with it keep its name (owners)',
        params: templateParams,
        response: { 204: emptyAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const owner = await requireOrganizationMember(db, companyCaller(request), request.params.orgId, {
        ownerOnly: true,
      });
      const { templateId } = request.params;
      if (!isUuid(templateId) || !(await deleteTemplate(db, owner.organizationId, templateId.toLowerCase()))) {
        throw new HttpError(404, 'not_found');
      }
      return reply.code(204).send();
    },
  );

  app.get<{ Params: { id: string } }>(
    '/company/applications/:id/messages',
    {
      config: { access: 'organization-member' },
      schema: {
        ...signedIn,
        summary: "The messages sent to an application's student, oldest first (members)",
        params: applicationParams,
        response: { 200: z.array(applicationMessageSchema), ...errors },
      },
    },
    async (request): Promise<ApplicationMessage[]> => {
      await requireApplicationAccess(db, companyCaller(request), request.params.id);
      return (await listMessages(db, request.params.id.toLowerCase())).map(toApplicationMessage);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/company/applications/:id/messages/preview',
    {
      config: { access: 'organization-member' },
      schema: {
        ...signedIn,
        summary: "A message as this application's student would get it: subject, text, HTML, language (members)",
        params: applicationParams,
        body: withExample(previewRequestSchema, { message: { kind: 'status', status: 'screening' } }),
        response: { 200: messagePreviewSchema, ...errors },
      },
    },
    async (request): Promise<MessagePreview> => {
      const caller = companyCaller(request);
      const access = await requireApplicationAccess(db, caller, request.params.id);
      const { message } = parseCompanyRequest(previewRequestSchema, request.body);
      const recipient = await recipientOf(db, request.params.id.toLowerCase());
      const membership = await findMembership(db, access.organizationId, caller.uid);
      const composed = await composeMessage(db, {
        recipient,
        message: message.kind === 'status' ? { kind: 'status' } : message,
        status: message.kind === 'status' ? message.status : 'applied',
        recruiterName: displayNameOf(caller, membership) ?? recipient.organizationName,
        appUrl,
      });
      return toPreview(composed);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/company/applications/:id/messages',
    {
      config: { access: 'organization-member' },
      schema: {
        ...signedIn,
        summary: "Send a message to an application's student without a move, kept on its history (members)",
        params: applicationParams,
        body: withExample(sendMessageRequestSchema, {
          message: { kind: 'custom', subject: 'Your application', body: 'Hi {{firstName}}, thank you for applying.' },
        }),
        response: { 201: applicationMessageSchema, ...errors, ...errorAnswers(409) },
      },
    },
    async (request, reply) => {
      const caller = companyCaller(request);
      const access = await requireApplicationAccess(db, caller, request.params.id);
      const { message } = parseCompanyRequest(sendMessageRequestSchema, request.body);
      const membership = await findMembership(db, access.organizationId, caller.uid);
      const applicationId = request.params.id.toLowerCase();
      const row = await db.transaction(async (tx) => {
        const recipient = await recipientOf(tx, applicationId);
        const sent = await sendMessage(tx, {
          recipient,
          message,
          status: 'applied',
          actor: { uid: caller.uid, name: displayNameOf(caller, membership) },
          appUrl,
          at: new Date(now()),
        });
        if (!sent) throw new HttpError(409, 'message_recipient_gone');
        return sent;
      });
      mailSender.nudge();
      return reply.code(201).send(toApplicationMessage(row));
    },
  );
};

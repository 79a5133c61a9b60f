import type {
  ApplicationMessage,
  EmailTemplate,
  MessagePreview,
  PreviewRequest,
  SendMessageRequest,
  TemplateRequest,
  TemplateUpdate,
} from '../../../../shared/messages/messages-api.ts';
import { apiJson } from '../../../lib/api-client.ts';

// The portal's calls for messages (contract: src/shared/messages/messages-api.ts).

const enc = encodeURIComponent;
const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });
const templatesPath = (orgId: string) => `/company/organizations/${enc(orgId)}/email-templates`;

export const getEmailTemplates = (orgId: string, signal?: AbortSignal) =>
  apiJson<EmailTemplate[]>(templatesPath(orgId), { signal });
export const createEmailTemplate = (orgId: string, body: TemplateRequest) =>
  apiJson<EmailTemplate>(templatesPath(orgId), json('POST', body));
export const updateEmailTemplate = (orgId: string, templateId: string, body: TemplateUpdate) =>
  apiJson<EmailTemplate>(`${templatesPath(orgId)}/${enc(templateId)}`, json('PATCH', body));
export const deleteEmailTemplate = (orgId: string, templateId: string) =>
  apiJson<void>(`${templatesPath(orgId)}/${enc(templateId)}`, { method: 'DELETE' });

export const previewMessage = (applicationId: string, body: PreviewRequest) =>
  apiJson<MessagePreview>(`/company/applications/${enc(applicationId)}/messages/preview`, json('POST', body));
export const sendMessage = (applicationId: string, body: SendMessageRequest) =>
  apiJson<ApplicationMessage>(`/company/applications/${enc(applicationId)}/messages`, json('POST', body));
export const getApplicationMessages = (applicationId: string, signal?: AbortSignal) =>
  apiJson<ApplicationMessage[]>(`/company/applications/${enc(applicationId)}/messages`, { signal });

import type { ApplicationStatus } from '../../../shared/company/application-status.ts';
import { defaultLocale, type Locale } from '../../../shared/locale.ts';
import {
  type ApplicationMessage,
  fillVariables,
  type MessagePreview,
  type MessageText,
  type MessageValues,
  unknownVariablesOf,
} from '../../../shared/messages/messages-api.ts';
import { recordActivity } from '../../activity/record-activity.ts';
import type { Database } from '../../db/client.ts';
import type { ApplicationMessageRow, EmailTemplateRow } from '../../db/schema.ts';
import { HttpError } from '../../http/http-error.ts';
import { organizationMessageMail, statusChangeMail, statusChangeWords } from '../../mail/company-mails.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { recipientLocale } from '../../mail/recipient-locale.ts';
import { enqueueStatusChangePush } from '../../push/status-change-push.ts';
import type { StudentMessageChoice, StudentMessenger } from '../company/index.ts';
import { findRecipient, findTemplate, insertMessage, type MessageRecipient } from './messages.repository.ts';

// Composing and sending the messages the recruiter controls (docs/decisions/034-email-templates.md). One function
// composes a message for one application's student (preview and send share it, so the preview is what is sent); the
// messenger writes the e-mail to the outbox, the message to the application's history and the activity entry, in the
// caller's transaction.

/** 400 naming the `{{variables}}` the texts use that do not exist. */
export function refuseUnknownVariables(texts: readonly (MessageText | undefined)[]): void {
  const unknown = unknownVariablesOf(texts);
  if (unknown.length > 0) {
    throw new HttpError(
      400,
      'unknown_template_variable',
      `Unknown variable${unknown.length > 1 ? 's' : ''}: ${unknown.map((name) => `{{${name}}}`).join(', ')}. ` +
        'Use only {{firstName}}, {{jobTitle}}, {{organization}} and {{recruiterName}}.',
    );
  }
}

/** The template's text in `locale`, else the other language's (`fallback`). */
export function templateTextFor(
  texts: EmailTemplateRow['texts'],
  locale: Locale,
): { text: MessageText; locale: Locale; fallback: boolean } {
  const own = texts[locale];
  if (own) return { text: own, locale, fallback: false };
  const other = (Object.keys(texts) as Locale[]).find((key) => texts[key]);
  if (!other) throw new HttpError(400, 'invalid_request', 'The template has no text');
  return { text: texts[other]!, locale: other, fallback: true };
}

export type ComposedMessage = {
  kind: StudentMessageChoice['kind'];
  locale: Locale;
  fallback: boolean;
  subject: string;
  /** The words the student reads (kept on the history). */
  body: string;
  mail: MailMessage;
  template: { id: string; name: string } | null;
};

/**
 * The message for this application's student: the standard status e-mail of `status`, a template in the student's
 * language (the other language when it has none), or the member's words, variables filled.
 */
export async function composeMessage(
  db: Database,
  {
    recipient,
    message,
    status,
    recruiterName,
    appUrl,
  }: {
    recipient: MessageRecipient;
    message: StudentMessageChoice | { kind: 'status'; status: ApplicationStatus };
    status: ApplicationStatus;
    recruiterName: string;
    appUrl: string;
  },
): Promise<ComposedMessage> {
  const studentLocale = recipient.uid ? await recipientLocale(db, { uid: recipient.uid }) : defaultLocale;
  const common = { to: recipient.email, organizationName: recipient.organizationName, appUrl };
  if (message.kind === 'status') {
    const words = statusChangeWords({
      locale: studentLocale,
      firstName: recipient.firstName,
      jobTitle: recipient.jobTitle,
      organizationName: recipient.organizationName,
      status,
    });
    return {
      kind: 'status',
      locale: studentLocale,
      fallback: false,
      subject: words.subject,
      body: words.paragraphs.join('\n\n'),
      mail: statusChangeMail({
        ...common,
        locale: studentLocale,
        firstName: recipient.firstName,
        jobTitle: recipient.jobTitle,
        status,
      }),
      template: null,
    };
  }
  const values: MessageValues = {
    firstName: recipient.firstName,
    jobTitle: recipient.jobTitle,
    organization: recipient.organizationName,
    recruiterName,
  };
  let text: MessageText;
  let locale = studentLocale;
  let fallback = false;
  let template: ComposedMessage['template'] = null;
  if (message.kind === 'template') {
    const row = await findTemplate(db, recipient.organizationId, message.templateId.toLowerCase());
    if (!row) throw new HttpError(404, 'not_found', 'This template does not exist (it may have been deleted).');
    ({ text, locale, fallback } = templateTextFor(row.texts, studentLocale));
    template = { id: row.id, name: row.name };
  } else {
    refuseUnknownVariables([message]);
    text = { subject: message.subject, body: message.body };
  }
  const subject = fillVariables(text.subject, values);
  const body = fillVariables(text.body, values);
  return {
    kind: message.kind,
    locale,
    fallback,
    subject,
    body,
    mail: organizationMessageMail({ ...common, locale, subject, body }),
    template,
  };
}

export function toApplicationMessage(row: ApplicationMessageRow): ApplicationMessage {
  return {
    id: row.id,
    kind: row.kind,
    at: row.sentAt.toISOString(),
    by: { uid: row.sentByUid, name: row.sentByName },
    locale: row.locale === 'fr' ? 'fr' : 'en',
    subject: row.subject,
    body: row.body,
    templateId: row.templateId,
    templateName: row.templateName,
  };
}

export function toPreview(composed: ComposedMessage): MessagePreview {
  return {
    to: composed.mail.to,
    locale: composed.locale,
    fallback: composed.fallback,
    subject: composed.mail.subject,
    text: composed.mail.text,
    html: composed.mail.html ?? '',
  };
}

/** The application's recipient, refusing a message nobody can receive. */
export async function recipientOf(db: Database, applicationId: string): Promise<MessageRecipient> {
  const recipient = await findRecipient(db, applicationId);
  if (!recipient) throw new HttpError(404, 'not_found');
  return recipient;
}

/**
 * Sends a composed message with `tx`: the outbox row and the history row together, then the activity entry. Null
 * when there is nobody to write to (an anonymised application).
 */
export async function sendMessage(
  tx: Database,
  {
    recipient,
    message,
    status,
    actor,
    appUrl,
    at,
  }: {
    recipient: MessageRecipient;
    message: StudentMessageChoice;
    status: ApplicationStatus;
    actor: { uid: string; name: string | null };
    appUrl: string;
    at: Date;
  },
): Promise<ApplicationMessageRow | null> {
  if (recipient.anonymized || recipient.uid === null || !recipient.email) return null;
  const composed = await composeMessage(tx, {
    recipient,
    message,
    status,
    recruiterName: actor.name ?? recipient.organizationName,
    appUrl,
  });
  await enqueueMail(tx, {
    kind: composed.kind === 'status' ? 'status-change' : 'organization-message',
    causeId: recipient.applicationId,
    ...composed.mail,
  });
  const row = await insertMessage(tx, {
    applicationId: recipient.applicationId,
    kind: composed.kind,
    sentByUid: actor.uid,
    sentByName: actor.name,
    locale: composed.locale,
    subject: composed.subject,
    body: composed.body,
    templateId: composed.template?.id ?? null,
    templateName: composed.template?.name ?? null,
    sentAt: at,
  });
  await recordActivity(tx, {
    organizationId: recipient.organizationId,
    actorUid: actor.uid,
    kind: 'message',
    applicationId: recipient.applicationId,
    jobId: recipient.jobId,
    at,
  });
  return row;
}

/**
 * The messenger of the portal's status moves. The organization's "rejection e-mails" setting: off, the standard
 * e-mail of a rejection is not sent (the move stays silent, as before), and a template or written message with a
 * rejection is refused (409 rejection_emails_off) rather than dropped, so the member is never told a message went
 * that did not.
 */
export function createStudentMessenger({ appUrl }: { appUrl: string }): StudentMessenger {
  return {
    async send(tx, { applicationId, message, move, actor, at }) {
      const recipient = await recipientOf(tx, applicationId);
      if (move === 'rejected' && !recipient.rejectionEmails) {
        if (message.kind === 'status') return false;
        throw new HttpError(409, 'rejection_emails_off');
      }
      const status = move ?? 'applied';
      const sent = await sendMessage(tx, { recipient, message, status, actor, appUrl, at });
      if (!sent) return false;
      if (move !== null && recipient.uid !== null) {
        await enqueueStatusChangePush(tx, {
          uid: recipient.uid,
          applicationId,
          jobTitle: recipient.jobTitle,
          organizationName: recipient.organizationName,
          status: move,
        });
      }
      return true;
    },
  };
}

import { z } from 'zod';
import { companySettableStatuses } from '../company/application-status.ts';
import { type Locale, supportedLocales } from '../locale.ts';
import { policyText } from '../schemas/text-policy.ts';

// Messages the recruiter controls (issue 28, docs/decisions/034-email-templates.md): an organization's e-mail
// templates (owners edit, members use), the message a member chooses to send with a status move or on its own, its
// server-rendered preview, and the messages kept on an application's history.

/** The variables a template or a written message may use, as `{{name}}`; nothing else is substituted. */
export const messageVariables = ['firstName', 'jobTitle', 'organization', 'recruiterName'] as const;
export type MessageVariable = (typeof messageVariables)[number];
export type MessageValues = Record<MessageVariable, string>;

export const messageLimits = { templateName: 80, subject: 200, body: 5000, templatesPerOrganization: 50 } as const;

// `{{` then up to 40 characters without braces then `}}`: a fixed pattern, linear in the text's length.
const placeholder = /\{\{([^{}]{0,40})\}\}/g;

/** The `{{...}}` names in `text` that are not one of messageVariables, in order, once each. */
export function unknownVariables(text: string): string[] {
  const unknown = new Set<string>();
  for (const match of text.matchAll(placeholder)) {
    const name = match[1]!.trim();
    if (!(messageVariables as readonly string[]).includes(name)) unknown.add(name);
  }
  return [...unknown];
}

/**
 * `text` with each `{{variable}}` of the fixed list replaced by its value: plain string replacement (no template
 * engine, nothing in the text is evaluated; a value is inserted as written, `$&` included).
 */
export function fillVariables(text: string, values: MessageValues): string {
  return text.replace(placeholder, (whole, inner: string) => {
    const name = inner.trim();
    return (messageVariables as readonly string[]).includes(name) ? values[name as MessageVariable] : whole;
  });
}

const subjectSchema = policyText('single-line')
  .trim()
  .min(1, { error: 'Write a subject' })
  .max(messageLimits.subject, { error: `The subject must be at most ${messageLimits.subject} characters` });
const bodySchema = policyText('multi-line')
  .trim()
  .min(1, { error: 'Write the message' })
  .max(messageLimits.body, { error: `The message must be at most ${messageLimits.body} characters` });

/** A subject and a body, in one language. */
export const messageTextSchema = z.object({ subject: subjectSchema, body: bodySchema }).strict();
export type MessageText = z.infer<typeof messageTextSchema>;

const textsSchema = z
  .object({ en: messageTextSchema.optional(), fr: messageTextSchema.optional() })
  .strict()
  .refine((texts) => texts.en !== undefined || texts.fr !== undefined, {
    error: 'Write the template in at least one language',
  });

/** POST /api/company/organizations/{orgId}/email-templates */
export const templateRequestSchema = z
  .object({
    name: policyText('single-line')
      .trim()
      .min(1, { error: 'Name the template' })
      .max(messageLimits.templateName, {
        error: `The name must be at most ${messageLimits.templateName} characters`,
      }),
    /** The status the template suits (offered first when a move goes there); null: any. */
    status: z
      .enum(companySettableStatuses, {
        error: 'status is one of applied, screening, interview, offer, hired, rejected',
      })
      .nullable()
      .optional(),
    texts: textsSchema,
  })
  .strict();
export type TemplateRequest = z.input<typeof templateRequestSchema>;

/** PATCH /api/company/organizations/{orgId}/email-templates/{templateId}: the fields sent replace the stored ones. */
export const templateUpdateSchema = z
  .object({
    name: templateRequestSchema.shape.name.optional(),
    status: templateRequestSchema.shape.status,
    texts: textsSchema.optional(),
  })
  .strict()
  .refine((value) => Object.keys(value).length > 0, { error: 'Send at least one field to change' });
export type TemplateUpdate = z.input<typeof templateUpdateSchema>;

export const emailTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(companySettableStatuses).nullable(),
  texts: z.object({ en: messageTextSchema.optional(), fr: messageTextSchema.optional() }),
  updatedAt: z.string(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

/** The variables used by a template's or a message's texts that are not known, for a 400 naming them. */
export function unknownVariablesOf(texts: readonly (MessageText | undefined)[]): string[] {
  return [
    ...new Set(
      texts.flatMap((text) => (text ? [...unknownVariables(text.subject), ...unknownVariables(text.body)] : [])),
    ),
  ];
}

/**
 * The message sent with a move or on its own: one of the organization's templates (the text in the student's
 * language), or words the member wrote (sent as written, variables filled).
 */
export const messageChoiceSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('template'), templateId: z.uuid({ error: 'templateId is a template id' }) }).strict(),
    z.object({ kind: z.literal('custom'), subject: subjectSchema, body: bodySchema }).strict(),
  ],
  { error: 'message is {kind: "template", templateId} or {kind: "custom", subject, body}' },
);
export type MessageChoice = z.infer<typeof messageChoiceSchema>;

/** POST /api/company/applications/{id}/messages: a message without a move. */
export const sendMessageRequestSchema = z.object({ message: messageChoiceSchema }).strict();
export type SendMessageRequest = z.input<typeof sendMessageRequestSchema>;

/**
 * POST /api/company/applications/{id}/messages/preview: a template or written message, or the standard status e-mail
 * of a move to `status`, rendered for this application's student.
 */
export const previewRequestSchema = z
  .object({
    message: z.union([
      messageChoiceSchema,
      z.object({ kind: z.literal('status'), status: z.enum(companySettableStatuses) }).strict(),
    ]),
  })
  .strict();
export type PreviewRequest = z.input<typeof previewRequestSchema>;

export const messagePreviewSchema = z.object({
  to: z.string(),
  locale: z.enum(supportedLocales),
  /** The template has no text in the student's language: the other language's is used. */
  fallback: z.boolean(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});
export type MessagePreview = z.infer<typeof messagePreviewSchema>;

/** A message kept on an application's history. */
export const applicationMessageSchema = z.object({
  id: z.string(),
  kind: z.enum(['status', 'template', 'custom']),
  at: z.string(),
  by: z.object({ uid: z.string().nullable(), name: z.string().nullable() }),
  locale: z.enum(supportedLocales),
  subject: z.string(),
  body: z.string(),
  templateId: z.string().nullable(),
  templateName: z.string().nullable(),
});
export type ApplicationMessage = z.infer<typeof applicationMessageSchema>;

/** What the student sees of a message sent to them (My Applications). */
export const studentMessageSchema = z.object({ at: z.string(), subject: z.string(), body: z.string() });
export type StudentMessage = z.infer<typeof studentMessageSchema>;

/** Starter templates offered to an organization that has none (saved only when an owner saves one). */
export const starterTemplates: {
  key: string;
  status: (typeof companySettableStatuses)[number];
  texts: Record<Locale, MessageText>;
}[] = [
  {
    key: 'interview',
    status: 'interview',
    texts: {
      en: {
        subject: '{{organization}}: an interview for {{jobTitle}}',
        body:
          'Hi {{firstName}},\n\nThank you for applying for {{jobTitle}}. We would like to meet you: reply to this ' +
          'e-mail with a few times that suit you next week.\n\n{{recruiterName}}, {{organization}}',
      },
      fr: {
        subject: '{{organization}} : un entretien pour {{jobTitle}}',
        body:
          'Bonjour {{firstName}},\n\nMerci d’avoir postulé pour {{jobTitle}}. Nous aimerions vous rencontrer : ' +
          'répondez à ce courriel avec quelques disponibilités pour la semaine prochaine.\n\n{{recruiterName}}, {{organization}}',
      },
    },
  },
  {
    key: 'rejected',
    status: 'rejected',
    texts: {
      en: {
        subject: 'Your application for {{jobTitle}} at {{organization}}',
        body:
          'Hi {{firstName}},\n\nThank you for your interest in {{jobTitle}}. After careful review, we will not move ' +
          'forward with your application this time. We wish you the best in your search.\n\n{{recruiterName}}, {{organization}}',
      },
      fr: {
        subject: 'Votre candidature pour {{jobTitle}} chez {{organization}}',
        body:
          'Bonjour {{firstName}},\n\nMerci de votre intérêt pour {{jobTitle}}. Après examen, nous ne donnerons pas ' +
          'suite à votre candidature cette fois-ci. Nous vous souhaitons bonne chance dans vos recherches.\n\n' +
          '{{recruiterName}}, {{organization}}',
      },
    },
  },
  {
    key: 'screening',
    status: 'screening',
    texts: {
      en: {
        subject: 'We are reviewing your application for {{jobTitle}}',
        body:
          'Hi {{firstName}},\n\nThank you for applying for {{jobTitle}} at {{organization}}. Our team is reviewing ' +
          'your application and will get back to you soon.\n\n{{recruiterName}}',
      },
      fr: {
        subject: 'Nous examinons votre candidature pour {{jobTitle}}',
        body:
          'Bonjour {{firstName}},\n\nMerci d’avoir postulé pour {{jobTitle}} chez {{organization}}. Notre équipe ' +
          'examine votre candidature et reviendra vers vous bientôt.\n\n{{recruiterName}}',
      },
    },
  },
];

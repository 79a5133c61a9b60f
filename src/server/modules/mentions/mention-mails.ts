import type { Locale } from '../../../shared/locale.ts';
import type { MailContent } from '../../mail/mail-layout.ts';

// The e-mail to a member mentioned in a note, in their language, as content for the shared layout.

const texts = {
  en: {
    subject: (author: string, applicant: string) => `${author} mentioned you on ${applicant}’s application`,
    intro: (author: string, applicant: string, job: string) =>
      `${author} mentioned you in a note on ${applicant}’s application to ${job}:`,
    open: 'Open the application',
    reason: (org: string) => `You get this e-mail because a teammate at ${org} mentioned you in the company portal.`,
  },
  fr: {
    subject: (author: string, applicant: string) => `${author} vous a mentionné sur la candidature de ${applicant}`,
    intro: (author: string, applicant: string, job: string) =>
      `${author} vous a mentionné dans une note sur la candidature de ${applicant} à l’offre ${job} :`,
    open: 'Ouvrir la candidature',
    reason: (org: string) =>
      `Vous recevez ce courriel parce qu’un membre de l’équipe de ${org} vous a mentionné dans le portail entreprise.`,
  },
} as const;

export function mentionMail(
  locale: Locale,
  mention: {
    authorName: string;
    applicantName: string;
    jobTitle: string;
    organizationName: string;
    applicationId: string;
    note: string;
  },
): MailContent {
  const t = texts[locale];
  return {
    locale,
    subject: t.subject(mention.authorName, mention.applicantName),
    preheader: mention.note.slice(0, 140),
    blocks: [
      { kind: 'paragraph', text: t.intro(mention.authorName, mention.applicantName, mention.jobTitle) },
      { kind: 'paragraph', text: mention.note },
      {
        kind: 'button',
        link: { label: t.open, url: `/company/applications/${encodeURIComponent(mention.applicationId)}` },
      },
    ],
    footer: { reason: t.reason(mention.organizationName), links: [] },
  };
}

import type { ApplicationStatus } from '../../shared/company/application-status.ts';
import { studentStatusNames } from '../../shared/applications/status-names.ts';
import type { Locale } from '../../shared/locale.ts';
import { type MailBlock, renderMail } from './mail-layout.ts';
import type { MailMessage } from './mailer.ts';

// The e-mails of the company portal and of applying, in the recipient's language, text and HTML from the shared
// layout (mail-layout.ts): the application's confirmation, a status change told to the student, an invitation to join
// an organization, an invitation to apply to a job.

/** What the student reads next for each status: the next step, never the company's internal reasons. */
const statusNext: Record<Locale, Record<ApplicationStatus, string>> = {
  en: {
    applied: 'Your application is back in the list of applications received.',
    screening: 'The team is reviewing your application. You will hear from them about the next steps.',
    interview: 'The team would like to meet you. They will contact you to set a time.',
    offer: 'The team has an offer for you. They will contact you with the details.',
    hired: 'Congratulations, and welcome to the team.',
    rejected: 'The team decided not to go further with your application this time. Thank you for your interest.',
    withdrawn: 'You withdrew this application.',
  },
  fr: {
    applied: 'Votre candidature est de nouveau parmi les candidatures reçues.',
    screening: 'L’équipe examine votre candidature. Elle vous contactera pour la suite.',
    interview: 'L’équipe aimerait vous rencontrer. Elle vous contactera pour fixer un moment.',
    offer: 'L’équipe a une offre pour vous. Elle vous contactera avec les détails.',
    hired: 'Félicitations, et bienvenue dans l’équipe.',
    rejected: 'L’équipe a décidé de ne pas donner suite à votre candidature cette fois-ci. Merci de votre intérêt.',
    withdrawn: 'Vous avez retiré cette candidature.',
  },
};

const words = {
  en: {
    hello: (name: string | null) => (name ? `Hi ${name},` : 'Hello,'),
    myApplications: 'Open My Applications',
    statusSubject: (job: string, org: string, status: string) => `Your application for ${job} at ${org}: ${status}`,
    statusBody: (job: string, org: string, status: string) =>
      `Your application for ${job} at ${org} is now: ${status}.`,
    statusReason: (org: string) => `You get this e-mail because ${org} chose to tell you about your application.`,
    messageReason: (org: string) =>
      `You get this e-mail because ${org} wrote to you about your application on Campus Jobs.`,
    confirmationSubject: (where: string) => `Application received: ${where}`,
    confirmationBody: (where: string, when: string) =>
      `Thank you for applying for ${where}. Your application was received on ${when}.`,
    confirmationNext: 'You can follow every job you applied to in My Applications. Good luck!',
    confirmationReason: 'You get this e-mail because you applied with this address on Campus Jobs.',
    at: (job: string, org: string | null) => (org ? `${job} at ${org}` : job),
    memberSubject: (org: string) => `You are invited to join ${org} on Campus Jobs`,
    memberBody: (org: string, role: 'owner' | 'member') =>
      `You are invited to join ${org} as ${role === 'owner' ? 'an owner' : 'a member'} in the Campus Jobs company portal.`,
    memberHow: (to: string) => `Sign in with this e-mail address (${to}), then accept the invitation:`,
    memberAccept: 'Accept the invitation',
    linkOnce: (until: string) => `The link works once, until ${until}.`,
    invitationReason: (org: string) => `You get this e-mail because ${org} invited this address.`,
    applicantSubject: (org: string, job: string) => `${org} invites you to apply: ${job}`,
    applicantBody: (org: string, job: string) => `${org} invites you to apply for ${job} on Campus Jobs.`,
    applicantHow: (to: string) => `Sign in with this e-mail address (${to}) and apply:`,
    applicantApply: 'Apply now',
    validUntil: (until: string) => `The invitation is valid until ${until}.`,
  },
  fr: {
    hello: (name: string | null) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    myApplications: 'Ouvrir Mes candidatures',
    statusSubject: (job: string, org: string, status: string) =>
      `Votre candidature pour ${job} chez ${org} : ${status}`,
    statusBody: (job: string, org: string, status: string) =>
      `Votre candidature pour ${job} chez ${org} est maintenant : ${status}.`,
    statusReason: (org: string) =>
      `Vous recevez ce courriel parce que ${org} a choisi de vous informer de votre candidature.`,
    messageReason: (org: string) =>
      `Vous recevez ce courriel parce que ${org} vous a écrit au sujet de votre candidature sur Campus Jobs.`,
    confirmationSubject: (where: string) => `Candidature reçue : ${where}`,
    confirmationBody: (where: string, when: string) =>
      `Merci d’avoir postulé pour ${where}. Votre candidature a été reçue le ${when}.`,
    confirmationNext: 'Vous pouvez suivre toutes vos candidatures dans Mes candidatures. Bonne chance !',
    confirmationReason: 'Vous recevez ce courriel parce que vous avez postulé avec cette adresse sur Campus Jobs.',
    at: (job: string, org: string | null) => (org ? `${job} chez ${org}` : job),
    memberSubject: (org: string) => `Vous êtes invité à rejoindre ${org} sur Campus Jobs`,
    memberBody: (org: string, role: 'owner' | 'member') =>
      `Vous êtes invité à rejoindre ${org} en tant que ${role === 'owner' ? 'propriétaire' : 'membre'} dans le portail entreprise de Campus Jobs.`,
    memberHow: (to: string) => `Connectez-vous avec cette adresse (${to}), puis acceptez l’invitation :`,
    memberAccept: 'Accepter l’invitation',
    linkOnce: (until: string) => `Le lien fonctionne une seule fois, jusqu’au ${until}.`,
    invitationReason: (org: string) => `Vous recevez ce courriel parce que ${org} a invité cette adresse.`,
    applicantSubject: (org: string, job: string) => `${org} vous invite à postuler : ${job}`,
    applicantBody: (org: string, job: string) => `${org} vous invite à postuler pour ${job} sur Campus Jobs.`,
    applicantHow: (to: string) => `Connectez-vous avec cette adresse (${to}) et postulez :`,
    applicantApply: 'Postuler',
    validUntil: (until: string) => `L’invitation est valable jusqu’au ${until}.`,
  },
} as const;

/** A date and time as the recipient reads it, in UTC (we do not know their time zone), e.g. "3 December 2026, 14:00 UTC". */
export function mailDateTime(date: Date, locale: Locale): string {
  // dateStyle and timeStyle cannot be combined with timeZoneName: the zone is written after.
  const formatted = new Intl.DateTimeFormat(locale === 'fr' ? 'fr-CA' : 'en-CA', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(date);
  return `${formatted} UTC`;
}

const myApplicationsPath = '/jobs/applied';

/** The words of the standard status e-mail (its subject and its paragraphs), as kept on the application's history. */
export function statusChangeWords({
  locale,
  firstName,
  jobTitle,
  organizationName,
  status,
}: {
  locale: Locale;
  firstName: string;
  jobTitle: string;
  organizationName: string;
  status: ApplicationStatus;
}): { subject: string; paragraphs: string[] } {
  const w = words[locale];
  const name = studentStatusNames[locale][status];
  return {
    subject: w.statusSubject(jobTitle, organizationName, name),
    paragraphs: [w.hello(firstName), w.statusBody(jobTitle, organizationName, name), statusNext[locale][status]],
  };
}

export function statusChangeMail({
  to,
  locale,
  firstName,
  jobTitle,
  organizationName,
  status,
  appUrl,
}: {
  to: string;
  locale: Locale;
  firstName: string;
  jobTitle: string;
  organizationName: string;
  status: ApplicationStatus;
  appUrl: string;
}): MailMessage {
  const w = words[locale];
  const { subject, paragraphs } = statusChangeWords({ locale, firstName, jobTitle, organizationName, status });
  const blocks: MailBlock[] = [
    ...paragraphs.map((text): MailBlock => ({ kind: 'paragraph', text })),
    { kind: 'button', link: { label: w.myApplications, url: myApplicationsPath } },
  ];
  return {
    to,
    ...renderMail(
      { locale, subject, blocks, footer: { reason: w.statusReason(organizationName), links: [] } },
      { appUrl },
    ),
  };
}

export function applicationConfirmationMail({
  to,
  locale,
  firstName,
  jobTitle,
  organizationName,
  submittedAt,
  appUrl,
}: {
  to: string;
  locale: Locale;
  firstName: string;
  jobTitle: string;
  organizationName: string | null;
  submittedAt: Date;
  appUrl: string;
}): MailMessage {
  const w = words[locale];
  const where = w.at(jobTitle, organizationName);
  const subject = w.confirmationSubject(where);
  return {
    to,
    ...renderMail(
      {
        locale,
        subject,
        blocks: [
          { kind: 'paragraph', text: w.hello(firstName) },
          { kind: 'paragraph', text: w.confirmationBody(where, mailDateTime(submittedAt, locale)) },
          { kind: 'paragraph', text: w.confirmationNext },
          { kind: 'button', link: { label: w.myApplications, url: myApplicationsPath } },
        ],
        footer: { reason: w.confirmationReason, links: [] },
      },
      { appUrl },
    ),
  };
}

export function memberInvitationMail({
  to,
  locale,
  organizationName,
  role,
  link,
  expiresAt,
  appUrl,
}: {
  to: string;
  locale: Locale;
  organizationName: string;
  role: 'owner' | 'member';
  link: string;
  expiresAt: Date;
  appUrl: string;
}): MailMessage {
  const w = words[locale];
  return {
    to,
    ...renderMail(
      {
        locale,
        subject: w.memberSubject(organizationName),
        blocks: [
          { kind: 'paragraph', text: w.hello(null) },
          { kind: 'paragraph', text: w.memberBody(organizationName, role) },
          { kind: 'paragraph', text: w.memberHow(to) },
          { kind: 'button', link: { label: w.memberAccept, url: link } },
          { kind: 'paragraph', text: w.linkOnce(mailDateTime(expiresAt, locale)) },
        ],
        footer: { reason: w.invitationReason(organizationName), links: [] },
      },
      { appUrl },
    ),
  };
}

export function applicantInvitationMail({
  to,
  locale,
  firstName,
  jobTitle,
  organizationName,
  link,
  expiresAt,
  appUrl,
}: {
  to: string;
  locale: Locale;
  firstName: string | null;
  jobTitle: string;
  organizationName: string;
  link: string;
  expiresAt: Date;
  appUrl: string;
}): MailMessage {
  const w = words[locale];
  return {
    to,
    ...renderMail(
      {
        locale,
        subject: w.applicantSubject(organizationName, jobTitle),
        blocks: [
          { kind: 'paragraph', text: w.hello(firstName) },
          { kind: 'paragraph', text: w.applicantBody(organizationName, jobTitle) },
          { kind: 'paragraph', text: w.applicantHow(to) },
          { kind: 'button', link: { label: w.applicantApply, url: link } },
          { kind: 'paragraph', text: w.validUntil(mailDateTime(expiresAt, locale)) },
        ],
        footer: { reason: w.invitationReason(organizationName), links: [] },
      },
      { appUrl },
    ),
  };
}

/**
 * A message a member of the organization chose to send (a template or their own words, variables filled): the body
 * is plain text, each blank-line-separated part a paragraph, escaped into the shared layout.
 */
export function organizationMessageMail({
  to,
  locale,
  subject,
  body,
  organizationName,
  appUrl,
}: {
  to: string;
  locale: Locale;
  subject: string;
  body: string;
  organizationName: string;
  appUrl: string;
}): MailMessage {
  const w = words[locale];
  const paragraphs = body
    .split(/\n[ \t]*\n/)
    .map((part) => part.trim())
    .filter(Boolean);
  return {
    to,
    ...renderMail(
      {
        locale,
        subject,
        blocks: [
          ...paragraphs.map((text): MailBlock => ({ kind: 'paragraph', text })),
          { kind: 'button', link: { label: w.myApplications, url: myApplicationsPath } },
        ],
        footer: { reason: w.messageReason(organizationName), links: [] },
      },
      { appUrl },
    ),
  };
}

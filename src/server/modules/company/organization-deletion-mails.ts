import type { Locale } from '../../../shared/locale.ts';
import { renderMail } from '../../mail/mail-layout.ts';
import type { MailMessage } from '../../mail/mailer.ts';

// The e-mails of an organization's scheduled deletion (docs/decisions/037), in each recipient's language: its members
// learn the date and how to cancel; students with an open application to its jobs learn that the job closed and when
// their application goes.

function mailDate(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'fr' ? 'fr-CA' : 'en-CA', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(date);
}

const words = {
  en: {
    memberSubject: (org: string, date: string) => `${org} will be deleted on ${date}`,
    memberBody: (org: string, date: string) =>
      `${org} is scheduled for deletion on Campus Jobs. On ${date}, its jobs, applications, resumes and notes will be deleted for good.`,
    memberNow:
      'Its published jobs are closed now and receive no more applications. Until then, members can still read the applicants and export them as CSV.',
    memberCancel: (date: string) =>
      `Changed your mind? An owner can cancel the deletion before ${date}: open the company portal and choose “Cancel the deletion”.`,
    memberButton: 'Open the company portal',
    memberReason: (org: string) => `You get this e-mail because you are a member of ${org} on Campus Jobs.`,
    applicantSubject: (job: string, org: string) => `${job} at ${org} is closed`,
    applicantBody: (job: string, org: string) =>
      `${org} is leaving Campus Jobs, and the job you applied to, ${job}, is now closed. It receives no more applications.`,
    applicantData: (org: string, date: string) =>
      `On ${date}, your application and the resume you sent with it are deleted from ${org}’s records on Campus Jobs, and the application leaves My Applications. Your profile and its resume stay yours.`,
    applicantButton: 'Find other jobs',
    applicantReason: 'You get this e-mail because you applied to this job on Campus Jobs.',
  },
  fr: {
    memberSubject: (org: string, date: string) => `${org} sera supprimée le ${date}`,
    memberBody: (org: string, date: string) =>
      `La suppression de ${org} est programmée sur Campus Jobs. Le ${date}, ses offres, candidatures, CV et notes seront supprimés définitivement.`,
    memberNow:
      'Ses offres publiées sont fermées dès maintenant et ne reçoivent plus de candidatures. D’ici là, les membres peuvent encore consulter les candidatures et les exporter en CSV.',
    memberCancel: (date: string) =>
      `Vous avez changé d’avis ? Un propriétaire peut annuler la suppression avant le ${date} : ouvrez le portail entreprise et choisissez « Annuler la suppression ».`,
    memberButton: 'Ouvrir le portail entreprise',
    memberReason: (org: string) => `Vous recevez ce courriel parce que vous êtes membre de ${org} sur Campus Jobs.`,
    applicantSubject: (job: string, org: string) => `${job} chez ${org} est fermée`,
    applicantBody: (job: string, org: string) =>
      `${org} quitte Campus Jobs, et l’offre à laquelle vous avez postulé, ${job}, est maintenant fermée. Elle ne reçoit plus de candidatures.`,
    applicantData: (org: string, date: string) =>
      `Le ${date}, votre candidature et le CV envoyé avec elle seront supprimés des dossiers de ${org} sur Campus Jobs, et la candidature disparaîtra de Mes candidatures. Votre profil et son CV restent à vous.`,
    applicantButton: 'Trouver d’autres offres',
    applicantReason: 'Vous recevez ce courriel parce que vous avez postulé à cette offre sur Campus Jobs.',
  },
} as const;

export function organizationDeletionMemberMail({
  to,
  locale,
  organizationName,
  dueAt,
  appUrl,
}: {
  to: string;
  locale: Locale;
  organizationName: string;
  dueAt: Date;
  appUrl: string;
}): MailMessage {
  const w = words[locale];
  const date = mailDate(dueAt, locale);
  return {
    to,
    ...renderMail(
      {
        locale,
        subject: w.memberSubject(organizationName, date),
        blocks: [
          { kind: 'paragraph', text: w.memberBody(organizationName, date) },
          { kind: 'paragraph', text: w.memberNow },
          { kind: 'paragraph', text: w.memberCancel(date) },
          { kind: 'button', link: { label: w.memberButton, url: '/company' } },
        ],
        footer: { reason: w.memberReason(organizationName), links: [] },
      },
      { appUrl },
    ),
  };
}

export function organizationDeletionApplicantMail({
  to,
  locale,
  organizationName,
  jobTitle,
  dueAt,
  appUrl,
}: {
  to: string;
  locale: Locale;
  organizationName: string;
  jobTitle: string;
  dueAt: Date;
  appUrl: string;
}): MailMessage {
  const w = words[locale];
  const date = mailDate(dueAt, locale);
  return {
    to,
    ...renderMail(
      {
        locale,
        subject: w.applicantSubject(jobTitle, organizationName),
        blocks: [
          { kind: 'paragraph', text: w.applicantBody(jobTitle, organizationName) },
          { kind: 'paragraph', text: w.applicantData(organizationName, date) },
          { kind: 'button', link: { label: w.applicantButton, url: '/jobs' } },
        ],
        footer: { reason: w.applicantReason, links: [] },
      },
      { appUrl },
    ),
  };
}

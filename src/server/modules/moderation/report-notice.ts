import type { Locale } from '../../../shared/locale.ts';
import type { ReportReason } from '../../../shared/moderation/moderation-api.ts';
import { type MailBlock, renderMail } from '../../mail/mail-layout.ts';
import type { MailMessage } from '../../mail/mailer.ts';

// The operators' e-mail when a job gets its first open report: which job and why, and a button to /admin. Never
// who reported it or their text (the text is the student's, read on /admin). In the operator's language when an
// account with that address chose one, else in English and French.

const words = {
  en: {
    subject: (title: string) => `Job reported: ${title}`,
    body: (title: string, reason: string) => `A student reported “${title}”: ${reason}.`,
    unknownJob: (jobId: string) => `job ${jobId}`,
    next: 'Hide the job, or dismiss the report if it is wrong. Further reports of this job are not e-mailed until its open reports are reviewed.',
    open: 'Open moderation',
    footer: 'You get this e-mail because this address is listed in ADMIN_EMAILS.',
    reasons: {
      closed: 'it is closed or filled',
      scam: 'it looks like a scam',
      'wrong-information': 'the information is wrong',
      other: 'something else',
    } satisfies Record<ReportReason, string>,
  },
  fr: {
    subject: (title: string) => `Offre signalée : ${title}`,
    body: (title: string, reason: string) => `Un étudiant a signalé « ${title} » : ${reason}.`,
    unknownJob: (jobId: string) => `l’offre ${jobId}`,
    next: 'Masquez l’offre, ou écartez le signalement s’il est erroné. Les signalements suivants de cette offre ne sont pas envoyés par courriel tant que ses signalements ouverts ne sont pas examinés.',
    open: 'Ouvrir la modération',
    footer: 'Vous recevez ce courriel parce que cette adresse figure dans ADMIN_EMAILS.',
    reasons: {
      closed: 'elle est fermée ou pourvue',
      scam: 'elle ressemble à une arnaque',
      'wrong-information': 'les informations sont erronées',
      other: 'autre chose',
    } satisfies Record<ReportReason, string>,
  },
} as const;

export type ReportedJobSummary = { id: string; title: string; company: string } | null;

function jobName(locale: Locale, jobId: string, job: ReportedJobSummary): string {
  return job ? `${job.title} · ${job.company}` : words[locale].unknownJob(jobId);
}

/** `locale` null: the operator's language is unknown, the message is written in both. */
export function firstReportMail({
  to,
  locale,
  jobId,
  job,
  reason,
  appUrl,
}: {
  to: string;
  locale: Locale | null;
  jobId: string;
  job: ReportedJobSummary;
  reason: ReportReason;
  appUrl: string;
}): MailMessage {
  const languages: Locale[] = locale ? [locale] : ['en', 'fr'];
  const blocks = languages.flatMap((language): MailBlock[] => {
    const w = words[language];
    return [
      { kind: 'paragraph', text: w.body(jobName(language, jobId, job), w.reasons[reason]) },
      { kind: 'paragraph', text: w.next },
      { kind: 'button', link: { label: w.open, url: '/admin' } },
    ];
  });
  const name = job?.title ?? jobId;
  return {
    to,
    ...renderMail(
      {
        locale: languages[0]!,
        subject: languages.map((language) => words[language].subject(name)).join(' / '),
        blocks,
        footer: { reason: languages.map((language) => words[language].footer).join(' / '), links: [] },
      },
      { appUrl },
    ),
  };
}

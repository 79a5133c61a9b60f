import type { Locale } from '../../../shared/locale.ts';
import type { MailBlock, MailContent, MailItem, MailLink } from '../../mail/mail-layout.ts';
import type { ApplicationActivity, ApplicationNoticeRow } from './company-notifications.repository.ts';

// The words of the company notices (issue 26, item 5), in English and French, as content for the shared layout
// (mail/mail-layout.ts): an e-mail per application or withdrawal, and the daily summary.

/** The portal's settings page, where a member changes how they hear of applications. */
export const notificationSettingsPath = '/company/settings';
/** At most this many applications listed per section of a summary; the rest are counted. */
export const maxSummaryItems = 25;

const applicationPath = (id: string) => `/company/applications/${encodeURIComponent(id)}`;

const texts = {
  en: {
    received: {
      subject: (name: string, job: string) => `New application: ${name} for ${job}`,
      body: (name: string, job: string, org: string) => `${name} applied to ${job} at ${org}.`,
    },
    withdrawn: {
      subject: (name: string, job: string) => `Application withdrawn: ${name} for ${job}`,
      body: (name: string, job: string, org: string) => `${name} withdrew their application to ${job} at ${org}.`,
    },
    open: 'Open the application',
    eachReason: (org: string) =>
      `You get this e-mail because you chose an e-mail for each application at ${org} in the company portal.`,
    summarySubject: (org: string, received: number, withdrawn: number) =>
      `${org}: ${received} new ${received === 1 ? 'application' : 'applications'}` +
      (withdrawn > 0 ? `, ${withdrawn} ${withdrawn === 1 ? 'withdrawal' : 'withdrawals'}` : ''),
    summaryIntro: (org: string) => `Here is what happened to ${org}’s applications in the last 24 hours.`,
    receivedHeading: (count: number) => `New applications (${count})`,
    withdrawnHeading: (count: number) => `Withdrawn (${count})`,
    more: (count: number) => `And ${count} more in the portal`,
    openPortal: 'Open the company portal',
    summaryReason: (org: string) =>
      `You get this daily summary because of your notification settings for ${org} in the company portal.`,
    settings: 'Notification settings',
    unsubscribe: 'Unsubscribe',
    sentAt: (time: string) => `Sent ${time}`,
    withdrawnAt: (time: string) => `Withdrawn ${time}`,
  },
  fr: {
    received: {
      subject: (name: string, job: string) => `Nouvelle candidature : ${name} pour ${job}`,
      body: (name: string, job: string, org: string) => `${name} a postulé à l’offre ${job} chez ${org}.`,
    },
    withdrawn: {
      subject: (name: string, job: string) => `Candidature retirée : ${name} pour ${job}`,
      body: (name: string, job: string, org: string) => `${name} a retiré sa candidature à l’offre ${job} chez ${org}.`,
    },
    open: 'Ouvrir la candidature',
    eachReason: (org: string) =>
      `Vous recevez ce courriel parce que vous avez demandé un courriel pour chaque candidature chez ${org} dans le portail entreprise.`,
    summarySubject: (org: string, received: number, withdrawn: number) =>
      `${org} : ${received} ${received <= 1 ? 'nouvelle candidature' : 'nouvelles candidatures'}` +
      (withdrawn > 0 ? `, ${withdrawn} ${withdrawn === 1 ? 'retrait' : 'retraits'}` : ''),
    summaryIntro: (org: string) => `Voici ce qui s’est passé pour les candidatures de ${org} ces dernières 24 heures.`,
    receivedHeading: (count: number) => `Nouvelles candidatures (${count})`,
    withdrawnHeading: (count: number) => `Retirées (${count})`,
    more: (count: number) => `Et ${count} de plus dans le portail`,
    openPortal: 'Ouvrir le portail entreprise',
    summaryReason: (org: string) =>
      `Vous recevez ce résumé quotidien en raison de vos réglages de notification pour ${org} dans le portail entreprise.`,
    settings: 'Réglages des notifications',
    unsubscribe: 'Se désabonner',
    sentAt: (time: string) => `Envoyée ${time}`,
    withdrawnAt: (time: string) => `Retirée ${time}`,
  },
} as const;

export type NoticeEvent = 'received' | 'withdrawn';

/** The e-mail to one member about one application sent or withdrawn. */
export function applicationNoticeMail(
  locale: Locale,
  event: NoticeEvent,
  application: ApplicationNoticeRow,
  unsubscribeUrl: string,
): MailContent {
  const t = texts[locale];
  const words = t[event];
  const { applicantName: name, jobTitle: job, organizationName: org } = application;
  return {
    locale,
    subject: words.subject(name, job),
    blocks: [
      { kind: 'paragraph', text: words.body(name, job, org) },
      { kind: 'button', link: { label: t.open, url: applicationPath(application.applicationId) } },
    ],
    footer: {
      reason: t.eachReason(org),
      links: [
        { label: t.settings, url: notificationSettingsPath },
        { label: t.unsubscribe, url: unsubscribeUrl },
      ],
    },
  };
}

function when(at: Date, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(locale === 'fr' ? 'fr-CA' : 'en-CA', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(at);
}

function section(
  heading: string,
  rows: readonly ApplicationNoticeRow[],
  line: (row: ApplicationNoticeRow) => string,
  more: (count: number) => string,
): MailBlock {
  const items: MailItem[] = rows.slice(0, maxSummaryItems).map((row) => ({
    title: row.applicantName,
    url: applicationPath(row.applicationId),
    lines: [row.jobTitle, line(row)],
  }));
  const links: MailLink[] =
    rows.length > maxSummaryItems ? [{ label: more(rows.length - maxSummaryItems), url: '/company' }] : [];
  return { kind: 'section', heading, items, links };
}

/** The daily summary of one organization for one member; `activity` holds at least one application or withdrawal. */
export function applicationSummaryMail(
  locale: Locale,
  organizationName: string,
  activity: ApplicationActivity,
  timeZone: string,
  unsubscribeUrl: string,
): MailContent {
  const t = texts[locale];
  const blocks: MailBlock[] = [{ kind: 'paragraph', text: t.summaryIntro(organizationName) }];
  if (activity.received.length > 0) {
    blocks.push(
      section(
        t.receivedHeading(activity.received.length),
        activity.received,
        (row) => t.sentAt(when(row.at, locale, timeZone)),
        t.more,
      ),
    );
  }
  if (activity.withdrawn.length > 0) {
    blocks.push(
      section(
        t.withdrawnHeading(activity.withdrawn.length),
        activity.withdrawn,
        (row) => t.withdrawnAt(when(row.at, locale, timeZone)),
        t.more,
      ),
    );
  }
  blocks.push({ kind: 'button', link: { label: t.openPortal, url: '/company' } });
  const firstJob = activity.received[0] ?? activity.withdrawn[0];
  return {
    locale,
    subject: t.summarySubject(organizationName, activity.received.length, activity.withdrawn.length),
    preheader: firstJob ? `${firstJob.applicantName} · ${firstJob.jobTitle}` : undefined,
    blocks,
    footer: {
      reason: t.summaryReason(organizationName),
      links: [
        { label: t.settings, url: notificationSettingsPath },
        { label: t.unsubscribe, url: unsubscribeUrl },
      ],
    },
  };
}

import type { Locale } from '../../../shared/locale.ts';
import type { BoardJob } from '../../../shared/jobs/listing-schemas.ts';
import type { PushPayload } from '../../../shared/push/push-payload.ts';
import type { MailBlock, MailContent, MailItem } from '../../mail/mail-layout.ts';

// The words of a digest e-mail and its push notification, in English and French, as content for the shared layout
// (mail/mail-layout.ts), which writes the text and the HTML part.

/** One alert's part of a digest: its newest matching jobs (at most maxJobsPerAlert cards) and how many more. */
export type DigestSection = {
  alertName: string;
  /** Cards (one per job; a job posted in several places is one card listing them). */
  jobs: BoardJob[];
  /** Matching cards left out (beyond maxJobsPerAlert). */
  more: number;
  /** The board with the alert's filters (an app path). */
  boardPath: string;
  /** Pauses this alert (an absolute URL). */
  pauseUrl: string;
};

export type DigestMailInput = {
  locale: Locale;
  firstName: string | null;
  frequency: 'daily' | 'weekly' | 'mixed';
  sections: DigestSection[];
  /** The student's alerts page (an app path). */
  manageAlertsPath: string;
  /** Pauses every alert of this e-mail (the List-Unsubscribe link). */
  pauseAllUrl: string;
  /** For the posting dates. */
  timeZone: string;
};

const texts = {
  en: {
    subjectOne: (count: number, name: string) => `${count} new ${count === 1 ? 'job' : 'jobs'} for “${name}”`,
    subjectMany: (count: number) => `${count} new ${count === 1 ? 'job' : 'jobs'} for your alerts`,
    greeting: (name: string | null) => (name ? `Hi ${name},` : 'Hello,'),
    intro: {
      daily: 'Here are the jobs added to the board since your last digest that match your alerts.',
      weekly: 'Here are this week’s new jobs on the board that match your alerts.',
      mixed: 'Here are the jobs added to the board since your last digest that match your alerts.',
    },
    heading: (name: string, count: number) => `${name}: ${count} new ${count === 1 ? 'job' : 'jobs'}`,
    more: (count: number) => `And ${count} more: see them on the board`,
    seeOnBoard: 'See this search on the board',
    pauseAlert: 'Pause this alert',
    featured: 'Featured',
    posted: (date: string) => `Posted ${date}`,
    otherPlaces: (count: number) => `+${count} more ${count === 1 ? 'place' : 'places'}`,
    reason: 'You get this e-mail because you set up job alerts on Campus Jobs.',
    manage: 'Manage alerts',
    pauseAll: (count: number) => (count === 1 ? 'Pause this alert' : 'Pause these alerts'),
    pushTitle: (count: number) => `${count} new ${count === 1 ? 'job' : 'jobs'} for your alerts`,
  },
  fr: {
    subjectOne: (count: number, name: string) =>
      `${count} ${count === 1 ? 'nouvelle offre' : 'nouvelles offres'} pour «\u00a0${name}\u00a0»`,
    subjectMany: (count: number) => `${count} ${count === 1 ? 'nouvelle offre' : 'nouvelles offres'} pour vos alertes`,
    greeting: (name: string | null) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    intro: {
      daily: 'Voici les offres ajoutées au tableau depuis votre dernier résumé qui correspondent à vos alertes.',
      weekly: 'Voici les nouvelles offres de la semaine qui correspondent à vos alertes.',
      mixed: 'Voici les offres ajoutées au tableau depuis votre dernier résumé qui correspondent à vos alertes.',
    },
    heading: (name: string, count: number) =>
      `${name}\u00a0: ${count} ${count === 1 ? 'nouvelle offre' : 'nouvelles offres'}`,
    more: (count: number) => `Et ${count} ${count === 1 ? 'autre' : 'autres'}\u00a0: voyez-les sur le tableau`,
    seeOnBoard: 'Voir cette recherche sur le tableau',
    pauseAlert: 'Mettre cette alerte en pause',
    featured: 'Mise en avant',
    posted: (date: string) => `Publiée le ${date}`,
    otherPlaces: (count: number) => `+${count} ${count === 1 ? 'autre lieu' : 'autres lieux'}`,
    reason: 'Vous recevez ce courriel parce que vous avez créé des alertes d’emploi sur Campus Jobs.',
    manage: 'Gérer les alertes',
    pauseAll: (count: number) => (count === 1 ? 'Mettre cette alerte en pause' : 'Mettre ces alertes en pause'),
    pushTitle: (count: number) => `${count} ${count === 1 ? 'nouvelle offre' : 'nouvelles offres'} pour vos alertes`,
  },
} as const;

const placesShown = 3;

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

// One formatter per language and zone: each is an ICU object in native memory, too costly to make per job.
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormatOf(locale: Locale, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale}\u0000${timeZone}`;
  let format = dateFormats.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale === 'fr' ? 'fr-CA' : 'en-CA', { month: 'short', day: 'numeric', timeZone });
    dateFormats.set(key, format);
  }
  return format;
}

function jobItem(job: BoardJob, locale: Locale, timeZone: string): MailItem {
  const t = texts[locale];
  const places =
    job.locations.length > placesShown
      ? `${job.locations.slice(0, placesShown).join(' · ')} ${t.otherPlaces(job.locations.length - placesShown)}`
      : job.locations.join(' · ');
  const posted = dateFormatOf(locale, timeZone).format(new Date(job.datePosted * 1000));
  return {
    title: job.title,
    // Featured jobs open their page; community listings their own posting, as on the board.
    url: job.featured || job.url === null ? `/jobs/${encodeURIComponent(job.id)}` : job.url,
    lines: [
      job.featured ? `${job.company} · ${t.featured}` : job.company,
      ...(places ? [places] : []),
      t.posted(posted),
    ],
  };
}

const countOf = (section: DigestSection) => section.jobs.length + section.more;

/** The digest e-mail of one student; `sections` are the alerts with something new (at least one). */
export function digestMail(input: DigestMailInput): MailContent {
  const t = texts[input.locale];
  const total = input.sections.reduce((sum, section) => sum + countOf(section), 0);
  const subject =
    input.sections.length === 1 ? t.subjectOne(total, input.sections[0]!.alertName) : t.subjectMany(total);
  const blocks: MailBlock[] = [
    { kind: 'paragraph', text: t.greeting(input.firstName) },
    { kind: 'paragraph', text: t.intro[input.frequency] },
    ...input.sections.map((section): MailBlock => ({
      kind: 'section',
      heading: t.heading(section.alertName, countOf(section)),
      items: section.jobs.map((job) => jobItem(job, input.locale, input.timeZone)),
      links: [
        { label: section.more > 0 ? t.more(section.more) : t.seeOnBoard, url: section.boardPath },
        { label: t.pauseAlert, url: section.pauseUrl },
      ],
    })),
  ];
  const firstJobs = input.sections.flatMap((section) => section.jobs).slice(0, 3);
  return {
    locale: input.locale,
    subject,
    preheader: firstJobs.map((job) => `${job.title} · ${job.company}`).join(' | '),
    blocks,
    footer: {
      reason: t.reason,
      links: [
        { label: t.manage, url: input.manageAlertsPath },
        { label: t.pauseAll(input.sections.length), url: input.pauseAllUrl },
      ],
    },
  };
}

/** The push notification of the same digest: `{ title, body, url, tag }` as the service worker shows it. */
export function digestPush(
  locale: Locale,
  sections: readonly Pick<DigestSection, 'alertName' | 'jobs' | 'more' | 'boardPath'>[],
  tag: string,
  manageAlertsPath: string,
): PushPayload {
  const t = texts[locale];
  const total = sections.reduce((sum, section) => sum + section.jobs.length + section.more, 0);
  const first = sections[0]!;
  const lead = first.jobs[0];
  const names = sections.map((section) => section.alertName).join(', ');
  // Push services take ~4 KB per message: the texts are cut to the payload schema's bounds.
  return {
    title: cut(sections.length === 1 ? t.subjectOne(total, first.alertName) : t.pushTitle(total), 120),
    body: cut(lead ? `${lead.title} · ${lead.company}${total > 1 ? ` (+${total - 1})` : ''} · ${names}` : names, 400),
    // One alert: its search on the board; several: the alerts page.
    url: sections.length === 1 && first.boardPath.length <= 1000 ? first.boardPath : manageAlertsPath,
    tag,
  };
}

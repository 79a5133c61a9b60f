import type { Locale } from '../../../shared/locale.ts';
import { clipText as clip, type PushPayload } from '../../../shared/push/push-payload.ts';
import type { MailContent } from '../../mail/mail-layout.ts';

// The e-mail the day before a tracked application's next step (an interview, an assessment deadline), in English
// and French, as content for the shared layout (mail/mail-layout.ts), which writes the text and the HTML part.

export type NextStepMailInput = {
  locale: Locale;
  firstName: string | null;
  title: string;
  company: string;
  nextStepAt: Date;
  /** The student's zone, for the date and time of the step. */
  timeZone: string;
  /** The application's note (what to prepare), if any. */
  note: string | null;
  /** My Applications (an app path). */
  applicationsPath: string;
};

const texts = {
  en: {
    subject: (title: string, company: string) => `Tomorrow: the next step for ${title} at ${company}`,
    greeting: (name: string | null) => (name ? `Hi ${name},` : 'Hello,'),
    when: (title: string, company: string, when: string) => `Your next step for ${title} at ${company} is on ${when}.`,
    note: (note: string) => `Your note: ${note}`,
    open: 'Open My Applications',
    reason: 'You get this e-mail because you set a next step for an application you track on Campus Jobs.',
    manage: 'My Applications',
  },
  fr: {
    subject: (title: string, company: string) => `Demain\u00a0: la prochaine étape pour ${title} chez ${company}`,
    greeting: (name: string | null) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    when: (title: string, company: string, when: string) =>
      `Votre prochaine étape pour ${title} chez ${company} est le ${when}.`,
    note: (note: string) => `Votre note\u00a0: ${note}`,
    open: 'Ouvrir Mes candidatures',
    reason:
      'Vous recevez ce courriel parce que vous avez indiqué une prochaine étape pour une candidature suivie sur Campus Jobs.',
    manage: 'Mes candidatures',
  },
} as const;

/** "Tuesday, December 8, 2026 at 2:30 p.m. EST" in the student's language and zone. */
export function formatNextStep(at: Date, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(locale === 'fr' ? 'fr-CA' : 'en-CA', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone,
  }).format(at);
}

export function nextStepMail(input: NextStepMailInput): MailContent {
  const t = texts[input.locale];
  const when = formatNextStep(input.nextStepAt, input.locale, input.timeZone);
  return {
    locale: input.locale,
    subject: t.subject(input.title, input.company),
    preheader: t.when(input.title, input.company, when),
    blocks: [
      { kind: 'paragraph', text: t.greeting(input.firstName) },
      { kind: 'paragraph', text: t.when(input.title, input.company, when) },
      ...(input.note ? [{ kind: 'paragraph' as const, text: t.note(input.note) }] : []),
      { kind: 'button', link: { label: t.open, url: input.applicationsPath } },
    ],
    footer: { reason: t.reason, links: [{ label: t.manage, url: input.applicationsPath }] },
  };
}

const pushTexts = {
  en: {
    title: (title: string) => `Tomorrow: ${title}`,
    body: (company: string, when: string) => `Your next step at ${company}: ${when}.`,
  },
  fr: {
    title: (title: string) => `Demain\u00a0: ${title}`,
    body: (company: string, when: string) => `Votre prochaine étape chez ${company}\u00a0: ${when}.`,
  },
} as const;

/**
 * The same reminder as a push notification, for a student who turned notifications on (a device subscribed): short
 * texts, My Applications on a tap, one notification per application (a moved step replaces the first).
 */
export function nextStepPush(
  input: Pick<NextStepMailInput, 'locale' | 'title' | 'company' | 'nextStepAt' | 'timeZone' | 'applicationsPath'> & {
    applicationId: string;
  },
): PushPayload {
  const t = pushTexts[input.locale];
  const when = formatNextStep(input.nextStepAt, input.locale, input.timeZone);
  return {
    title: clip(t.title(clip(input.title, 80)), 120),
    body: clip(t.body(clip(input.company, 120), when), 400),
    url: input.applicationsPath,
    tag: `next-step-${input.applicationId}`,
  };
}

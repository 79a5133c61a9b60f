import type { Locale } from '../../../shared/locale.ts';
import type { MailBlock, MailContent } from '../../mail/mail-layout.ts';

// The e-mails of interview scheduling, in the recipient's language and time zone, as content for the shared layout:
// to the student (times to pick, the booked time, a move, new times, a cancellation) and to each interviewer (the
// times proposed, the booked time, a move, new times, a cancellation). The calendar invitation travels with them (interview-calendar.ts).

export type InterviewMailEvent = 'proposed' | 'reproposed' | 'booked' | 'moved' | 'cancelled';

export type InterviewMailFacts = {
  event: InterviewMailEvent;
  audience: 'student' | 'interviewer';
  locale: Locale;
  /** The recipient's IANA time zone; times are written in it, with its name. */
  timeZone: string;
  firstName: string | null;
  studentName: string;
  jobTitle: string;
  organizationName: string;
  applicationId: string;
  durationMinutes: number;
  location: string | null;
  videoUrl: string | null;
  interviewers: string[];
  /** The booked time (booked, moved), or the time that is no longer (cancelled, reproposed after a booking). */
  start: Date | null;
  /** The times to pick from (proposed, reproposed). */
  slots: Date[];
};

const texts = {
  en: {
    hello: (name: string | null) => (name ? `Hi ${name},` : 'Hello,'),
    subject: {
      proposed: (job: string, org: string) => `${org} invites you to an interview: ${job}`,
      reproposed: (job: string, org: string) => `New interview times from ${org}: ${job}`,
      booked: (job: string, who: string) => `Interview booked: ${job}, ${who}`,
      moved: (job: string, who: string) => `Interview moved: ${job}, ${who}`,
      cancelled: (job: string, who: string) => `Interview cancelled: ${job}, ${who}`,
    },
    subjectMember: {
      proposed: (job: string, who: string) => `Interview times sent to ${who}: ${job}`,
      reproposed: (job: string, who: string) => `New interview times sent to ${who}: ${job}`,
    },
    proposedMember: (org: string, who: string, job: string) =>
      `${org} proposed these times to ${who} for an interview for ${job}, with you among the interviewers. The calendar invitation follows once ${who} books one:`,
    reproposedMember: (who: string, job: string) =>
      `New times were proposed to ${who} for the interview for ${job}. The calendar invitation follows once one is booked:`,
    proposed: (job: string, org: string) =>
      `${org} would like to interview you for ${job}. Pick the time that suits you in My Applications:`,
    reproposed: (job: string, org: string) =>
      `${org} proposes new times for your interview for ${job}. Pick one in My Applications:`,
    previousGone: (when: string) => `The time booked before (${when}) no longer holds.`,
    bookedStudent: (job: string, org: string, when: string) =>
      `Your interview with ${org} for ${job} is booked: ${when}. The invitation is attached for your calendar.`,
    bookedMember: (who: string, job: string, when: string) =>
      `${who} booked an interview for ${job}: ${when}. The invitation is attached for your calendar.`,
    movedStudent: (job: string, org: string, when: string) =>
      `Your interview with ${org} for ${job} has moved to ${when}. The updated invitation is attached.`,
    movedMember: (who: string, job: string, when: string) =>
      `The interview with ${who} for ${job} has moved to ${when}. The updated invitation is attached.`,
    cancelledStudent: (job: string, org: string) => `${org} cancelled your interview for ${job}.`,
    cancelledMember: (who: string, job: string) => `The interview with ${who} for ${job} is cancelled.`,
    cancelledWhen: (when: string) => `It was planned for ${when}; the attached notice removes it from your calendar.`,
    duration: (minutes: number) => `Duration: ${minutes} minutes.`,
    place: (place: string) => `Place: ${place}`,
    video: (url: string) => `Video link: ${url}`,
    interviewers: (names: string) => `Interviewers: ${names}`,
    times: 'Times proposed',
    openStudent: 'Open My Applications',
    openMember: 'Open the application',
    reasonStudent: (org: string) => `You get this e-mail because ${org} scheduled an interview about your application.`,
    reasonMember: (org: string) =>
      `You get this e-mail because you are an interviewer for ${org} in the Campus Jobs company portal.`,
  },
  fr: {
    hello: (name: string | null) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    subject: {
      proposed: (job: string, org: string) => `${org} vous invite à un entretien : ${job}`,
      reproposed: (job: string, org: string) => `Nouveaux créneaux d’entretien de ${org} : ${job}`,
      booked: (job: string, who: string) => `Entretien réservé : ${job}, ${who}`,
      moved: (job: string, who: string) => `Entretien déplacé : ${job}, ${who}`,
      cancelled: (job: string, who: string) => `Entretien annulé : ${job}, ${who}`,
    },
    subjectMember: {
      proposed: (job: string, who: string) => `Créneaux d’entretien envoyés à ${who} : ${job}`,
      reproposed: (job: string, who: string) => `Nouveaux créneaux d’entretien envoyés à ${who} : ${job}`,
    },
    proposedMember: (org: string, who: string, job: string) =>
      `${org} a proposé ces créneaux à ${who} pour un entretien pour ${job}, et vous faites partie des personnes qui le font passer. L’invitation d’agenda suivra dès que ${who} en aura réservé un :`,
    reproposedMember: (who: string, job: string) =>
      `De nouveaux créneaux ont été proposés à ${who} pour l’entretien pour ${job}. L’invitation d’agenda suivra dès qu’un créneau sera réservé :`,
    proposed: (job: string, org: string) =>
      `${org} aimerait vous faire passer un entretien pour ${job}. Choisissez le créneau qui vous convient dans Mes candidatures :`,
    reproposed: (job: string, org: string) =>
      `${org} propose de nouveaux créneaux pour votre entretien pour ${job}. Choisissez-en un dans Mes candidatures :`,
    previousGone: (when: string) => `Le créneau réservé auparavant (${when}) n’est plus valable.`,
    bookedStudent: (job: string, org: string, when: string) =>
      `Votre entretien avec ${org} pour ${job} est réservé : ${when}. L’invitation est jointe pour votre agenda.`,
    bookedMember: (who: string, job: string, when: string) =>
      `${who} a réservé un entretien pour ${job} : ${when}. L’invitation est jointe pour votre agenda.`,
    movedStudent: (job: string, org: string, when: string) =>
      `Votre entretien avec ${org} pour ${job} est déplacé au ${when}. L’invitation mise à jour est jointe.`,
    movedMember: (who: string, job: string, when: string) =>
      `L’entretien avec ${who} pour ${job} est déplacé au ${when}. L’invitation mise à jour est jointe.`,
    cancelledStudent: (job: string, org: string) => `${org} a annulé votre entretien pour ${job}.`,
    cancelledMember: (who: string, job: string) => `L’entretien avec ${who} pour ${job} est annulé.`,
    cancelledWhen: (when: string) => `Il était prévu le ${when} ; l’avis joint le retire de votre agenda.`,
    duration: (minutes: number) => `Durée : ${minutes} minutes.`,
    place: (place: string) => `Lieu : ${place}`,
    video: (url: string) => `Lien vidéo : ${url}`,
    interviewers: (names: string) => `Avec : ${names}`,
    times: 'Créneaux proposés',
    openStudent: 'Ouvrir Mes candidatures',
    openMember: 'Ouvrir la candidature',
    reasonStudent: (org: string) =>
      `Vous recevez ce courriel parce que ${org} a planifié un entretien au sujet de votre candidature.`,
    reasonMember: (org: string) =>
      `Vous recevez ce courriel parce que vous faites passer un entretien pour ${org} dans le portail entreprise de Campus Jobs.`,
  },
} as const;

/** "Thursday 3 December 2026, 14:30 EST" in the recipient's language and zone. */
export function interviewTime(date: Date, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(locale === 'fr' ? 'fr-CA' : 'en-CA', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(date);
}

export function interviewMail(facts: InterviewMailFacts): MailContent {
  const t = texts[facts.locale];
  const when = (date: Date) => interviewTime(date, facts.locale, facts.timeZone);
  const student = facts.audience === 'student';
  const who = student ? facts.organizationName : facts.studentName;
  const subject =
    facts.event === 'proposed' || facts.event === 'reproposed'
      ? student
        ? t.subject[facts.event](facts.jobTitle, facts.organizationName)
        : t.subjectMember[facts.event](facts.jobTitle, facts.studentName)
      : t.subject[facts.event](facts.jobTitle, who);
  const blocks: MailBlock[] = [{ kind: 'paragraph', text: t.hello(facts.firstName) }];
  const start = facts.start ? when(facts.start) : '';
  const openUrl = student ? '/jobs/applied' : `/company/applications/${encodeURIComponent(facts.applicationId)}`;
  switch (facts.event) {
    case 'proposed':
    case 'reproposed':
      blocks.push({
        kind: 'paragraph',
        text: student
          ? t[facts.event](facts.jobTitle, facts.organizationName)
          : facts.event === 'proposed'
            ? t.proposedMember(facts.organizationName, facts.studentName, facts.jobTitle)
            : t.reproposedMember(facts.studentName, facts.jobTitle),
      });
      if (facts.event === 'reproposed' && facts.start) blocks.push({ kind: 'paragraph', text: t.previousGone(start) });
      blocks.push({
        kind: 'section',
        heading: t.times,
        items: facts.slots.map((slot) => ({ title: when(slot), url: openUrl, lines: [] })),
      });
      break;
    case 'booked':
      blocks.push({
        kind: 'paragraph',
        text: student
          ? t.bookedStudent(facts.jobTitle, facts.organizationName, start)
          : t.bookedMember(facts.studentName, facts.jobTitle, start),
      });
      break;
    case 'moved':
      blocks.push({
        kind: 'paragraph',
        text: student
          ? t.movedStudent(facts.jobTitle, facts.organizationName, start)
          : t.movedMember(facts.studentName, facts.jobTitle, start),
      });
      break;
    case 'cancelled':
      blocks.push({
        kind: 'paragraph',
        text: student
          ? t.cancelledStudent(facts.jobTitle, facts.organizationName)
          : t.cancelledMember(facts.studentName, facts.jobTitle),
      });
      if (facts.start) blocks.push({ kind: 'paragraph', text: t.cancelledWhen(start) });
      break;
  }
  if (facts.event !== 'cancelled') {
    const details = [
      t.duration(facts.durationMinutes),
      ...(facts.location ? [t.place(facts.location)] : []),
      ...(facts.videoUrl ? [t.video(facts.videoUrl)] : []),
      ...(facts.interviewers.length > 0 ? [t.interviewers(facts.interviewers.join(', '))] : []),
    ];
    blocks.push({ kind: 'paragraph', text: details.join('\n') });
  }
  blocks.push({
    kind: 'button',
    link: { label: student ? t.openStudent : t.openMember, url: openUrl },
  });
  return {
    locale: facts.locale,
    subject,
    blocks,
    footer: {
      reason: student ? t.reasonStudent(facts.organizationName) : t.reasonMember(facts.organizationName),
      links: [],
    },
  };
}

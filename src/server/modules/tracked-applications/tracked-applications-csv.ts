import type { StudentApplication } from '../../../shared/company/company-api.ts';
import type { Locale } from '../../../shared/locale.ts';
import type { TrackedApplication } from '../../../shared/tracked-applications/tracked-applications-api.ts';
import { csvDocument } from '../../http/csv.ts';

// GET /api/tracked-applications.csv: every application of the student, the ones sent in the app (with the company's
// status) and the tracked ones (with the stage the student set), newest first, for people who keep a spreadsheet.
// Headers and stage names in the student's language; dates as YYYY-MM-DD, which every spreadsheet reads.

const words = {
  en: {
    header: [
      'Kind',
      'Company',
      'Job title',
      'Status',
      'Applied',
      'Status changed',
      'Next step',
      'Listing closed',
      'Link',
      'Note',
    ],
    inApp: 'In the app',
    tracked: 'Tracked',
    status: {
      applied: 'Applied',
      screening: 'Screening',
      assessment: 'Online assessment',
      interview: 'Interview',
      offer: 'Offer',
      hired: 'Hired',
      accepted: 'Accepted',
      rejected: 'Rejected',
      withdrawn: 'Withdrawn',
      ghosted: 'No answer',
    },
  },
  fr: {
    header: [
      'Type',
      'Entreprise',
      'Poste',
      'Statut',
      'Candidature',
      'Statut changé',
      'Prochaine étape',
      'Offre fermée',
      'Lien',
      'Note',
    ],
    inApp: 'Dans l’application',
    tracked: 'Suivie',
    status: {
      applied: 'Candidature envoyée',
      screening: 'Présélection',
      assessment: 'Test en ligne',
      interview: 'Entretien',
      offer: 'Offre',
      hired: 'Embauché·e',
      accepted: 'Acceptée',
      rejected: 'Refusée',
      withdrawn: 'Retirée',
      ghosted: 'Sans réponse',
    },
  },
} as const;

type Status = keyof (typeof words)['en']['status'];

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

export function applicationsCsv(
  locale: Locale,
  inApp: readonly StudentApplication[],
  tracked: readonly TrackedApplication[],
  jobUrl: (slug: string) => string,
): string {
  const text = words[locale];
  const rows = [
    ...inApp.map((application) => ({
      appliedAt: application.appliedAt,
      cells: [
        text.inApp,
        application.company ?? '',
        application.jobTitle,
        text.status[application.status as Status],
        day(application.appliedAt),
        day(application.statusChangedAt),
        '',
        '',
        jobUrl(application.jobSlug),
        '',
      ],
    })),
    ...tracked.map((application) => ({
      appliedAt: application.appliedAt,
      cells: [
        text.tracked,
        application.company,
        application.title,
        text.status[application.stage],
        day(application.appliedAt),
        day(application.changedAt.stage),
        day(application.nextStepAt),
        day(application.closedAt),
        application.url,
        application.note ?? '',
      ],
    })),
  ].sort((a, b) => Date.parse(b.appliedAt) - Date.parse(a.appliedAt));
  return csvDocument(
    text.header,
    rows.map((row) => row.cells),
  );
}

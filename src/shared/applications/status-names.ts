import type { ApplicationStatus } from '../company/application-status.ts';
import type { Locale } from '../locale.ts';

/**
 * An application's status as the student reads it outside the app (the status e-mail, the push), in the words My
 * Applications uses (the client's `applications:status` strings).
 */
export const studentStatusNames: Record<Locale, Record<ApplicationStatus, string>> = {
  en: {
    applied: 'Applied',
    screening: 'Screening',
    interview: 'Interview',
    offer: 'Offer',
    hired: 'Hired',
    rejected: 'Rejected',
    withdrawn: 'Withdrawn',
  },
  fr: {
    applied: 'Candidature envoyée',
    screening: 'Présélection',
    interview: 'Entretien',
    offer: 'Offre',
    hired: 'Embauché·e',
    rejected: 'Refusée',
    withdrawn: 'Retirée',
  },
};

import type { ApplicationAnswers } from '../applications/application-schema.ts';

// What an application shows its organization once the applicant deleted their account.
export const deletedApplicantName = { firstName: 'Deleted', lastName: 'applicant' } as const;

/**
 * What an application keeps for its organization once its applicant's details are removed (account deleted, or
 * the retention period over): a name that says so, and the graduation year alone (the organization's counts by year
 * stay right; it names nobody).
 */
export function anonymousAnswers(
  graduationYear: number,
  name: { firstName: string; lastName: string } = deletedApplicantName,
): ApplicationAnswers {
  return {
    firstName: name.firstName,
    lastName: name.lastName,
    email: '',
    phone: '',
    university: '',
    major: '',
    graduationYear,
    linkedinUrl: null,
    portfolioUrl: null,
    githubUsername: null,
    devpostUsername: null,
    coverLetter: '',
  };
}

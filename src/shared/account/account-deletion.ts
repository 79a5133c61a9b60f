// What an application shows its organization once the applicant deleted their account.
export const deletedApplicantName = { firstName: 'Deleted', lastName: 'applicant' } as const;

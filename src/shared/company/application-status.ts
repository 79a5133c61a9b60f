// The pipeline of an application (issue 11, docs/decisions/011-company-portal.md). The company moves an application
// between the first six statuses; only the student sets 'withdrawn', and a withdrawn application no longer moves.

export const applicationStatuses = [
  'applied',
  'screening',
  'interview',
  'offer',
  'hired',
  'rejected',
  'withdrawn',
] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

/** What a member of the organization may set. */
export const companySettableStatuses = ['applied', 'screening', 'interview', 'offer', 'hired', 'rejected'] as const;
export type CompanySettableStatus = (typeof companySettableStatuses)[number];

/** The statuses a student may withdraw from (not yet hired or rejected, not already withdrawn). */
export const withdrawableStatuses = ['applied', 'screening', 'interview', 'offer'] as const;

export function isApplicationStatus(value: unknown): value is ApplicationStatus {
  return typeof value === 'string' && (applicationStatuses as readonly string[]).includes(value);
}

export function canWithdraw(status: ApplicationStatus): boolean {
  return (withdrawableStatuses as readonly string[]).includes(status);
}

/** Why the company cannot move an application from `from` to `to`, or null when it can. */
export function companyMoveProblem(
  from: ApplicationStatus,
  to: ApplicationStatus,
): 'application_withdrawn' | 'invalid_status' | null {
  if (from === 'withdrawn') return 'application_withdrawn';
  if (!(companySettableStatuses as readonly string[]).includes(to)) return 'invalid_status';
  return null;
}

/** A count per status, every status present (0 when none). */
export function emptyStatusCounts(): Record<ApplicationStatus, number> {
  return Object.fromEntries(applicationStatuses.map((status) => [status, 0])) as Record<ApplicationStatus, number>;
}

// How long an application keeps its applicant's details and resume copy after its job ends
// (APPLICATION_RETENTION_DAYS, docs/decisions/028-privacy-and-trust.md): the organization keeps the fact that it
// existed, its status history and its own notes; the name, contact details, answers, snapshots and resume go.

export const defaultApplicationRetentionDays = 365;
const dayMs = 86_400_000;

/** What the rule reads of a job: closed (when), or past its application deadline. */
export type RetainedJob = { status: string; closedAt: Date | null; endPostingDate: Date | null };

/**
 * When a job stopped taking applications for good: its closing time, or its deadline once passed (whichever came
 * first); null while it is open (a reopened job has no closing time).
 */
export function jobEndedAt(job: RetainedJob, now: number): number | null {
  const ends = [
    job.status === 'closed' && job.closedAt ? job.closedAt.getTime() : null,
    job.endPostingDate && job.endPostingDate.getTime() <= now ? job.endPostingDate.getTime() : null,
  ].filter((time): time is number => time !== null);
  return ends.length > 0 ? Math.min(...ends) : null;
}

/** When the job's applications lose their details and resumes; null while the job is open. */
export function applicationDataRemovalAt(job: RetainedJob, retentionDays: number, now: number): Date | null {
  const ended = jobEndedAt(job, now);
  return ended === null ? null : new Date(ended + retentionDays * dayMs);
}

/** The name an application shows its organization once its details were removed after the retention period. */
export const expiredApplicantName = { firstName: 'Applicant', lastName: '(details removed)' } as const;

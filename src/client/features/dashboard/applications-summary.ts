import type { StudentApplication } from '../../../shared/company/company-api.ts';
import type { BoardJob } from '../../../shared/jobs/listing-schemas.ts';
import type { TrackedApplication } from '../../../shared/tracked-applications/tracked-applications-api.ts';
import type { CountedApplication } from '../../../shared/tracked-applications/tracked-summary.ts';
import type { OutboxRecord } from '../../db/records/apply-records.ts';

/** An application's status, as GET /api/applications answers it. */
export type ApplicationStatus = StudentApplication['status'];

/**
 * One line of the dashboard's applications summary. The shape of GET /api/applications' items, plus `sending` for
 * an application still in this device's outbox.
 */
export interface ApplicationSummary {
  applicationId: string;
  jobId: string;
  /** null when the job is no longer on the board and the device never saw its title. */
  jobTitle: string | null;
  company: string | null;
  status: ApplicationStatus;
  /** ISO time of the latest status change; null when unknown. */
  statusChangedAt: string | null;
  /** ISO time; null when unknown. */
  appliedAt: string | null;
  featured: boolean;
  /** Still waiting in the outbox (not yet received by the server). */
  sending: boolean;
}

type OutboxPart = Pick<OutboxRecord, 'id' | 'jobId' | 'status' | 'createdAt' | 'jobSummary'>;

/**
 * The student's applications: the outbox's (newest first, the waiting ones marked `sending`), then the server's list
 * with each latest status (GET /api/applications) when it could be read, else the profile's applied job ids (the
 * server's order, newest first, 'applied' as the only status known offline), titled from the board.
 * Failed sends are not applications; an outbox record the server already has shows as the server's.
 */
export function buildApplicationsSummary(
  profileApplied: readonly string[],
  outbox: readonly OutboxPart[],
  jobsById: ReadonlyMap<string, Pick<BoardJob, 'title' | 'company' | 'featured'>>,
  server: readonly StudentApplication[] | null = null,
): ApplicationSummary[] {
  const items: ApplicationSummary[] = [];
  const seen = new Set<string>();
  const onServer = new Set(server?.map((item) => item.jobId));
  const fromOutbox = outbox.filter((record) => record.status !== 'failed').sort((a, b) => b.createdAt - a.createdAt);
  for (const record of fromOutbox) {
    if (seen.has(record.jobId) || (record.status === 'sent' && onServer.has(record.jobId))) continue;
    seen.add(record.jobId);
    const job = jobsById.get(record.jobId);
    const appliedAt = new Date(record.createdAt).toISOString();
    items.push({
      applicationId: record.id,
      jobId: record.jobId,
      jobTitle: record.jobSummary.title || job?.title || null,
      company: record.jobSummary.organizationName ?? job?.company ?? null,
      status: 'applied',
      statusChangedAt: appliedAt,
      appliedAt,
      featured: job?.featured ?? true,
      sending: record.status !== 'sent',
    });
  }
  if (server) {
    for (const item of server) {
      if (seen.has(item.jobId)) continue;
      seen.add(item.jobId);
      const { applicationId, jobId, jobTitle, company, status, statusChangedAt, appliedAt, featured } = item;
      items.push({
        applicationId,
        jobId,
        jobTitle,
        company,
        status,
        statusChangedAt,
        appliedAt,
        featured,
        sending: false,
      });
    }
    return items;
  }
  for (const jobId of profileApplied) {
    if (seen.has(jobId)) continue;
    seen.add(jobId);
    const job = jobsById.get(jobId);
    items.push({
      applicationId: `job:${jobId}`,
      jobId,
      jobTitle: job?.title ?? null,
      company: job?.company ?? null,
      status: 'applied',
      statusChangedAt: null,
      appliedAt: null,
      featured: job?.featured ?? true,
      sending: false,
    });
  }
  return items;
}

/** A tracked application as the dashboard lists it (sent on the employer's site, moved by the student). */
export type TrackedLine = Pick<TrackedApplication, 'id' | 'title' | 'company' | 'stage' | 'appliedAt' | 'history'>;

export type DashboardLine = { kind: 'app'; item: ApplicationSummary } | { kind: 'tracked'; application: TrackedLine };

const lineTime = (line: DashboardLine): number => {
  if (line.kind === 'tracked') return Date.parse(line.application.appliedAt);
  // Still sending: newest of all. Applied at an unknown time (offline, from the profile): after the dated ones.
  if (line.item.sending) return Number.POSITIVE_INFINITY;
  return line.item.appliedAt ? Date.parse(line.item.appliedAt) : Number.NEGATIVE_INFINITY;
};

/**
 * One list of the student's applications, as on My Applications: those sent in the app and the tracked ones, most
 * recently applied first (the ones still sending on top). Equal times keep their order (in-app first).
 */
export function dashboardLines(items: readonly ApplicationSummary[], tracked: readonly TrackedLine[]): DashboardLine[] {
  const lines: DashboardLine[] = [
    ...items.map((item) => ({ kind: 'app' as const, item })),
    ...tracked.map((application) => ({ kind: 'tracked' as const, application })),
  ];
  return lines
    .map((line, index) => ({ line, index, time: lineTime(line) }))
    .sort((a, b) => (a.time === b.time ? a.index - b.index : b.time > a.time ? 1 : -1))
    .map(({ line }) => line);
}

/**
 * What the student's numbers count (the same rule as My Applications' summary): every application with the statuses
 * or stages it reached. One still sending or known only by its job id (offline) counts as applied, today.
 */
export function countedApplications(
  items: readonly ApplicationSummary[],
  tracked: readonly TrackedLine[],
  now: number,
): CountedApplication[] {
  return [
    ...items.map((item) => ({
      appliedAt: item.appliedAt ?? new Date(now).toISOString(),
      reached: item.status === 'applied' ? ['applied'] : ['applied', item.status],
    })),
    ...tracked.map((application) => ({
      appliedAt: application.appliedAt,
      reached: application.history.map((entry) => entry.stage),
    })),
  ];
}

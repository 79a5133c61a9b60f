import type { ScreeningFilter } from '../../../shared/screening/screening-questions.ts';
import type { ApplicationStatus, CompanySettableStatus } from '../../../shared/company/application-status.ts';
import type {
  ApplicantListItem,
  ApplicantsResponse,
  JobStats,
  Match,
  RejectionReason,
} from '../../../shared/company/company-api.ts';
import { emptyStatusCounts } from '../../../shared/company/application-status.ts';
import { computeMatch, describeMatchPart } from '../../../shared/company/match.ts';
import type { Database } from '../../db/client.ts';
import {
  type ApplicantRow,
  findApplicationWithJob,
  insertHistory,
  lockApplications,
  updateStatusIfCurrent,
} from './company-applications.repository.ts';
import { recordActivity } from '../../activity/record-activity.ts';
import type { StudentMessageChoice, StudentMessenger } from './student-messenger.ts';
import { csvDocument } from '../../http/csv.ts';
import { HttpError } from '../../http/http-error.ts';

/** Why a rejection was made, as the member gave it (both optional). */
export type Rejection = { reason?: RejectionReason; note?: string };

/** The history row's reason columns: a rejection's reason and words; nothing for any other move. */
function rejectionOf(to: CompanySettableStatus, rejection: Rejection | undefined) {
  if (to !== 'rejected' || !rejection) return {};
  return { reason: rejection.reason ?? null, reasonNote: rejection.note ?? null };
}

export type ApplicantFilters = {
  q?: string;
  status?: ApplicationStatus;
  graduationYear?: number;
  school?: string;
  /** passed: no knockout answer to the screening questions; knocked-out: at least one. */
  screening?: ScreeningFilter;
  sort: 'newest' | 'match';
};

type JobForMatch = { type: string; skills: string[] };

export function matchOfRow(
  job: JobForMatch,
  row: Pick<
    ApplicantRow,
    'skills' | 'answers' | 'githubContributions' | 'githubRepos' | 'devpostProjects' | 'devpostWins' | 'submittedAt'
  >,
): Match {
  return computeMatch({
    job,
    applicant: {
      skills: row.skills,
      graduationYear: typeof row.answers.graduationYear === 'number' ? row.answers.graduationYear : null,
      github:
        row.githubContributions === null
          ? null
          : { contributionCount: row.githubContributions, repoCount: row.githubRepos ?? 0 },
      devpost:
        row.devpostProjects === null
          ? null
          : { stats: { projectCount: row.devpostProjects, winCount: row.devpostWins ?? 0 } },
    },
    at: row.submittedAt,
  });
}

function toListItem(row: ApplicantRow, match: Match): ApplicantListItem {
  return {
    applicationId: row.id,
    firstName: row.answers.firstName,
    lastName: row.answers.lastName,
    email: row.email,
    school: row.answers.university,
    program: row.answers.major,
    graduationYear: row.answers.graduationYear,
    skills: row.skills,
    status: row.status,
    statusChangedAt: row.statusChangedAt.toISOString(),
    appliedAt: row.submittedAt.toISOString(),
    rating: row.averageRating === null ? null : Math.round(row.averageRating * 10) / 10,
    match,
    knockedOut: row.knockedOut,
  };
}

/** Search (name, school, skills), filters and sort, in memory: a job's applicants are at most a few thousand rows. */
export function filterApplicants(
  job: JobForMatch,
  rows: ApplicantRow[],
  filters: ApplicantFilters,
): ApplicantListItem[] {
  const needle = filters.q?.trim().toLowerCase() ?? '';
  const school = filters.school?.trim().toLowerCase();
  const items = rows
    .filter((row) => {
      if (filters.status && row.status !== filters.status) return false;
      if (filters.graduationYear !== undefined && row.answers.graduationYear !== filters.graduationYear) return false;
      if (school && row.answers.university.trim().toLowerCase() !== school) return false;
      if (filters.screening && row.knockedOut !== (filters.screening === 'knocked-out')) return false;
      if (!needle) return true;
      const haystack = [`${row.answers.firstName} ${row.answers.lastName}`, row.answers.university, ...row.skills]
        .join('\n')
        .toLowerCase();
      return needle.split(/\s+/).every((word) => haystack.includes(word));
    })
    .map((row) => toListItem(row, matchOfRow(job, row)));
  const newest = (a: ApplicantListItem, b: ApplicantListItem) =>
    b.appliedAt.localeCompare(a.appliedAt) || a.applicationId.localeCompare(b.applicationId);
  items.sort(filters.sort === 'match' ? (a, b) => b.match.score - a.match.score || newest(a, b) : newest);
  return items;
}

export function applicantsPage(
  job: JobForMatch,
  rows: ApplicantRow[],
  filters: ApplicantFilters & { page: number; pageSize: number },
): ApplicantsResponse {
  const items = filterApplicants(job, rows, filters);
  const start = (filters.page - 1) * filters.pageSize;
  return {
    items: items.slice(start, start + filters.pageSize),
    total: items.length,
    page: filters.page,
    pageSize: filters.pageSize,
    schools: [...new Set(rows.map((row) => row.answers.university.trim()))].sort((a, b) => a.localeCompare(b)),
    graduationYears: [...new Set(rows.map((row) => row.answers.graduationYear))].sort((a, b) => a - b),
  };
}

export function applicantsCsv(job: JobForMatch, rows: ApplicantRow[], filters: ApplicantFilters): string {
  const items = filterApplicants(job, rows, filters);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const header = [
    'Application ID',
    'First name',
    'Last name',
    'Email',
    'Phone',
    'School',
    'Program',
    'Graduation year',
    'Skills',
    'Status',
    'Status changed',
    'Applied',
    'Rating',
    'Match score',
    'Match details',
    'Screening',
    'LinkedIn',
    'Portfolio',
    'GitHub',
    'Devpost',
  ];
  const records = items.map((item) => {
    const answers = byId.get(item.applicationId)?.answers;
    return [
      item.applicationId,
      item.firstName,
      item.lastName,
      item.email,
      answers?.phone ?? '',
      item.school,
      item.program,
      item.graduationYear,
      item.skills.join(', '),
      item.status,
      item.statusChangedAt,
      item.appliedAt,
      item.rating,
      item.match.score,
      item.match.parts.map(describeMatchPart).join('; '),
      item.knockedOut ? 'knocked out' : 'passed',
      answers?.linkedinUrl ?? '',
      answers?.portfolioUrl ?? '',
      answers?.githubUsername ?? '',
      answers?.devpostUsername ?? '',
    ];
  });
  return csvDocument(header, records);
}

export function jobStats(rows: ApplicantRow[]): Omit<JobStats, 'bySource' | 'invitations'> {
  const byStatus = emptyStatusCounts();
  const days = new Map<string, number>();
  const schools = new Map<string, number>();
  const years = new Map<number, number>();
  for (const row of rows) {
    byStatus[row.status] += 1;
    const day = row.submittedAt.toISOString().slice(0, 10);
    days.set(day, (days.get(day) ?? 0) + 1);
    const school = row.answers.university.trim();
    schools.set(school, (schools.get(school) ?? 0) + 1);
    years.set(row.answers.graduationYear, (years.get(row.answers.graduationYear) ?? 0) + 1);
  }
  return {
    byStatus,
    overTime: [...days].sort(([a], [b]) => a.localeCompare(b)).map(([date, count]) => ({ date, count })),
    bySchool: [...schools]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([school, count]) => ({ school, count })),
    byGraduationYear: [...years].sort((a, b) => a[0] - b[0]).map(([year, count]) => ({ year, count })),
  };
}

type Actor = { uid: string; name: string | null };

/**
 * PATCH /api/company/applications/{id}: the change, its history row, and the message the member chose (the e-mail,
 * its history row, the push: `messenger`) in one transaction,
 * only if `version` is still current (else 409 stale_status). The same status at the current version changes nothing.
 */
export async function changeApplicationStatus(
  db: Database,
  {
    applicationId,
    to,
    version,
    message,
    messenger,
    rejection,
    actor,
    at,
  }: {
    applicationId: string;
    to: CompanySettableStatus;
    version: number;
    /** With `rejected`: why, for the organization's records (never sent to the student). */
    rejection?: Rejection;
    /** What to tell the student; null: a silent move. */
    message: StudentMessageChoice | null;
    messenger: StudentMessenger;
    actor: Actor;
    /** The app's clock, for the activity log. */
    at: Date;
  },
): Promise<{ changed: boolean; mailed: boolean }> {
  return db.transaction(async (tx) => {
    const found = await findApplicationWithJob(tx, applicationId);
    if (!found) throw new HttpError(404, 'not_found');
    const from = found.application.status;
    if (from === 'withdrawn') throw new HttpError(409, 'application_withdrawn');
    if (found.application.version !== version) throw new HttpError(409, 'stale_status');
    if (from === to) return { changed: false, mailed: false };
    const updated = await updateStatusIfCurrent(tx, applicationId, { to, version });
    if (!updated) {
      // Someone else moved it (or the student withdrew) between the read and the write.
      const now = await findApplicationWithJob(tx, applicationId);
      throw new HttpError(409, now?.application.status === 'withdrawn' ? 'application_withdrawn' : 'stale_status');
    }
    await insertHistory(tx, {
      applicationId,
      fromStatus: from,
      toStatus: to,
      changedBy: actor.uid,
      changedByName: actor.name,
      ...rejectionOf(to, rejection),
    });
    const mailed = message !== null && (await messenger.send(tx, { applicationId, message, move: to, actor, at }));
    await recordActivity(tx, {
      organizationId: found.job.organizationId,
      actorUid: actor.uid,
      kind: 'status-move',
      applicationId,
      jobId: found.job.id,
      detail: { from, to, notified: mailed },
      at,
    });
    return { changed: true, mailed };
  });
}

/**
 * Bulk change: every id must exist and belong to `organizationId` (checked by the caller before, re-checked here on
 * the locked rows); withdrawn and unchanged ones are skipped. All in one transaction.
 */
export async function bulkChangeStatus(
  db: Database,
  {
    ids,
    to,
    message,
    messenger,
    rejection,
    organizationId,
    actor,
    at,
  }: {
    ids: string[];
    to: CompanySettableStatus;
    message: StudentMessageChoice | null;
    messenger: StudentMessenger;
    rejection?: Rejection;
    organizationId: string;
    actor: Actor;
    at: Date;
  },
): Promise<{
  updated: string[];
  skipped: { id: string; code: 'application_withdrawn' | 'unchanged' }[];
  mailed: number;
}> {
  return db.transaction(async (tx) => {
    const locked = await lockApplications(tx, ids);
    if (locked.length !== ids.length || locked.some((row) => row.organizationId !== organizationId)) {
      throw new HttpError(409, 'stale_status');
    }
    const updated: string[] = [];
    const skipped: { id: string; code: 'application_withdrawn' | 'unchanged' }[] = [];
    let mailed = 0;
    for (const id of ids) {
      const found = await findApplicationWithJob(tx, id);
      if (!found) throw new HttpError(404, 'not_found');
      const from = found.application.status;
      if (from === 'withdrawn') {
        skipped.push({ id, code: 'application_withdrawn' });
        continue;
      }
      if (from === to) {
        skipped.push({ id, code: 'unchanged' });
        continue;
      }
      const row = await updateStatusIfCurrent(tx, id, { to, version: found.application.version });
      if (!row) throw new HttpError(409, 'stale_status');
      await insertHistory(tx, {
        applicationId: id,
        fromStatus: from,
        toStatus: to,
        changedBy: actor.uid,
        changedByName: actor.name,
        ...rejectionOf(to, rejection),
      });
      const told = message !== null && (await messenger.send(tx, { applicationId: id, message, move: to, actor, at }));
      if (told) mailed += 1;
      await recordActivity(tx, {
        organizationId,
        actorUid: actor.uid,
        kind: 'status-move',
        applicationId: id,
        jobId: found.job.id,
        detail: { from, to, notified: told },
        at,
      });
      updated.push(id);
    }
    return { updated, skipped, mailed };
  });
}

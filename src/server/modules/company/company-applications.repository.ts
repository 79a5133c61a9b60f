import type { JobStats, RejectionReason } from '../../../shared/company/company-api.ts';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ApplicationAnswers } from '../../../shared/applications/application-schema.ts';
import type { ApplicationStatus } from '../../../shared/company/application-status.ts';
import type { Database } from '../../db/client.ts';
import {
  applicantInvitations,
  applicationNotes,
  applications,
  applicationStatusHistory,
  type ApplicationRow,
  featuredJobs,
  organizations,
  sharedLinks,
} from '../../db/schema.ts';

/** One applicant of a job as the list, the CSV export and the dashboard need it (no cover letter, no snapshots). */
export type ApplicantRow = {
  id: string;
  email: string;
  answers: Omit<ApplicationAnswers, 'coverLetter'>;
  status: ApplicationStatus;
  statusChangedAt: Date;
  submittedAt: Date;
  skills: string[];
  githubContributions: number | null;
  githubRepos: number | null;
  devpostProjects: number | null;
  devpostWins: number | null;
  averageRating: number | null;
  /** A knockout answer to a screening question. */
  knockedOut: boolean;
  /** The optimistic version a status move sends back (409 stale_status when another move came first). */
  version: number;
};

// The team's score, 1-4: each member's mean criterion rating; a card kept from before scorecards counts its 1-5
// overall rating put on the same scale. Written out in full: inside a subquery Drizzle leaves column names unqualified.
const averageRating = sql<string | null>`(select avg(coalesce(
    (select avg("value"::numeric) from jsonb_each_text("s"."ratings")),
    1 + ("s"."overall_rating" - 1) * 0.75))
  from "application_scorecards" as "s" where "s"."application_id" = "applications"."id")`;

export async function listApplicantRows(db: Database, jobId: string): Promise<ApplicantRow[]> {
  const rows = await db
    .select({
      id: applications.id,
      email: applications.email,
      answers: sql<Omit<ApplicationAnswers, 'coverLetter'>>`${applications.answers} - 'coverLetter'`,
      status: applications.status,
      statusChangedAt: applications.statusChangedAt,
      submittedAt: applications.submittedAt,
      skills: applications.skillsSnapshot,
      githubContributions: sql<number | null>`(${applications.githubSnapshot}->>'contributionCount')::int`,
      githubRepos: sql<number | null>`(${applications.githubSnapshot}->>'repoCount')::int`,
      devpostProjects: sql<number | null>`(${applications.devpostSnapshot}->'stats'->>'projectCount')::int`,
      devpostWins: sql<number | null>`(${applications.devpostSnapshot}->'stats'->>'winCount')::int`,
      averageRating,
      knockedOut: applications.screeningKnockedOut,
      version: applications.version,
    })
    .from(applications)
    .where(eq(applications.jobId, jobId));
  return rows.map((row) => ({ ...row, averageRating: row.averageRating === null ? null : Number(row.averageRating) }));
}

export type ApplicationWithJob = {
  application: ApplicationRow;
  job: { id: string; title: string; type: string; skills: string[]; organizationId: string };
  organization: { name: string; rejectionEmails: boolean };
};

export async function findApplicationWithJob(db: Database, id: string): Promise<ApplicationWithJob | null> {
  const [row] = await db
    .select({
      application: applications,
      job: {
        id: featuredJobs.id,
        title: featuredJobs.title,
        type: featuredJobs.type,
        skills: featuredJobs.skills,
        organizationId: featuredJobs.organizationId,
      },
      organization: { name: organizations.name, rejectionEmails: organizations.rejectionEmails },
    })
    .from(applications)
    .innerJoin(featuredJobs, eq(featuredJobs.id, applications.jobId))
    .innerJoin(organizations, eq(organizations.id, featuredJobs.organizationId))
    .where(eq(applications.id, id))
    .limit(1);
  return row ?? null;
}

export async function listHistory(db: Database, applicationId: string) {
  return db
    .select()
    .from(applicationStatusHistory)
    .where(eq(applicationStatusHistory.applicationId, applicationId))
    .orderBy(asc(applicationStatusHistory.createdAt), asc(applicationStatusHistory.id));
}

export async function listNotes(db: Database, applicationId: string) {
  return db
    .select()
    .from(applicationNotes)
    .where(eq(applicationNotes.applicationId, applicationId))
    .orderBy(desc(applicationNotes.createdAt), desc(applicationNotes.id));
}

export async function insertNote(
  db: Database,
  note: { applicationId: string; authorUid: string; authorName: string | null; body: string },
) {
  const [row] = await db.insert(applicationNotes).values(note).returning();
  if (!row) throw new Error('insert returned no note');
  return row;
}

/**
 * The optimistic status change: writes only if the application is still at `version` and not withdrawn. When two
 * members send the same version at once, PostgreSQL makes the second wait for the first's commit and then finds the
 * version moved: exactly one change and one history row.
 */
export async function updateStatusIfCurrent(
  db: Database,
  id: string,
  { to, version }: { to: ApplicationStatus; version: number },
): Promise<ApplicationRow | null> {
  const [row] = await db
    .update(applications)
    .set({ status: to, version: sql`${applications.version} + 1`, statusChangedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(applications.id, id), eq(applications.version, version), sql`${applications.status} <> 'withdrawn'`))
    .returning();
  return row ?? null;
}

export async function insertHistory(
  db: Database,
  entry: {
    applicationId: string;
    fromStatus: ApplicationStatus;
    toStatus: ApplicationStatus;
    changedBy: string | null;
    changedByName: string | null;
    reason?: RejectionReason | null;
    reasonNote?: string | null;
  },
): Promise<void> {
  await db.insert(applicationStatusHistory).values(entry);
}

/** The applications `ids` with their job's organization, locked for a bulk change. */
export async function lockApplications(db: Database, ids: string[]) {
  return db
    .select({ id: applications.id, status: applications.status, organizationId: featuredJobs.organizationId })
    .from(applications)
    .innerJoin(featuredJobs, eq(featuredJobs.id, applications.jobId))
    .where(inArray(applications.id, ids))
    .for('update', { of: applications });
}

/** The dashboard's sources of a job's applications and its invitations' conversion (JobStats). */
export async function jobSources(db: Database, jobId: string): Promise<Pick<JobStats, 'bySource' | 'invitations'>> {
  const sources = await db
    .select({
      channel: applications.channel,
      linkId: applications.sharedLinkId,
      label: sharedLinks.label,
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(applications)
    .leftJoin(sharedLinks, eq(sharedLinks.id, applications.sharedLinkId))
    .where(eq(applications.jobId, jobId))
    .groupBy(applications.channel, applications.sharedLinkId, sharedLinks.label);
  const [funnel] = await db
    .select({
      sent: sql<number>`count(*)`.mapWith(Number),
      opened: sql<number>`count(${applicantInvitations.openedAt})`.mapWith(Number),
      // Written out in full: inside the subquery Drizzle would leave the column names unqualified.
      applied: sql<number>`count(*) filter (where exists (select 1 from "applications"
        where "applications"."invitation_id" = "applicant_invitations"."id"))`.mapWith(Number),
    })
    .from(applicantInvitations)
    .where(and(eq(applicantInvitations.jobId, jobId), isNull(applicantInvitations.revokedAt)));
  const source = (channel: string) => (channel === 'private' ? 'invitation' : channel === 'link' ? 'link' : 'public');
  return {
    bySource: sources
      .map((row) => ({ source: source(row.channel), label: row.label ?? null, count: row.count }) as const)
      .sort(
        (a, b) => b.count - a.count || a.source.localeCompare(b.source) || (a.label ?? '').localeCompare(b.label ?? ''),
      ),
    invitations: funnel ?? { sent: 0, opened: 0, applied: 0 },
  };
}

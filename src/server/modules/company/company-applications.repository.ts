import type { RejectionReason } from '../../../shared/company/company-api.ts';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ApplicationAnswers } from '../../../shared/applications/application-schema.ts';
import type { ApplicationStatus } from '../../../shared/company/application-status.ts';
import type { Database } from '../../db/client.ts';
import {
  applicationNotes,
  applications,
  applicationStatusHistory,
  type ApplicationRow,
  featuredJobs,
  organizations,
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

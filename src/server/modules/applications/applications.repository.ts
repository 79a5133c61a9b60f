import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  type ApplicationStatus,
  canWithdraw,
  withdrawableStatuses,
} from '../../../shared/company/application-status.ts';
import type { StudentApplication } from '../../../shared/company/company-api.ts';
import type { Database } from '../../db/client.ts';
import {
  applicationMessages,
  applications,
  applicationStatusHistory,
  featuredJobs,
  organizationActivity,
  organizations,
} from '../../db/schema.ts';

// Every function takes the caller's uid: there is no way to read or write another person's applications.

export async function listAppliedJobIds(db: Database, uid: string): Promise<string[]> {
  const rows = await db
    .select({ jobId: applications.jobId })
    .from(applications)
    .where(and(eq(applications.uid, uid), ne(applications.status, 'withdrawn')))
    .orderBy(desc(applications.submittedAt), desc(applications.id));
  return rows.map((row) => row.jobId);
}

const studentApplicationColumns = {
  application: applications,
  jobSlug: featuredJobs.slug,
  jobTitle: featuredJobs.title,
  company: organizations.name,
  // The first time a member of the job's organization opened the resume; who it was is not the student's to know.
  viewedAt: sql<Date | null>`(select min(${organizationActivity.at}) from ${organizationActivity}
    where ${organizationActivity.applicationId} = ${applications.id}
      and ${organizationActivity.organizationId} = ${featuredJobs.organizationId}
      and ${organizationActivity.kind} = 'resume-view')`.mapWith(organizationActivity.at),
};

/** The person's applications with their job, newest first (withdrawn ones included: My Applications shows them). */
export async function listStudentApplications(db: Database, uid: string) {
  return db
    .select(studentApplicationColumns)
    .from(applications)
    .innerJoin(featuredJobs, eq(featuredJobs.id, applications.jobId))
    .innerJoin(organizations, eq(organizations.id, featuredJobs.organizationId))
    .where(eq(applications.uid, uid))
    .orderBy(desc(applications.submittedAt), desc(applications.id));
}

/** One of the person's own applications; another person's is as absent as an unknown id. */
export async function findStudentApplication(db: Database, uid: string, id: string) {
  const [row] = await db
    .select(studentApplicationColumns)
    .from(applications)
    .innerJoin(featuredJobs, eq(featuredJobs.id, applications.jobId))
    .innerJoin(organizations, eq(organizations.id, featuredJobs.organizationId))
    .where(and(eq(applications.uid, uid), eq(applications.id, id)))
    .limit(1);
  return row ?? null;
}

export async function listStudentHistory(db: Database, applicationId: string) {
  return db
    .select({
      from: applicationStatusHistory.fromStatus,
      to: applicationStatusHistory.toStatus,
      at: applicationStatusHistory.createdAt,
    })
    .from(applicationStatusHistory)
    .where(eq(applicationStatusHistory.applicationId, applicationId))
    .orderBy(applicationStatusHistory.createdAt, applicationStatusHistory.id);
}

/** The messages the organization sent the student about this application (what they read, not who sent it). */
export async function listStudentMessages(db: Database, applicationId: string) {
  return db
    .select({ at: applicationMessages.sentAt, subject: applicationMessages.subject, body: applicationMessages.body })
    .from(applicationMessages)
    .where(eq(applicationMessages.applicationId, applicationId))
    .orderBy(applicationMessages.sentAt, applicationMessages.id);
}

/**
 * Withdraws the person's application if its status allows it, with its history row and whatever `alsoInTransaction`
 * writes (the company's notices); null when it does not.
 */
export async function withdrawApplication(
  db: Database,
  uid: string,
  id: string,
  alsoInTransaction: (tx: Database) => Promise<unknown> = async () => undefined,
): Promise<{ from: ApplicationStatus } | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: applications.status })
      .from(applications)
      .where(and(eq(applications.uid, uid), eq(applications.id, id)))
      .for('update');
    if (!current || !(withdrawableStatuses as readonly string[]).includes(current.status)) return null;
    await tx
      .update(applications)
      .set({
        status: 'withdrawn',
        version: sql`${applications.version} + 1`,
        statusChangedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(applications.id, id), inArray(applications.status, [...withdrawableStatuses])));
    await tx.insert(applicationStatusHistory).values({
      applicationId: id,
      fromStatus: current.status,
      toStatus: 'withdrawn',
      changedBy: null,
      changedByName: null,
    });
    await alsoInTransaction(tx);
    return { from: current.status };
  });
}

/** My Applications' view of a row of listStudentApplications. */
export function toStudentApplication(
  row: Awaited<ReturnType<typeof listStudentApplications>>[number],
): StudentApplication {
  return {
    applicationId: row.application.id,
    jobId: row.application.jobId,
    jobSlug: row.jobSlug,
    jobTitle: row.jobTitle,
    company: row.company,
    status: row.application.status,
    statusChangedAt: row.application.statusChangedAt.toISOString(),
    appliedAt: row.application.submittedAt.toISOString(),
    featured: true,
    canWithdraw: canWithdraw(row.application.status),
    viewedAt: row.viewedAt ? new Date(row.viewedAt).toISOString() : null,
  };
}

/** The person's applications as My Applications lists them, newest first. */
export async function studentApplications(db: Database, uid: string): Promise<StudentApplication[]> {
  return (await listStudentApplications(db, uid)).map(toStudentApplication);
}

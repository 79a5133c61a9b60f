import { and, asc, eq, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  applicantInvitations,
  applications,
  featuredJobs,
  mailOutbox,
  notificationRuns,
  organizationInvitations,
  organizations,
  pushOutbox,
} from '../../db/schema.ts';

// The rows of the organization purge (retention.service.ts): organizations whose deletion date has passed.

export type DueOrganization = { id: string; logoPath: string | null };

/** Up to `limit` organizations whose scheduled deletion is due at `now`. */
export async function dueOrganizations(db: Database, now: Date, limit: number): Promise<DueOrganization[]> {
  return db
    .select({ id: organizations.id, logoPath: organizations.logoPath })
    .from(organizations)
    .where(and(isNotNull(organizations.deletionDueAt), lte(organizations.deletionDueAt, now)))
    .orderBy(asc(organizations.deletionDueAt), asc(organizations.id))
    .limit(limit);
}

/** The storage keys of the resume copies of the organization's applications. */
export async function organizationResumeKeys(db: Database, organizationId: string): Promise<string[]> {
  const rows = await db
    .select({ key: applications.resumeKey })
    .from(applications)
    .innerJoin(featuredJobs, eq(featuredJobs.id, applications.jobId))
    .where(and(eq(featuredJobs.organizationId, organizationId), ne(applications.resumeKey, '')));
  return rows.map((row) => row.key);
}

/**
 * In one transaction, if the organization is still due (an owner did not cancel meanwhile): the queued or sent
 * e-mails and pushes caused by its applications and invitations, then the organization row, which takes every table
 * keyed to it along (members, invitations, jobs and through them applications, status history, notes, scorecards,
 * invitations to apply, shared links, the activity log: ON DELETE CASCADE). False when it was not deleted.
 */
export async function deleteOrganizationRows(db: Database, organizationId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(and(eq(organizations.id, organizationId), lte(organizations.deletionDueAt, now)))
      .for('update');
    if (!due) return false;
    const jobIds = (
      await tx.select({ id: featuredJobs.id }).from(featuredJobs).where(eq(featuredJobs.organizationId, organizationId))
    ).map((row) => row.id);
    // The organization itself caused its members' e-mails of the scheduled deletion (decision 037).
    const causes = [
      organizationId,
      ...(jobIds.length > 0
        ? [
            ...(
              await tx.select({ id: applications.id }).from(applications).where(inArray(applications.jobId, jobIds))
            ).map((row) => row.id),
            ...(
              await tx
                .select({ id: applicantInvitations.id })
                .from(applicantInvitations)
                .where(inArray(applicantInvitations.jobId, jobIds))
            ).map((row) => row.id),
          ]
        : []),
      ...(
        await tx
          .select({ id: organizationInvitations.id })
          .from(organizationInvitations)
          .where(eq(organizationInvitations.organizationId, organizationId))
      ).map((row) => row.id),
    ];
    for (let start = 0; start < causes.length; start += 500) {
      const slice = causes.slice(start, start + 500);
      await tx.delete(mailOutbox).where(inArray(mailOutbox.causeId, slice));
      await tx.delete(pushOutbox).where(inArray(pushOutbox.causeId, slice));
    }
    // The members' daily summaries (they list applicants) are named `application-summary:{organization}:{uid}:{day}`.
    const summaries = `application-summary:${organizationId}:%`;
    await tx.delete(mailOutbox).where(sql`${mailOutbox.causeId} like ${summaries}`);
    await tx.delete(notificationRuns).where(sql`${notificationRuns.id} like ${summaries}`);
    await tx.delete(organizations).where(eq(organizations.id, organizationId));
    return true;
  });
}

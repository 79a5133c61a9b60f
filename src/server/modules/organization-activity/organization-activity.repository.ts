import { and, desc, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { applications, featuredJobs, organizationActivity, organizationMembers, users } from '../../db/schema.ts';

// Reads of an organization's activity log (src/server/activity/record-activity.ts writes it).

/** Entries of one organization, newest first, older than `before` when given. */
export async function listActivity(
  db: Database,
  organizationId: string,
  { before, limit }: { before?: number | undefined; limit: number },
) {
  return db
    .select({
      entry: organizationActivity,
      // The member's name and address as the organization knows them; a former member's from their account.
      memberName: organizationMembers.name,
      memberEmail: organizationMembers.email,
      accountName: users.displayName,
      accountEmail: users.email,
      answers: applications.answers,
      anonymizedAt: applications.anonymizedAt,
      jobTitle: featuredJobs.title,
    })
    .from(organizationActivity)
    .leftJoin(
      organizationMembers,
      and(
        eq(organizationMembers.organizationId, organizationActivity.organizationId),
        eq(organizationMembers.uid, organizationActivity.actorUid),
      ),
    )
    .leftJoin(users, eq(users.uid, organizationActivity.actorUid))
    .leftJoin(applications, eq(applications.id, organizationActivity.applicationId))
    .leftJoin(featuredJobs, eq(featuredJobs.id, organizationActivity.jobId))
    .where(
      and(
        eq(organizationActivity.organizationId, organizationId),
        before === undefined ? undefined : lt(organizationActivity.id, before),
      ),
    )
    .orderBy(desc(organizationActivity.id))
    .limit(limit);
}

export type ActivityRow = Awaited<ReturnType<typeof listActivity>>[number];

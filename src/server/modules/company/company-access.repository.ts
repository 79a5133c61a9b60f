import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { applications, featuredJobs, organizationMembers, type OrganizationMemberRow } from '../../db/schema.ts';

// Membership rows decide who is a company user. Read on every request (never cached, never taken from the token or
// the client), so removing a member takes effect on their next request.

export async function findMembership(
  db: Database,
  organizationId: string,
  uid: string,
): Promise<OrganizationMemberRow | null> {
  const [row] = await db
    .select()
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.uid, uid)))
    .limit(1);
  return row ?? null;
}

export async function hasAnyMembership(db: Database, uid: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(organizationMembers)
    .where(eq(organizationMembers.uid, uid))
    .limit(1);
  return row !== undefined;
}

/** The organization a job belongs to, and the caller's role there (null when not a member); null for no such job. */
export async function jobAccess(
  db: Database,
  jobId: string,
  uid: string,
): Promise<{ organizationId: string; role: 'owner' | 'member' | null } | null> {
  const [row] = await db
    .select({ organizationId: featuredJobs.organizationId, role: organizationMembers.role })
    .from(featuredJobs)
    .leftJoin(
      organizationMembers,
      and(eq(organizationMembers.organizationId, featuredJobs.organizationId), eq(organizationMembers.uid, uid)),
    )
    .where(eq(featuredJobs.id, jobId))
    .limit(1);
  return row ? { organizationId: row.organizationId, role: row.role ?? null } : null;
}

/** Like jobAccess, for an application (through its job). */
export async function applicationAccess(
  db: Database,
  applicationId: string,
  uid: string,
): Promise<{ organizationId: string; jobId: string; role: 'owner' | 'member' | null } | null> {
  const [row] = await db
    .select({ organizationId: featuredJobs.organizationId, jobId: featuredJobs.id, role: organizationMembers.role })
    .from(applications)
    .innerJoin(featuredJobs, eq(featuredJobs.id, applications.jobId))
    .leftJoin(
      organizationMembers,
      and(eq(organizationMembers.organizationId, featuredJobs.organizationId), eq(organizationMembers.uid, uid)),
    )
    .where(eq(applications.id, applicationId))
    .limit(1);
  return row ? { organizationId: row.organizationId, jobId: row.jobId, role: row.role ?? null } : null;
}

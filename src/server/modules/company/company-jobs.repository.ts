import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { type ApplicationStatus, emptyStatusCounts } from '../../../shared/company/application-status.ts';
import type { ApplicationCounts } from '../../../shared/company/company-api.ts';
import { slugify } from '../../../shared/slug.ts';
import type { Database } from '../../db/client.ts';
import { applications, featuredJobs, type FeaturedJobRow } from '../../db/schema.ts';

export type NewFeaturedJob = typeof featuredJobs.$inferInsert;

export async function listOrganizationJobs(db: Database, organizationId: string): Promise<FeaturedJobRow[]> {
  return db
    .select()
    .from(featuredJobs)
    .where(eq(featuredJobs.organizationId, organizationId))
    .orderBy(desc(featuredJobs.updatedAt), desc(featuredJobs.id));
}

export async function findJob(db: Database, id: string): Promise<FeaturedJobRow | null> {
  const [row] = await db.select().from(featuredJobs).where(eq(featuredJobs.id, id)).limit(1);
  return row ?? null;
}

/** Counts per status (every status present) and the total, for each job. */
export async function applicationCountsOf(db: Database, jobIds: string[]): Promise<Map<string, ApplicationCounts>> {
  const counts = new Map<string, ApplicationCounts>();
  for (const id of jobIds) counts.set(id, { ...emptyStatusCounts(), total: 0 });
  if (jobIds.length === 0) return counts;
  const rows = await db
    .select({ jobId: applications.jobId, status: applications.status, value: count() })
    .from(applications)
    .where(inArray(applications.jobId, jobIds))
    .groupBy(applications.jobId, applications.status);
  for (const row of rows) {
    const entry = counts.get(row.jobId);
    if (!entry) continue;
    entry[row.status as ApplicationStatus] += row.value;
    entry.total += row.value;
  }
  return counts;
}

function slugOf(title: string): string {
  // A random tail: titles repeat across organizations, and a slug must not reveal how many jobs exist.
  return `${slugify(title, 'job')}-${randomBytes(4).toString('hex')}`;
}

export async function insertJob(db: Database, job: Omit<NewFeaturedJob, 'slug'>): Promise<FeaturedJobRow> {
  const [row] = await db
    .insert(featuredJobs)
    .values({ ...job, slug: slugOf(job.title) })
    .returning();
  if (!row) throw new Error('insert returned no job');
  return row;
}

export async function updateJob(
  db: Database,
  id: string,
  changes: Partial<NewFeaturedJob>,
  expectedStatus?: FeaturedJobRow['status'],
): Promise<FeaturedJobRow | null> {
  const [row] = await db
    .update(featuredJobs)
    .set({ ...changes, updatedAt: new Date() })
    .where(
      expectedStatus ? and(eq(featuredJobs.id, id), eq(featuredJobs.status, expectedStatus)) : eq(featuredJobs.id, id),
    )
    .returning();
  return row ?? null;
}

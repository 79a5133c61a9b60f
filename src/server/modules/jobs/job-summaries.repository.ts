import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { externalListings, featuredJobs, hiddenJobs, organizations } from '../../db/schema.ts';

/** What a job card shows of a job a student kept a mark on (saved, dismissed), even once the listing has closed. */
export type JobSummary = {
  id: string;
  title: string;
  company: string;
  locations: string[];
  /** External listings: their own page. Featured jobs: null (they open /jobs/{id}/). */
  url: string | null;
  featured: boolean;
  type: string;
  datePosted: number;
  /** Closed: gone from its feed or marked inactive, or a featured job past its end date. */
  closed: boolean;
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The jobs (external listings or featured jobs) as a card shows them, open or closed; unknown ids are left out. */
export async function jobSummaries(db: Database, jobIds: readonly string[]): Promise<Map<string, JobSummary>> {
  const found = new Map<string, JobSummary>();
  if (jobIds.length === 0) return found;
  const listings = await db
    .select({
      id: externalListings.id,
      title: externalListings.title,
      company: externalListings.company,
      locations: externalListings.locations,
      url: externalListings.url,
      type: externalListings.feedType,
      datePosted: externalListings.datePosted,
      active: externalListings.active,
    })
    .from(externalListings)
    .where(inArray(externalListings.id, [...jobIds]));
  for (const row of listings) {
    found.set(row.id, { ...row, featured: false, closed: !row.active });
  }
  const uuidIds = jobIds.filter((id) => uuidPattern.test(id) && !found.has(id));
  if (uuidIds.length > 0) {
    const featured = await db
      .select({
        id: featuredJobs.id,
        title: featuredJobs.title,
        company: organizations.name,
        location: featuredJobs.location,
        type: featuredJobs.type,
        postingDate: featuredJobs.postingDate,
        closed: sql<boolean>`(${featuredJobs.status} <> 'published' or coalesce(${featuredJobs.endPostingDate} <= now(), false))`,
      })
      .from(featuredJobs)
      .innerJoin(organizations, eq(organizations.id, featuredJobs.organizationId))
      .where(
        inArray(
          featuredJobs.id,
          uuidIds.map((id) => id.toLowerCase()),
        ),
      );
    for (const row of featured) {
      found.set(row.id, {
        id: row.id,
        title: row.title,
        company: row.company,
        locations: [row.location],
        url: null,
        featured: true,
        type: row.type,
        datePosted: Math.floor(row.postingDate.getTime() / 1000),
        closed: row.closed,
      });
    }
  }
  // A job the operators took off the board reads as closed wherever a student kept a mark on it.
  if (found.size > 0) {
    const hidden = await db
      .select({ jobId: hiddenJobs.jobId })
      .from(hiddenJobs)
      .where(inArray(hiddenJobs.jobId, [...found.keys()]));
    for (const { jobId } of hidden) found.set(jobId, { ...found.get(jobId)!, closed: true });
  }
  return found;
}

export async function jobExists(db: Database, jobId: string): Promise<boolean> {
  return (await jobSummaries(db, [jobId])).has(jobId);
}

/**
 * When each of the board listings `jobIds` closed, for those that left their feed or were marked inactive: the last
 * change of the listing, which is its deactivation (ingestion touches a listing it no longer sees only then).
 */
export async function listingClosings(db: Database, jobIds: readonly string[]): Promise<Map<string, Date>> {
  const closed = new Map<string, Date>();
  if (jobIds.length === 0) return closed;
  const rows = await db
    .select({ id: externalListings.id, updatedAt: externalListings.updatedAt })
    .from(externalListings)
    .where(and(inArray(externalListings.id, [...jobIds]), eq(externalListings.active, false)));
  for (const row of rows) closed.set(row.id, row.updatedAt);
  return closed;
}

import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { externalListings, featuredJobs, organizations, savedJobs, users } from '../../db/schema.ts';

/** What a saved job shows in the Saved view, even once the listing has closed. */
export type SavedJobSummary = {
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

export type SavedJobEntry = { jobId: string; savedAt: string; job: SavedJobSummary | null };

export type SavedJobState = { jobId: string; saved: boolean; changedAt: string };

export async function userExists(db: Database, uid: string): Promise<boolean> {
  const [row] = await db.select({ uid: users.uid }).from(users).where(eq(users.uid, uid)).limit(1);
  return row !== undefined;
}

/** The job (external listing or featured job) as a card shows it, open or closed; null when no such job exists. */
async function summaries(db: Database, jobIds: readonly string[]): Promise<Map<string, SavedJobSummary>> {
  const found = new Map<string, SavedJobSummary>();
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
  const uuidIds = jobIds.filter(
    (id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) && !found.has(id),
  );
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
  return found;
}

export async function jobExists(db: Database, jobId: string): Promise<boolean> {
  return (await summaries(db, [jobId])).has(jobId);
}

/** The student's saved jobs, most recently saved first. */
export async function listSavedJobs(db: Database, uid: string): Promise<SavedJobEntry[]> {
  const rows = await db
    .select({ jobId: savedJobs.jobId, changedAt: savedJobs.changedAt })
    .from(savedJobs)
    .where(and(eq(savedJobs.userUid, uid), eq(savedJobs.saved, true)))
    .orderBy(sql`${savedJobs.changedAt} desc`, savedJobs.jobId);
  const jobs = await summaries(
    db,
    rows.map((row) => row.jobId),
  );
  return rows.map((row) => ({
    jobId: row.jobId,
    savedAt: row.changedAt.toISOString(),
    job: jobs.get(row.jobId) ?? null,
  }));
}

/**
 * Records a save or an unsave made at `changedAt`, unless a later change of the same job is already stored (the last
 * change made wins, whatever order devices send them in). Returns the state now stored.
 */
export async function recordSavedJob(
  db: Database,
  uid: string,
  jobId: string,
  saved: boolean,
  changedAt: Date,
): Promise<SavedJobState> {
  await db
    .insert(savedJobs)
    .values({ userUid: uid, jobId, saved, changedAt })
    .onConflictDoUpdate({
      target: [savedJobs.userUid, savedJobs.jobId],
      set: { saved, changedAt },
      setWhere: gte(sql`excluded.changed_at`, savedJobs.changedAt),
    });
  const [row] = await db
    .select({ saved: savedJobs.saved, changedAt: savedJobs.changedAt })
    .from(savedJobs)
    .where(and(eq(savedJobs.userUid, uid), eq(savedJobs.jobId, jobId)));
  return { jobId, saved: row?.saved ?? saved, changedAt: (row?.changedAt ?? changedAt).toISOString() };
}

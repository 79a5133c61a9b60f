import { and, asc, eq, sql } from 'drizzle-orm';
import type { Criterion, Recommendation } from '../../../shared/scorecards/scorecards-api.ts';
import type { Database } from '../../db/client.ts';
import { applicationScorecards, jobScorecardCriteria, organizationMembers } from '../../db/schema.ts';

export async function criteriaOf(db: Database, jobId: string): Promise<Criterion[]> {
  const [row] = await db
    .select({ criteria: jobScorecardCriteria.criteria })
    .from(jobScorecardCriteria)
    .where(eq(jobScorecardCriteria.jobId, jobId));
  return row?.criteria ?? [];
}

export async function saveCriteria(db: Database, jobId: string, criteria: Criterion[], by: string): Promise<void> {
  await db
    .insert(jobScorecardCriteria)
    .values({ jobId, criteria, updatedBy: by })
    .onConflictDoUpdate({
      target: jobScorecardCriteria.jobId,
      set: { criteria, updatedBy: by, updatedAt: sql`now()` },
    });
}

/**
 * Every card of an application with its author's current display name (from their membership in the job's
 * organization; null when they have left it).
 */
export async function listScorecards(db: Database, applicationId: string, organizationId: string) {
  return db
    .select({
      uid: applicationScorecards.uid,
      name: organizationMembers.name,
      email: organizationMembers.email,
      ratings: applicationScorecards.ratings,
      recommendation: applicationScorecards.recommendation,
      note: applicationScorecards.note,
      overallRating: applicationScorecards.overallRating,
      updatedAt: applicationScorecards.updatedAt,
    })
    .from(applicationScorecards)
    .leftJoin(
      organizationMembers,
      and(
        eq(organizationMembers.uid, applicationScorecards.uid),
        eq(organizationMembers.organizationId, organizationId),
      ),
    )
    .where(eq(applicationScorecards.applicationId, applicationId))
    .orderBy(asc(applicationScorecards.createdAt), asc(applicationScorecards.uid));
}

/** Writes the caller's own card (the key is the caller's uid: no one writes another's). */
export async function upsertScorecard(
  db: Database,
  card: {
    applicationId: string;
    uid: string;
    ratings: Record<string, number>;
    recommendation: Recommendation;
    note: string;
  },
): Promise<void> {
  await db
    .insert(applicationScorecards)
    .values(card)
    .onConflictDoUpdate({
      target: [applicationScorecards.applicationId, applicationScorecards.uid],
      set: { ratings: card.ratings, recommendation: card.recommendation, note: card.note, updatedAt: sql`now()` },
    });
}

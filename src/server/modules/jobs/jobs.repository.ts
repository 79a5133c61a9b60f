import { and, desc, eq, exists, gt, isNull, notExists, or, sql } from 'drizzle-orm';
import type { DegreeLevel, JobFamily, Sponsorship, TermKey } from '../../../shared/jobs/job-criteria.ts';
import type { ScreeningQuestion } from '../../../shared/screening/screening-questions.ts';
import type { Database } from '../../db/client.ts';
import { featuredJobs, hiddenJobs, organizations } from '../../db/schema.ts';
import { isUuid } from '../../lib/uuid.ts';

export type PublicJobListItem = {
  id: string;
  slug: string;
  title: string;
  organization: { name: string };
  location: string;
  type: string;
  featured: true;
};

export type PublicJobRow = {
  id: string;
  slug: string;
  title: string;
  type: string;
  location: string;
  description: string;
  requirements: string;
  postingDate: Date;
  endPostingDate: Date | null;
  /** null: posted before families existed. */
  family: JobFamily | null;
  terms: TermKey[];
  /** Empty: any degree (when the family is stated), else not stated. */
  degreeLevels: DegreeLevel[];
  sponsorship: Sponsorship;
  /** Required skills, as the company wrote them. */
  skills: string[];
  /** With the knockout answers: the public view leaves them out (publicScreeningQuestion). */
  screeningQuestions: ScreeningQuestion[];
  organizationName: string;
  /** A storage key, not a URL. */
  organizationLogoPath: string | null;
  /** public: anyone; link: only with a live shared link; private: only with an invitation (see jobs.routes.ts). */
  visibility: 'public' | 'link' | 'private';
};

// A posting is open while published and until its end date (the deadline); open-ended ones (no end date) stay up.
// Drafts and closed jobs are seen by their organization only (routes/company).
const notExpired = and(
  eq(featuredJobs.status, 'published'),
  or(isNull(featuredJobs.endPostingDate), gt(featuredJobs.endPostingDate, sql`now()`)),
);
/** Taken off the board by an operator (modules/moderation): the job's page answers 410, nobody can apply. */
const hiddenRow = sql`(select 1 from ${hiddenJobs} where ${hiddenJobs.jobId} = ${featuredJobs.id}::text)`;
const open = and(notExpired, notExists(hiddenRow));
/** On the board and in public lists: open and public (link-only and private jobs are reached another way). */
const listedPublicly = and(open, eq(featuredJobs.visibility, 'public'));

/** The featured jobs still open, newest first. */
export async function listOpenFeaturedJobs(db: Database): Promise<PublicJobListItem[]> {
  const rows = await db
    .select({
      id: featuredJobs.id,
      slug: featuredJobs.slug,
      title: featuredJobs.title,
      organizationName: organizations.name,
      location: featuredJobs.location,
      type: featuredJobs.type,
    })
    .from(featuredJobs)
    .innerJoin(organizations, eq(organizations.id, featuredJobs.organizationId))
    .where(listedPublicly)
    .orderBy(desc(featuredJobs.postingDate), featuredJobs.id);
  return rows.map(({ organizationName, ...row }) => ({
    ...row,
    organization: { name: organizationName },
    featured: true,
  }));
}

function featuredJobMatching(idOrSlug: string) {
  return isUuid(idOrSlug)
    ? or(eq(featuredJobs.id, idOrSlug.toLowerCase()), eq(featuredJobs.slug, idOrSlug))
    : eq(featuredJobs.slug, idOrSlug);
}

/** Whether the featured job named by id or slug was taken off the board by an operator (its page answers 410). */
export async function isFeaturedJobHidden(db: Database, idOrSlug: string): Promise<boolean> {
  const [row] = await db
    .select({ id: featuredJobs.id })
    .from(featuredJobs)
    .where(and(featuredJobMatching(idOrSlug), exists(hiddenRow)))
    .limit(1);
  return row !== undefined;
}

/** A featured job by id (board cards link /jobs/{id}/) or slug, if it is still open (and not hidden). */
export async function findOpenFeaturedJob(db: Database, idOrSlug: string): Promise<PublicJobRow | null> {
  const matches = featuredJobMatching(idOrSlug);
  const [row] = await db
    .select({
      id: featuredJobs.id,
      slug: featuredJobs.slug,
      title: featuredJobs.title,
      type: featuredJobs.type,
      location: featuredJobs.location,
      description: featuredJobs.description,
      requirements: featuredJobs.requirements,
      postingDate: featuredJobs.postingDate,
      endPostingDate: featuredJobs.endPostingDate,
      family: featuredJobs.family,
      terms: featuredJobs.terms,
      degreeLevels: featuredJobs.degreeLevels,
      sponsorship: featuredJobs.sponsorship,
      skills: featuredJobs.skills,
      screeningQuestions: featuredJobs.screeningQuestions,
      organizationName: organizations.name,
      organizationLogoPath: organizations.logoPath,
      visibility: featuredJobs.visibility,
    })
    .from(featuredJobs)
    .innerJoin(organizations, eq(organizations.id, featuredJobs.organizationId))
    .where(and(matches, open))
    .limit(1);
  if (!row) return null;
  // Written through the portal's job schemas (job-criteria.ts values only).
  return {
    ...row,
    family: row.family as JobFamily | null,
    terms: row.terms as TermKey[],
    degreeLevels: row.degreeLevels as DegreeLevel[],
  };
}

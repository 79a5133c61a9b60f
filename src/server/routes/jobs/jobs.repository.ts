import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { featuredJobs, organizations } from '../../db/schema.ts'

export type PublicJobListItem = {
  id: string
  slug: string
  title: string
  organization: { name: string }
  location: string
  type: string
  featured: true
}

export type PublicJobRow = {
  id: string
  slug: string
  title: string
  type: string
  location: string
  description: string
  requirements: string
  postingDate: Date
  endPostingDate: Date | null
  organizationName: string
  /** A storage key, not a URL. */
  organizationLogoPath: string | null
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

// A posting is public until its end date; open-ended ones (no end date) stay up.
const notExpired = or(isNull(featuredJobs.endPostingDate), gt(featuredJobs.endPostingDate, sql`now()`))

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
    .where(notExpired)
    .orderBy(desc(featuredJobs.postingDate), featuredJobs.id)
  return rows.map(({ organizationName, ...row }) => ({
    ...row,
    organization: { name: organizationName },
    featured: true,
  }))
}

/** A featured job by id (board cards link /jobs/{id}/) or slug, if it is still open. */
export async function findOpenFeaturedJob(db: Database, idOrSlug: string): Promise<PublicJobRow | null> {
  const matches = uuidPattern.test(idOrSlug)
    ? or(eq(featuredJobs.id, idOrSlug.toLowerCase()), eq(featuredJobs.slug, idOrSlug))
    : eq(featuredJobs.slug, idOrSlug)
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
      organizationName: organizations.name,
      organizationLogoPath: organizations.logoPath,
    })
    .from(featuredJobs)
    .innerJoin(organizations, eq(organizations.id, featuredJobs.organizationId))
    .where(and(matches, notExpired))
    .limit(1)
  return row ?? null
}

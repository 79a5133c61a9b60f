import { and, asc, eq, gt } from 'drizzle-orm';
import type { BoardJob } from '../../../shared/jobs/listing-schemas.ts';
import { criteriaOf, type DegreeLevel, type JobFamily, type TermKey } from '../../../shared/jobs/job-criteria.ts';
import { normalizePlace } from '../../../shared/jobs/normalize-place.ts';
import { type BoardState, readBoardState } from '../../db/board-state.ts';
import type { Database } from '../../db/client.ts';
import { externalListings, featuredJobs, organizations } from '../../db/schema.ts';
import { yieldToEventLoop } from '../../db/yield-to-event-loop.ts';

export type FeaturedBoardRow = {
  job: BoardJob;
  /** null: open-ended. */
  endPostingDate: Date | null;
};

export type BoardSource = { state: BoardState; listings: BoardJob[]; featured: FeaturedBoardRow[] };

const listingPageSize = 2500;

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Active listings with an id after `after` (all when undefined), by id, at most one page. */
function selectListings(tx: Transaction, after: string | undefined) {
  return tx
    .select({
      id: externalListings.id,
      feedType: externalListings.feedType,
      title: externalListings.title,
      company: externalListings.company,
      locations: externalListings.locations,
      category: externalListings.category,
      terms: externalListings.terms,
      degrees: externalListings.degrees,
      url: externalListings.url,
      datePosted: externalListings.datePosted,
      dateUpdated: externalListings.dateUpdated,
      places: externalListings.places,
      family: externalListings.family,
      termKeys: externalListings.termKeys,
      degreeLevels: externalListings.degreeLevels,
    })
    .from(externalListings)
    .where(
      after === undefined
        ? eq(externalListings.active, true)
        : and(eq(externalListings.active, true), gt(externalListings.id, after)),
    )
    .orderBy(asc(externalListings.id))
    .limit(listingPageSize);
}

type ListingRow = Awaited<ReturnType<typeof selectListings>>[number];

/**
 * Everything the board shows, read in one snapshot so the version matches the rows. Featured jobs come with their
 * end date (expired ones included): the caller decides what is visible at its own clock.
 */
export async function loadBoardSource(db: Database): Promise<BoardSource> {
  return db.transaction(
    async (tx) => {
      const state = await readBoardState(tx);
      // In pages, letting requests through between them (yieldToEventLoop): one 20,000-row read held the embedded
      // database, and so every request, for ~300 ms. The order is the board's business (indexJobs sorts).
      const listingRows: ListingRow[] = [];
      for (;;) {
        const after = listingRows.at(-1)?.id;
        const page = await selectListings(tx, after);
        listingRows.push(...page);
        if (page.length < listingPageSize) break;
        await yieldToEventLoop();
      }
      const featuredRows = await tx
        .select({
          id: featuredJobs.id,
          title: featuredJobs.title,
          type: featuredJobs.type,
          location: featuredJobs.location,
          postingDate: featuredJobs.postingDate,
          endPostingDate: featuredJobs.endPostingDate,
          family: featuredJobs.family,
          terms: featuredJobs.terms,
          degreeLevels: featuredJobs.degreeLevels,
          sponsorship: featuredJobs.sponsorship,
          company: organizations.name,
        })
        .from(featuredJobs)
        .innerJoin(organizations, eq(organizations.id, featuredJobs.organizationId))
        // Drafts, closed jobs and jobs reached only by a link or an invitation are never on the board.
        .where(and(eq(featuredJobs.status, 'published'), eq(featuredJobs.visibility, 'public')))
        .orderBy(asc(featuredJobs.postingDate));
      return {
        state,
        listings: listingRows.map((row) => toExternalBoardJob(row)),
        featured: featuredRows.map((row) => ({
          job: {
            id: row.id,
            title: row.title,
            company: row.company,
            locations: [row.location],
            category: null,
            terms: [],
            degrees: [],
            datePosted: Math.floor(row.postingDate.getTime() / 1000),
            url: null,
            featured: true,
            type: row.type,
            places: [normalizePlace(row.location)],
            dateUpdated: null,
            // Written through the portal's schema (job-criteria.ts values only).
            family: row.family as JobFamily | null,
            termKeys: row.terms as TermKey[],
            degreeLevels: row.degreeLevels as DegreeLevel[],
            sponsorship: row.sponsorship,
          },
          endPostingDate: row.endPostingDate,
        })),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

function toExternalBoardJob(row: ListingRow): BoardJob {
  return {
    id: row.id,
    title: row.title,
    company: row.company,
    locations: row.locations,
    category: row.category,
    terms: row.terms,
    degrees: row.degrees,
    datePosted: row.datePosted,
    url: row.url,
    featured: false,
    type: row.feedType,
    // Listings stored before places existed are filed here until the next ingestion stores theirs.
    places: row.places.length === row.locations.length ? row.places : row.locations.map(normalizePlace),
    dateUpdated: row.dateUpdated,
    // Filed at ingestion; listings stored before the criteria existed are filed here until the next ingestion.
    ...(row.family === null && row.termKeys.length === 0 && row.degreeLevels.length === 0
      ? criteriaOf(row)
      : {
          family: row.family as JobFamily | null,
          termKeys: row.termKeys as TermKey[],
          degreeLevels: row.degreeLevels as DegreeLevel[],
        }),
    sponsorship: 'unknown',
  };
}

export async function readBoardVersion(db: Database): Promise<string> {
  return (await readBoardState(db)).version;
}

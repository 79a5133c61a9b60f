import { and, asc, eq, gt, notExists, sql } from 'drizzle-orm';
import type { BoardJob } from '../../../shared/jobs/listing-schemas.ts';
import { criteriaOf, type DegreeLevel, type JobFamily, type TermKey } from '../../../shared/jobs/job-criteria.ts';
import { normalizePlace } from '../../../shared/jobs/normalize-place.ts';
import { type BoardState, readBoardState } from '../../db/board-state.ts';
import type { Database } from '../../db/client.ts';
import { externalListings, featuredJobs, hiddenJobs, organizations } from '../../db/schema.ts';
import { yieldToEventLoop } from '../../db/yield-to-event-loop.ts';

export type FeaturedBoardRow = {
  job: BoardJob;
  /** null: open-ended. */
  endPostingDate: Date | null;
  /** When the job entered the board (ms since the epoch): when it was published. */
  enteredAt: number;
};

export type BoardSource = {
  state: BoardState;
  listings: BoardJob[];
  /**
   * When each listing entered the board (ms since the epoch: its `first_seen_at`), in the order of `listings`. Kept
   * apart from the jobs, which are sent to every device as they are; alerts count the jobs new since a time.
   */
  listingsEnteredAt: Float64Array;
  featured: FeaturedBoardRow[];
};

const listingPageSize = 2500;

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Not taken off the board by an operator (modules/moderation), by the id the board knows the job by. */
function notHidden(tx: Transaction, jobId: typeof externalListings.id | typeof featuredJobs.id) {
  return notExists(
    tx
      .select({ jobId: hiddenJobs.jobId })
      .from(hiddenJobs)
      .where(eq(hiddenJobs.jobId, sql`${jobId}::text`)),
  );
}

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
      firstSeenAt: externalListings.firstSeenAt,
    })
    .from(externalListings)
    .where(
      and(
        eq(externalListings.active, true),
        notHidden(tx, externalListings.id),
        after === undefined ? undefined : gt(externalListings.id, after),
      ),
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
          publishedAt: featuredJobs.publishedAt,
          createdAt: featuredJobs.createdAt,
          company: organizations.name,
        })
        .from(featuredJobs)
        .innerJoin(organizations, eq(organizations.id, featuredJobs.organizationId))
        // Drafts, closed jobs and jobs reached only by a link or an invitation are never on the board.
        .where(
          and(
            eq(featuredJobs.status, 'published'),
            eq(featuredJobs.visibility, 'public'),
            notHidden(tx, featuredJobs.id),
          ),
        )
        .orderBy(asc(featuredJobs.postingDate));
      const shared = sharedArrays();
      return {
        state,
        listings: listingRows.map((row) => toExternalBoardJob(row, shared)),
        listingsEnteredAt: Float64Array.from(listingRows, (row) => row.firstSeenAt.getTime()),
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
          // Jobs published before publishing was recorded entered when they were created.
          enteredAt: (row.publishedAt ?? row.createdAt).getTime(),
        })),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * One array object per distinct content, for the short lists most listings repeat (terms, degrees and their keys:
 * ["Summer 2026"], ["bachelor", "master"], []). The board keeps 20,000 jobs in memory for as long as it is current;
 * nothing mutates their arrays.
 */
function sharedArrays() {
  const known = new Map<string, readonly unknown[]>();
  return <T>(list: T[]): T[] => {
    const key = list.join('\u0000');
    const found = known.get(key) as T[] | undefined;
    if (found !== undefined && found.length === list.length) return found;
    known.set(key, list);
    return list;
  };
}

function toExternalBoardJob(row: ListingRow, shared: <T>(list: T[]) => T[]): BoardJob {
  return {
    id: row.id,
    title: row.title,
    company: row.company,
    locations: row.locations,
    category: row.category,
    terms: shared(row.terms),
    degrees: shared(row.degrees),
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
          termKeys: shared(row.termKeys as TermKey[]),
          degreeLevels: shared(row.degreeLevels as DegreeLevel[]),
        }),
    sponsorship: 'unknown',
  };
}

export async function readBoardVersion(db: Database): Promise<string> {
  return (await readBoardState(db)).version;
}

import { and, eq, lt, sql } from 'drizzle-orm';
import type { ExternalFeedType } from '../../../shared/jobs/listing-schemas.ts';
import { bumpBoardVersion } from '../../db/board-state.ts';
import type { Database } from '../../db/client.ts';
import { externalListings, type FeedStateRow, feedState } from '../../db/schema.ts';
import { yieldToEventLoop } from '../../db/yield-to-event-loop.ts';
import type { FeedValidators } from './feed-download.ts';
import { type PreparedFeed, totalSkipped } from './prepare-feed.ts';

export type FeedWriteResult = {
  type: ExternalFeedType;
  /** Listings in the feed now (new, changed or unchanged). */
  imported: number;
  added: number;
  updated: number;
  unchanged: number;
  /** Ids another feed type already shows; the first feed keeps them. */
  otherFeed: number;
  /** Listings of this feed that are no longer in it and stop being shown. */
  deactivated: number;
  /** The new board version, or null when nothing visible changed. */
  version: string | null;
};

// 16 parameters per row: well under PostgreSQL's 65,535 per statement. Small enough that one batch keeps the
// embedded database busy for ~20 ms, since requests are served only between batches (yieldToEventLoop).
const upsertBatchSize = 250;

/** The content columns: when none of them differs, a listing seen again is unchanged. */
const contentColumns = [
  externalListings.feedType,
  externalListings.title,
  externalListings.company,
  externalListings.locations,
  externalListings.category,
  externalListings.terms,
  externalListings.degrees,
  externalListings.url,
  externalListings.datePosted,
  externalListings.dateUpdated,
  externalListings.places,
  externalListings.family,
  externalListings.termKeys,
  externalListings.degreeLevels,
  externalListings.active,
] as const;

const excludedContent = sql.raw(
  contentColumns.map((column) => (column.name === 'active' ? 'true' : `excluded.${column.name}`)).join(', '),
);
const currentContent = sql.join([...contentColumns], sql`, `);

/**
 * Makes the stored listings of one feed type match `feed` in one transaction: upserts every listing, deactivates
 * the ones that left the feed, records the feed state and bumps the board version when anything visible changed.
 */
export async function saveFeed(
  db: Database,
  feed: PreparedFeed,
  origin: { url: string; validators: FeedValidators | null },
): Promise<FeedWriteResult> {
  return db.transaction(async (tx) => {
    const result: FeedWriteResult = {
      type: feed.type,
      imported: 0,
      added: 0,
      updated: 0,
      unchanged: 0,
      otherFeed: 0,
      deactivated: 0,
      version: null,
    };
    for (let start = 0; start < feed.jobs.length; start += upsertBatchSize) {
      const batch = feed.jobs.slice(start, start + upsertBatchSize);
      const rows = await tx
        .insert(externalListings)
        .values(
          batch.map((job) => ({
            id: job.id,
            feedType: feed.type,
            title: job.title,
            company: job.company,
            locations: job.locations,
            category: job.category,
            terms: job.terms,
            degrees: job.degrees,
            url: job.url ?? '',
            datePosted: job.datePosted,
            dateUpdated: job.dateUpdated,
            places: job.places,
            family: job.family,
            termKeys: job.termKeys,
            degreeLevels: job.degreeLevels,
            active: true,
          })),
        )
        .onConflictDoUpdate({
          target: externalListings.id,
          set: {
            feedType: sql`excluded.feed_type`,
            title: sql`excluded.title`,
            company: sql`excluded.company`,
            locations: sql`excluded.locations`,
            category: sql`excluded.category`,
            terms: sql`excluded.terms`,
            degrees: sql`excluded.degrees`,
            url: sql`excluded.url`,
            datePosted: sql`excluded.date_posted`,
            dateUpdated: sql`excluded.date_updated`,
            places: sql`excluded.places`,
            family: sql`excluded.family`,
            termKeys: sql`excluded.term_keys`,
            degreeLevels: sql`excluded.degree_levels`,
            active: true,
            lastSeenAt: sql`now()`,
            // now() is the transaction's start time, so `updated_at = now()` below tells changed rows apart.
            updatedAt: sql`case when (${currentContent}) is distinct from (${excludedContent})
              then now() else ${externalListings.updatedAt} end`,
          },
          // An id shown by the other feed stays there (ids are unique per feed, not across both).
          setWhere: sql`${externalListings.feedType} = excluded.feed_type or not ${externalListings.active}`,
        })
        // xmax is 0 only on a freshly inserted row version.
        .returning({
          inserted: sql<boolean>`(xmax = 0)`,
          changed: sql<boolean>`(${externalListings.updatedAt} = now())`,
        });
      for (const row of rows) {
        if (row.inserted) result.added += 1;
        else if (row.changed) result.updated += 1;
        else result.unchanged += 1;
      }
      result.otherFeed += batch.length - rows.length;
      await yieldToEventLoop();
    }
    result.imported = result.added + result.updated + result.unchanged;

    // Everything still in the feed was seen in this transaction (last_seen_at = now()); the rest left it.
    const gone = await tx
      .update(externalListings)
      .set({ active: false, updatedAt: sql`now()` })
      .where(
        and(
          eq(externalListings.feedType, feed.type),
          eq(externalListings.active, true),
          lt(externalListings.lastSeenAt, sql`now()`),
        ),
      )
      .returning({ id: externalListings.id });
    result.deactivated = gone.length;

    const skipped = feed.sources.reduce((sum, source) => sum + totalSkipped(source.skipped), 0);
    const state = {
      url: origin.url,
      etag: origin.validators?.etag ?? null,
      lastModified: origin.validators?.lastModified ?? null,
      lastCheckedAt: sql`now()`,
      lastSuccessAt: sql`now()`,
      recordCount: result.imported,
      skippedCount: skipped + result.otherFeed,
    };
    await tx
      .insert(feedState)
      .values({ feedType: feed.type, ...state })
      .onConflictDoUpdate({ target: feedState.feedType, set: state });

    if (result.added + result.updated + result.deactivated > 0) result.version = (await bumpBoardVersion(tx)).version;
    return result;
  });
}

export async function readFeedState(db: Database, type: ExternalFeedType): Promise<FeedStateRow | null> {
  const [row] = await db.select().from(feedState).where(eq(feedState.feedType, type));
  return row ?? null;
}

/** A conditional GET answered 304: the stored data is current. */
export async function recordFeedNotModified(db: Database, type: ExternalFeedType): Promise<void> {
  await db
    .update(feedState)
    .set({ lastCheckedAt: sql`now()`, lastSuccessAt: sql`now()` })
    .where(eq(feedState.feedType, type));
}

/** A failed download or a refused file: the listings are left as they were. */
export async function recordFeedError(db: Database, type: ExternalFeedType, url: string, error: string): Promise<void> {
  const failure = { lastCheckedAt: sql`now()`, lastError: error, lastErrorAt: sql`now()` };
  await db
    .insert(feedState)
    .values({ feedType: type, url, ...failure })
    .onConflictDoUpdate({ target: feedState.feedType, set: failure });
}

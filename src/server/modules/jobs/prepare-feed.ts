import {
  type BoardJob,
  type ExternalFeedType,
  type FilePlaces,
  parseExternalFeed,
} from '../../../shared/jobs/listing-schemas.ts';
import { placesOf } from '../../../shared/jobs/normalize-place.ts';
import { FeedReadError } from './feed-download.ts';

// From raw feed JSON to the board jobs one feed type will hold, with the counts a person wants to see, and the
// guard that refuses a broken file instead of letting it empty the board.

export type FeedSource = { name: string; data: unknown };

export type SkippedCounts = { invalid: number; inactive: number; duplicate: number };

export type SourceSummary = {
  name: string;
  type: ExternalFeedType;
  records: number;
  imported: number;
  skipped: SkippedCounts;
};

export type PreparedFeed = { type: ExternalFeedType; jobs: BoardJob[]; sources: SourceSummary[] };

/**
 * Parses the sources of one feed type (usually one file; several are merged, first id wins). Bad records are
 * skipped and counted. A source that cannot be a feed is refused with FeedReadError, so its type keeps its last
 * good data: not a JSON array, an empty array (a truncated publish), or more than half of its records invalid (the
 * format changed under us; applying it would hide most of the board).
 */
// The new-grad feed's own reading of a location when it has one, the shared normalizer otherwise.
const filePlaces: FilePlaces = (listing) => placesOf(listing.locations, listing.normalized_locations);

export function prepareFeed(type: ExternalFeedType, sources: readonly FeedSource[]): PreparedFeed {
  const jobs: BoardJob[] = [];
  const seen = new Set<string>();
  const summaries = sources.map(({ name, data }): SourceSummary => {
    if (!Array.isArray(data)) throw new FeedReadError(`${name}: not a JSON array of listings`);
    if (data.length === 0) throw new FeedReadError(`${name}: the file has no records`);
    const parsed = parseExternalFeed(data, type, filePlaces);
    if (parsed.skipped.invalid * 2 > data.length) {
      throw new FeedReadError(`${name}: ${parsed.skipped.invalid} of ${data.length} records are invalid`);
    }
    const skipped = { ...parsed.skipped };
    let imported = 0;
    for (const job of parsed.jobs) {
      if (seen.has(job.id)) {
        skipped.duplicate += 1;
        continue;
      }
      seen.add(job.id);
      jobs.push(job);
      imported += 1;
    }
    return { name, type, records: data.length, imported, skipped };
  });
  return { type, jobs, sources: summaries };
}

export function totalSkipped(skipped: SkippedCounts): number {
  return skipped.invalid + skipped.inactive + skipped.duplicate;
}

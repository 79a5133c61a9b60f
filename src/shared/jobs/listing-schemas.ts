import { z } from 'zod';
import { type BoardPlace, boardPlaceSchema } from './board-place.ts';
import { textPolicy } from '../schemas/text-policy.ts';
import {
  criteriaOf,
  type DegreeLevel,
  degreeLevelSchema,
  type JobFamily,
  jobFamilySchema,
  type Sponsorship,
  sponsorshipSchema,
  type TermKey,
  termKeySchema,
} from './job-criteria.ts';

/** Spec section 9: the board's type filter. 'featured' selects partner jobs; the other two select external listings. */
export const jobTypeFilterValues = ['all', 'internship', 'new-grad', 'featured'] as const;
export type JobTypeFilter = (typeof jobTypeFilterValues)[number];

/** The two community feeds; the source file (not the record) decides the type (spec section 3, external listing). */
export const externalFeedTypes = ['internship', 'new-grad'] as const;
export type ExternalFeedType = (typeof externalFeedTypes)[number];

// Feed links are opened in a new tab from the board: only web links, never `javascript:` or `data:`.
const webUrlSchema = z.url({ protocol: /^https?$/ });

// A record with control characters (NUL cannot even be stored) is invalid: skipped and counted, never a failure.
const feedText = () => z.string().check(textPolicy()).normalize('NFC');

const trimmedText = feedText().trim().min(1);

// Lists drift between feeds (missing, null, or padded strings): normalise all of them to a clean string array.
const lenientStringList = z
  .array(feedText())
  .nullish()
  .transform((items) => (items ?? []).map((item) => item.trim()).filter((item) => item.length > 0));

const optionalFeedText = z.string().nullish();
const feedNormalizedLocationSchema = z.object({
  raw: optionalFeedText,
  normalized: z
    .object({
      city: optionalFeedText,
      region: optionalFeedText,
      region_code: optionalFeedText,
      country: optionalFeedText,
      country_code: optionalFeedText,
    })
    .nullish(),
  type: optionalFeedText,
  unresolved: z.boolean().nullish(),
});

/**
 * One raw record of a community feed (data/current.json of the internship and new-grad repositories).
 * Required: id, title, company_name, url (http/https) and date_posted; everything else is lenient because the two
 * feeds drift (category null or absent, terms absent, degrees null). Unknown fields are stripped.
 */
export const externalListingSchema = z.object({
  id: trimmedText,
  title: trimmedText,
  company_name: trimmedText,
  locations: lenientStringList,
  category: feedText()
    .nullish()
    .transform((category) => {
      const trimmed = category?.trim();
      return trimmed ? trimmed : null;
    }),
  terms: lenientStringList,
  degrees: lenientStringList,
  date_posted: z.number(), // unix seconds; zod 4 already refuses NaN and Infinity
  url: webUrlSchema,
  active: z
    .boolean()
    .nullish()
    .transform((active) => active ?? true),
  // Unix seconds; a missing or broken value only loses the "updated N days ago" line, never the listing.
  date_updated: z
    .unknown()
    .optional()
    .transform((value) => (typeof value === 'number' && Number.isFinite(value) ? value : null)),
  // The new-grad feed's own place reading (country, region, work type); unreadable entries are dropped one by one.
  normalized_locations: z
    .unknown()
    .optional()
    .transform((items) =>
      (Array.isArray(items) ? items : []).flatMap((item) => {
        const parsed = feedNormalizedLocationSchema.safeParse(item);
        return parsed.success ? [parsed.data] : [];
      }),
    ),
});

export type ExternalListingInput = z.input<typeof externalListingSchema>;
export type ExternalListing = z.output<typeof externalListingSchema>;

/** One card of the combined board: featured partner jobs and external listings in one shape. */
export type BoardJob = {
  id: string;
  title: string;
  company: string;
  locations: string[];
  category: string | null;
  terms: string[];
  degrees: string[];
  /** Unix seconds; the sort key after `featured` (spec section 4, job list). */
  datePosted: number;
  /** External link opened in a new tab; null for featured jobs, which open /jobs/{id}/ instead. */
  url: string | null;
  featured: boolean;
  /** External: 'internship' | 'new-grad' from the feed. Featured: the partner's free text, e.g. 'Internship'. */
  type: string;
  /** Where each of `locations` is filed (same order), for the place and work-mode filters. */
  places: BoardPlace[];
  /** Unix seconds of the feed's last change to the listing; null when unknown (featured jobs). */
  dateUpdated: number | null;
  /** The role family (job-criteria.ts): filed from `category` at ingestion, chosen by the partner; null: unknown. */
  family: JobFamily | null;
  /** The terms as keys (`summer-2026`), in calendar order; empty: none stated. */
  termKeys: TermKey[];
  /** The degree levels asked for; empty: not stated (every degree filter keeps the job). */
  degreeLevels: DegreeLevel[];
  /** Whether the job sponsors work visas: only partners say; community listings are 'unknown'. */
  sponsorship: Sponsorship;
  /**
   * On a board card only: the other postings of the same job (same company and title, another city or a second
   * link), which the card offers as a choice (posting-groups.ts). Absent on a posting alone and in the snapshot.
   */
  alsoPosted?: PostingRef[];
};

/** One posting of a job shown on another posting's card. */
export type PostingRef = Pick<BoardJob, 'id' | 'locations' | 'url' | 'datePosted' | 'places'>;

/** Validates a board item crossing the wire (the server's list answer read by the client). */
export const boardJobSchema = z.object({
  id: z.string().min(1),
  title: z.string(),
  company: z.string(),
  locations: z.array(z.string()),
  category: z.string().nullable(),
  terms: z.array(z.string()),
  degrees: z.array(z.string()),
  datePosted: z.number(),
  url: webUrlSchema.nullable(),
  featured: z.boolean(),
  type: z.string(),
  places: z.array(boardPlaceSchema),
  dateUpdated: z.number().nullable(),
  family: jobFamilySchema.nullable(),
  termKeys: z.array(termKeySchema),
  degreeLevels: z.array(degreeLevelSchema),
  sponsorship: sponsorshipSchema,
  alsoPosted: z
    .array(
      z.object({
        id: z.string().min(1),
        locations: z.array(z.string()),
        url: webUrlSchema.nullable(),
        datePosted: z.number(),
        places: z.array(boardPlaceSchema),
      }),
    )
    .optional(),
}) satisfies z.ZodType<BoardJob, unknown>;

/** Files a parsed listing's locations; the server passes normalize-place.ts (kept out of the client bundle). */
export type FilePlaces = (listing: ExternalListing) => BoardPlace[];

const noPlaces: FilePlaces = () => [];

/** Maps a parsed feed record to a board item; the feed file decides `type`. */
export function toBoardJob(
  listing: ExternalListing,
  feedType: ExternalFeedType,
  filePlaces: FilePlaces = noPlaces,
): BoardJob {
  return {
    id: listing.id,
    title: listing.title,
    company: listing.company_name,
    locations: [...listing.locations],
    category: listing.category,
    terms: [...listing.terms],
    degrees: [...listing.degrees],
    datePosted: listing.date_posted,
    url: listing.url,
    featured: false,
    type: feedType,
    places: filePlaces(listing),
    dateUpdated: listing.date_updated,
    ...criteriaOf(listing),
    sponsorship: 'unknown',
  };
}

export type ExternalFeedResult = {
  jobs: BoardJob[];
  /** Records left out, by reason, so the caller can log feed drift without failing the whole board. */
  skipped: { invalid: number; inactive: number; duplicate: number };
};

/**
 * Parses a whole downloaded feed record by record: one malformed record is skipped, not fatal (spec section 7: a
 * feed failure is tolerated). Inactive listings are closed postings and are left out; a repeated id keeps the first.
 * A body that is not an array yields no jobs and counts as nothing skipped; the caller logs that case itself.
 */
export function parseExternalFeed(
  data: unknown,
  feedType: ExternalFeedType,
  filePlaces: FilePlaces = noPlaces,
): ExternalFeedResult {
  const result: ExternalFeedResult = { jobs: [], skipped: { invalid: 0, inactive: 0, duplicate: 0 } };
  if (!Array.isArray(data)) return result;
  const seen = new Set<string>();
  for (const record of data) {
    const parsed = externalListingSchema.safeParse(record);
    if (!parsed.success) {
      result.skipped.invalid += 1;
    } else if (!parsed.data.active) {
      result.skipped.inactive += 1;
    } else if (seen.has(parsed.data.id)) {
      result.skipped.duplicate += 1;
    } else {
      seen.add(parsed.data.id);
      result.jobs.push(toBoardJob(parsed.data, feedType, filePlaces));
    }
  }
  return result;
}

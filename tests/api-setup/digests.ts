import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { parseExternalFeed } from '../../src/shared/jobs/listing-schemas.ts';
import { placesOf } from '../../src/shared/jobs/normalize-place.ts';
import { bumpBoardVersion } from '../../src/server/db/board-state.ts';
import type { Database } from '../../src/server/db/client.ts';
import {
  type AlertRow,
  alerts,
  externalListings,
  mailOutbox,
  type UserRow,
  users,
} from '../../src/server/db/schema.ts';
import { buildListing } from './job-board.ts';

// Builders for the digest tests: students (as rows: digests need no session), their alerts, and feed listings that
// entered the board at a given time.

let sequence = 0;

export async function insertStudent(
  db: Database,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<UserRow> {
  sequence += 1;
  const [row] = await db
    .insert(users)
    .values({
      uid: `digest-student-${sequence}-${randomUUID().slice(0, 8)}`,
      email: `student-${sequence}-${randomUUID().slice(0, 6)}@example.test`,
      emailVerified: true,
      firstName: `Student${sequence}`,
      signInProvider: 'password',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('insert returned no user');
  return row;
}

/** An e-mail alert, daily, on every job, created a week before `createdAt` unless told otherwise. */
export async function insertAlert(
  db: Database,
  overrides: Partial<typeof alerts.$inferInsert> & { userUid: string },
): Promise<AlertRow> {
  sequence += 1;
  const [row] = await db
    .insert(alerts)
    .values({
      name: `Alert ${sequence}`,
      filters: {},
      frequency: 'daily',
      channels: ['email'],
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('insert returned no alert');
  return row;
}

/**
 * Listings of the internship feed (feed records as buildListing makes them, filed like ingestion files them) that
 * entered the board at `firstSeenAt`.
 */
export async function insertListings(
  db: Database,
  records: readonly Record<string, unknown>[],
  firstSeenAt: Date,
  type: 'internship' | 'new-grad' = 'internship',
): Promise<string[]> {
  const parsed = parseExternalFeed(records, type, (listing) =>
    placesOf(listing.locations, listing.normalized_locations),
  );
  if (parsed.jobs.length !== records.length) throw new Error('a test listing is not a valid feed record');
  await db.insert(externalListings).values(
    parsed.jobs.map((job) => ({
      id: job.id,
      feedType: type,
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
      firstSeenAt,
      lastSeenAt: firstSeenAt,
    })),
  );
  await bumpBoardVersion(db);
  return parsed.jobs.map((job) => job.id);
}

/** One listing (buildListing overrides) that entered the board at `firstSeenAt`. */
export async function insertListing(
  db: Database,
  firstSeenAt: Date,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const [id] = await insertListings(db, [buildListing(overrides)], firstSeenAt);
  return id!;
}

/** The digest e-mails queued so far, oldest first. */
export async function digestMails(db: Database) {
  return db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'digest')).orderBy(asc(mailOutbox.createdAt));
}

/** The https link of a List-Unsubscribe header, as a path and query of the app. */
export function unsubscribePathOf(headers: Record<string, string> | null): string {
  const link = /<(https?:[^>]+)>/.exec(headers?.['List-Unsubscribe'] ?? '')?.[1];
  if (!link) throw new Error('no https link in List-Unsubscribe');
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

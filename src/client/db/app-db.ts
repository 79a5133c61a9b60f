// The one IndexedDB database of the app. Every feature's local data lives in a table declared here, so the schema and
// its history are readable in one place. Components never touch these tables: each feature wraps them in a
// repository (plain async functions, unit-tested with fake-indexeddb) and hooks (useLiveQuery).
import Dexie, { type EntityTable } from 'dexie';
import type { BoardJob } from '../../shared/jobs/listing-schemas.ts';
import type { PublicJobView } from '../features/jobs/api/get-job-detail.ts';
import type { ProfileCacheRecord } from './records/profile-cache-record.ts';
import type { ApplicationDraftRecord, OutboxRecord } from './records/apply-records.ts';
import type { SavedJobRecord } from './records/saved-job-record.ts';
import type { DismissedJobRecord } from './records/dismissed-job-record.ts';
import type { TrackedApplicationRecord, TrackedChangeRecord } from './records/tracked-application-records.ts';

export type {
  ProfileCacheRecord,
  ApplicationDraftRecord,
  OutboxRecord,
  SavedJobRecord,
  DismissedJobRecord,
  TrackedApplicationRecord,
  TrackedChangeRecord,
};

export const appDbName = 'campus-jobs';

/**
 * The whole active job board, kept for instant local search and offline use. Two rows: `board` holds the jobs, `meta`
 * the same fields without them, so the page can watch for a new version without reading 20,000 jobs each time.
 */
export interface BoardSnapshotRecord {
  id: 'board' | 'meta';
  /** The server's version of the set of active jobs (its ETag), sent back as If-None-Match. */
  version: string;
  /** When the server last refreshed its data (ISO), if it says. */
  refreshedAt: string | null;
  /** When this device stored the copy (ms since epoch). */
  savedAt: number;
  /** In the `board` row only. */
  jobs?: BoardJob[];
}

/** A job detail the user opened, so it opens again offline. Keyed by the id or slug used in the URL. */
export interface JobDetailRecord {
  slug: string;
  /** ms since epoch; the oldest entries are pruned first. */
  savedAt: number;
  view: PublicJobView;
}

export class AppDb extends Dexie {
  boardSnapshot!: EntityTable<BoardSnapshotRecord, 'id'>;
  jobDetails!: EntityTable<JobDetailRecord, 'slug'>;
  profileCache!: EntityTable<ProfileCacheRecord, 'uid'>;
  applicationDrafts!: EntityTable<ApplicationDraftRecord, 'key'>;
  outbox!: EntityTable<OutboxRecord, 'id'>;
  savedJobs!: EntityTable<SavedJobRecord, 'key'>;
  dismissedJobs!: EntityTable<DismissedJobRecord, 'key'>;
  trackedApplications!: EntityTable<TrackedApplicationRecord, 'key'>;
  trackedChanges!: EntityTable<TrackedChangeRecord, 'seq'>;

  constructor(name: string = appDbName) {
    super(name);
    // Never edit or remove a shipped version: add a new one. Browsers upgrade through every step in order.
    // Only indexed fields are listed; the rest of each record is stored as is.
    this.version(1).stores({
      boardSnapshot: 'id',
      jobDetails: 'slug, savedAt',
    });
    // Profile cache (account page and apply prefill offline), apply drafts per account and job, and the outbox of
    // submitted applications.
    this.version(2).stores({
      profileCache: 'uid',
      applicationDrafts: 'key, uid, jobId, updatedAt',
      outbox: 'id, uid, jobId, status, createdAt',
    });
    // Saved jobs per account (with the changes not yet sent). Board jobs gained their filed places: a copy stored
    // before that has none, so it is dropped and downloaded again.
    this.version(3)
      .stores({ savedJobs: 'key, uid' })
      .upgrade((transaction) => transaction.table('boardSnapshot').clear());
    // Jobs the student is not interested in, per account (with the changes not yet sent). Board jobs gained their
    // family, terms, degree levels and sponsorship: an older copy lacks them, so it is downloaded again.
    this.version(4)
      .stores({ dismissedJobs: 'key, uid' })
      .upgrade((transaction) => transaction.table('boardSnapshot').clear());
    // Applications tracked by hand (sent on employers' sites), per account, and the changes not yet sent, in order.
    this.version(5).stores({ trackedApplications: 'key, uid', trackedChanges: '++seq, uid' });
    // Another tab runs a newer version of the app and wants to upgrade the schema: close our connection so its
    // upgrade is not blocked. This tab keeps working; Dexie reopens the database on its next query.
    this.on('versionchange', () => {
      this.close({ disableAutoOpen: false });
    });
  }
}

/** The app's database; opened lazily by the first query. Tests create their own `new AppDb(uniqueName)`. */
export const appDb = new AppDb();

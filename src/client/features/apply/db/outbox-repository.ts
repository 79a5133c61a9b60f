import { appDb, type AppDb } from '../../../db/app-db.ts';
import type { ApplicationReceipt } from '../../../../shared/applications/application-schema.ts';
import { draftKey } from './draft-repository.ts';
import type { OutboxRecord, ResumeChoice } from '../../../db/records/apply-records.ts';
import type { ErrorCode } from '../../../../shared/errors/error-codes.ts';

/** What Submit puts in the outbox; the repository adds the key, the status and the bookkeeping. */
export type NewOutboxEntry = Pick<
  OutboxRecord,
  'uid' | 'jobSlug' | 'jobId' | 'query' | 'answers' | 'resume' | 'devpost' | 'jobSummary' | 'screening' | 'skills'
>;

const active = new Set<OutboxRecord['status']>(['queued', 'sending', 'sent']);

/**
 * Puts an application in the outbox with a fresh Idempotency-Key. If one for the same account and job is still on its
 * way (queued or sending), or already sent (the server takes one application per job), that one is returned instead:
 * pressing Submit twice must never make two applications.
 */
export async function enqueueApplication(
  entry: NewOutboxEntry,
  now: number = Date.now(),
  db: AppDb = appDb,
  newKey: () => string = () => crypto.randomUUID(),
): Promise<OutboxRecord> {
  return db.transaction('rw', db.outbox, async () => {
    const pending = await db.outbox
      .where('uid')
      .equals(entry.uid)
      .filter((record) => record.jobId === entry.jobId && active.has(record.status))
      .first();
    if (pending) return pending;
    const record: OutboxRecord = {
      ...entry,
      id: newKey(),
      status: 'queued',
      attempts: 0,
      nextAttemptAt: now,
      leaseUntil: null,
      error: null,
      lastStatus: null,
      receipt: null,
      createdAt: now,
      updatedAt: now,
    };
    await db.outbox.add(record);
    return record;
  });
}

export async function readOutboxEntry(id: string, db: AppDb = appDb): Promise<OutboxRecord | null> {
  return (await db.outbox.get(id)) ?? null;
}

/** The newest outbox entry of this account for this job (any status), or null. */
export async function latestOutboxEntryForJob(
  uid: string,
  jobId: string,
  db: AppDb = appDb,
): Promise<OutboxRecord | null> {
  const records = await db.outbox
    .where('uid')
    .equals(uid)
    .filter((record) => record.jobId === jobId)
    .toArray();
  records.sort((a, b) => b.createdAt - a.createdAt);
  return records[0] ?? null;
}

/** Every outbox entry of this account, newest first. */
export async function listOutbox(uid: string, db: AppDb = appDb): Promise<OutboxRecord[]> {
  const records = await db.outbox.where('uid').equals(uid).toArray();
  return records.sort((a, b) => b.createdAt - a.createdAt);
}

/** Entries of this account still waiting to be sent (for the retry timer). */
export async function listQueued(uid: string, db: AppDb = appDb): Promise<OutboxRecord[]> {
  return db.outbox
    .where('uid')
    .equals(uid)
    .filter((record) => record.status === 'queued')
    .toArray();
}

/**
 * Cancels a queued application (it is removed). Refused (false) once a sender has taken it: the request may already
 * be at the server, and a cancelled entry must not turn out to have been sent.
 */
export async function cancelQueued(id: string, db: AppDb = appDb): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const record = await db.outbox.get(id);
    if (!record || record.status !== 'queued') return false;
    await db.outbox.delete(id);
    return true;
  });
}

/** Removes a failed entry, so the applicant can correct the answers and submit again (with a new key). */
export async function dismissFailed(id: string, db: AppDb = appDb): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const record = await db.outbox.get(id);
    if (!record || record.status !== 'failed') return false;
    await db.outbox.delete(id);
    return true;
  });
}

export interface ClaimOptions {
  now: number;
  /** How long the claimer may take before another sender may take the entry over. */
  leaseMs: number;
  /** Ignore the backoff (the network just came back, the tab became visible, the app started). */
  ignoreBackoff: boolean;
  /**
   * Take over entries another sender left in 'sending' even if their lease runs: true when the caller holds the
   * origin-wide Web Lock, since every sender takes it, so such an entry belongs to a sender that died.
   */
  reclaimSending: boolean;
  /** Entries this flush already tried once. */
  skip: ReadonlySet<string>;
}

/**
 * Takes the next entry to send and flips it to 'sending' in one IndexedDB transaction: two tabs (or a tab and the
 * service worker's request to flush) can never both take the same entry.
 */
export async function claimNext(uid: string, options: ClaimOptions, db: AppDb = appDb): Promise<OutboxRecord | null> {
  return db.transaction('rw', db.outbox, async () => {
    const candidates = await db.outbox
      .where('uid')
      .equals(uid)
      .filter((record) => {
        if (options.skip.has(record.id)) return false;
        if (record.status === 'queued') return options.ignoreBackoff || record.nextAttemptAt <= options.now;
        if (record.status === 'sending') return options.reclaimSending || (record.leaseUntil ?? 0) <= options.now;
        return false;
      })
      .toArray();
    candidates.sort((a, b) => a.createdAt - b.createdAt);
    const next = candidates[0];
    if (!next) return null;
    const claimed: OutboxRecord = {
      ...next,
      status: 'sending',
      attempts: next.attempts + 1,
      leaseUntil: options.now + options.leaseMs,
      updatedAt: options.now,
    };
    await db.outbox.put(claimed);
    return claimed;
  });
}

export type SettledOutcome =
  | { status: 'sent'; receipt: ApplicationReceipt; httpStatus: number }
  | { status: 'failed'; error: string; errorCode: ErrorCode | null; errorFields: string[]; httpStatus: number | null }
  | {
      status: 'queued';
      error: string | null;
      errorCode: ErrorCode | null;
      httpStatus: number | null;
      nextAttemptAt: number;
    };

/** A sent application keeps its file's name and size for the screens, not its bytes. */
function withoutBytes(resume: ResumeChoice): ResumeChoice {
  if (resume.kind !== 'file') return resume;
  return { kind: 'file', file: { ...resume.file, bytes: new ArrayBuffer(0) } };
}

/**
 * Records the answer of one attempt. A confirmed application also deletes its draft in the same transaction
 * (spec: cleared after submission). Returns null when the entry is no longer 'sending' (nothing to record).
 */
export async function settle(
  id: string,
  outcome: SettledOutcome,
  now: number,
  db: AppDb = appDb,
): Promise<OutboxRecord | null> {
  return db.transaction('rw', db.outbox, db.applicationDrafts, async () => {
    const record = await db.outbox.get(id);
    if (!record || record.status !== 'sending') return null;
    let next: OutboxRecord;
    if (outcome.status === 'sent') {
      next = {
        ...record,
        status: 'sent',
        receipt: outcome.receipt,
        resume: withoutBytes(record.resume),
        error: null,
        errorCode: null,
        errorFields: [],
        lastStatus: outcome.httpStatus,
        leaseUntil: null,
        updatedAt: now,
      };
      await db.applicationDrafts.delete(draftKey(record.uid, record.jobId));
    } else if (outcome.status === 'failed') {
      next = {
        ...record,
        status: 'failed',
        error: outcome.error,
        errorCode: outcome.errorCode,
        errorFields: outcome.errorFields,
        lastStatus: outcome.httpStatus,
        leaseUntil: null,
        updatedAt: now,
      };
    } else {
      next = {
        ...record,
        status: 'queued',
        error: outcome.error,
        errorCode: outcome.errorCode,
        errorFields: [],
        lastStatus: outcome.httpStatus,
        nextAttemptAt: outcome.nextAttemptAt,
        leaseUntil: null,
        updatedAt: now,
      };
    }
    await db.outbox.put(next);
    return next;
  });
}

/**
 * Forgets this account's sent entries for a job once the application is withdrawn: the server's list is the truth
 * from then on, and a sent entry left behind would come back as an "Applied" card and block applying again.
 */
export async function forgetSentApplications(uid: string, jobId: string, db: AppDb = appDb): Promise<number> {
  return db.outbox
    .where('uid')
    .equals(uid)
    .filter((record) => record.jobId === jobId && record.status === 'sent')
    .delete();
}

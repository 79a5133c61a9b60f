import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDb } from '../../../db/app-db.ts';
import type { DraftAnswers, OutboxRecord } from '../../../db/records/apply-records.ts';
import { readDraft, saveDraft } from '../db/draft-repository.ts';
import {
  cancelQueued,
  dismissFailed,
  enqueueApplication,
  listOutbox,
  readOutboxEntry,
  type NewOutboxEntry,
} from '../db/outbox-repository.ts';
import { flushOutbox, outcomeOf, retryDelayMs, type SendApplication, type SendResult } from './outbox-sender.ts';

const answers: DraftAnswers = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@students.example.edu',
  phone: '+1 514 555 0100',
  university: 'McGill',
  major: 'Computer Science',
  graduationYear: '2027',
  githubUsername: '',
  devpostUsername: '',
  linkedinUrl: '',
  portfolioUrl: '',
  coverLetter: 'I like building things.',
};

function buildEntry(overrides: Partial<NewOutboxEntry> = {}): NewOutboxEntry {
  return {
    uid: 'user-1',
    jobSlug: 'backend-intern',
    jobId: 'job-1',
    query: {},
    answers,
    resume: {
      kind: 'file',
      file: {
        name: 'cv.pdf',
        type: 'application/pdf',
        size: 4,
        lastModified: 1,
        bytes: new Uint8Array([37, 80, 68, 70]).buffer,
      },
    },
    devpost: null,
    jobSummary: {
      title: 'Backend Intern',
      organizationName: 'Fox Labs',
      organizationLogo: null,
      type: 'Internship',
      location: 'Montréal',
    },
    ...overrides,
  };
}

const receipt = {
  applicationId: 'app-1',
  jobId: 'job-1',
  jobTitle: 'Backend Intern',
  organizationName: 'Fox Labs',
  email: 'ada@students.example.edu',
  submittedAt: '2026-11-22T10:00:00.000Z',
};

/** A fake server: answers each attempt with the next scripted result and records what it was sent. */
function scriptedSend(results: SendResult[]): SendApplication & { calls: OutboxRecord[] } {
  const calls: OutboxRecord[] = [];
  const send = async (record: OutboxRecord): Promise<SendResult> => {
    calls.push(record);
    const next = results.shift();
    if (!next) throw new Error('no scripted answer left');
    return next;
  };
  return Object.assign(send, { calls });
}

/** A promise and the function that resolves it, so a test can hold a send open and see what happens meanwhile. */
function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

let db: AppDb;
let clock: number;
const now = () => clock;

beforeEach(() => {
  db = new AppDb(`test-outbox-${crypto.randomUUID()}`);
  clock = 1_000_000;
});

afterEach(async () => {
  await db.delete();
});

describe('outbox state machine', () => {
  it('enqueues with a fresh idempotency key and returns the pending (or sent) entry when Submit is pressed again', async () => {
    const first = await enqueueApplication(buildEntry(), clock, db);
    const second = await enqueueApplication(buildEntry(), clock + 5, db);
    expect(first.status).toBe('queued');
    expect(first.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.id).toBe(first.id);
    expect(await db.outbox.count()).toBe(1);
  });

  it('marks an entry sent on 201, keeps the receipt, drops the file bytes and deletes the draft in the same step', async () => {
    await saveDraft('user-1', 'job-1', { step: 4, answers, resumeChoice: null, devpost: null }, clock, db);
    const entry = await enqueueApplication(buildEntry(), clock, db);
    const send = scriptedSend([{ kind: 'response', status: 201, body: receipt }]);
    const report = await flushOutbox({ uid: 'user-1', send, db, now, locks: null });
    expect(report.sent.map((record) => record.id)).toEqual([entry.id]);
    const stored = await readOutboxEntry(entry.id, db);
    expect(stored).toMatchObject({ status: 'sent', receipt, attempts: 1, error: null });
    expect(stored?.resume.kind === 'file' && stored.resume.file.bytes.byteLength).toBe(0);
    expect(await readDraft('user-1', 'job-1', db)).toBeNull();
    expect(send.calls[0]?.id).toBe(entry.id);
  });

  it('keeps a network failure queued with backoff, keeps the draft, and sends with the same key on the next flush', async () => {
    await saveDraft('user-1', 'job-1', { step: 4, answers, resumeChoice: null, devpost: null }, clock, db);
    const entry = await enqueueApplication(buildEntry(), clock, db);
    const send = scriptedSend([
      { kind: 'network-error', message: 'Failed to fetch' },
      { kind: 'response', status: 200, body: receipt },
    ]);
    const first = await flushOutbox({ uid: 'user-1', send, db, now, locks: null });
    expect(first.requeued).toHaveLength(1);
    const queued = await readOutboxEntry(entry.id, db);
    expect(queued).toMatchObject({ status: 'queued', attempts: 1, nextAttemptAt: clock + retryDelayMs(1) });
    expect(await readDraft('user-1', 'job-1', db)).not.toBeNull();

    // Not due yet: an automatic (timer) flush leaves it alone.
    const early = await flushOutbox({ uid: 'user-1', send, db, now, locks: null });
    expect(early.sent).toHaveLength(0);
    expect(send.calls).toHaveLength(1);

    clock += retryDelayMs(1);
    const second = await flushOutbox({ uid: 'user-1', send, db, now, locks: null });
    expect(second.sent).toHaveLength(1);
    expect(send.calls.map((record) => record.id)).toEqual([entry.id, entry.id]);
    expect(await readDraft('user-1', 'job-1', db)).toBeNull();
  });

  it('lets an explicit trigger (online, visible, app start) ignore the backoff, trying each entry once per flush', async () => {
    const entry = await enqueueApplication(buildEntry(), clock, db);
    const send = scriptedSend([
      { kind: 'network-error', message: 'offline' },
      { kind: 'network-error', message: 'offline' },
    ]);
    const report = await flushOutbox({ uid: 'user-1', send, db, now, locks: null, ignoreBackoff: true });
    expect(report.requeued).toHaveLength(1);
    expect(send.calls).toHaveLength(1);
    await flushOutbox({ uid: 'user-1', send, db, now, locks: null, ignoreBackoff: true });
    expect(await readOutboxEntry(entry.id, db)).toMatchObject({
      status: 'queued',
      attempts: 2,
      nextAttemptAt: clock + retryDelayMs(2),
    });
  });

  it('fails with the server message on a 4xx, and with the spec fallback when there is none', async () => {
    await enqueueApplication(buildEntry({ jobId: 'job-1' }), clock, db);
    await enqueueApplication(buildEntry({ jobId: 'job-2' }), clock, db);
    const send: SendApplication = async (record) =>
      record.jobId === 'job-1'
        ? {
            kind: 'response',
            status: 409,
            body: { error: 'You have already applied to this job.', code: 'already_applied' },
          }
        : { kind: 'response', status: 400, body: '<html>bad request page</html>' };
    const report = await flushOutbox({ uid: 'user-1', send, db, now, locks: null });
    expect(
      report.failed.map((record) => [record.jobId, record.error, record.errorCode, record.lastStatus]).sort(),
    ).toEqual([
      ['job-1', 'You have already applied to this job.', 'already_applied', 409],
      ['job-2', 'Failed to submit application', null, 400],
    ]);
  });

  it('decides by the code, not the sentence: a 409 submission_in_progress is retried, a 409 already_applied fails', () => {
    const record = { attempts: 1 } as OutboxRecord;
    const inProgress = { error: 'Cette candidature est déjà en cours d’envoi.', code: 'submission_in_progress' };
    expect(outcomeOf({ kind: 'response', status: 409, body: inProgress }, record, 0)).toMatchObject({
      status: 'queued',
      errorCode: 'submission_in_progress',
    });
    const applied = { error: 'This application is already being submitted.', code: 'already_applied' };
    expect(outcomeOf({ kind: 'response', status: 409, body: applied }, record, 0)).toMatchObject({
      status: 'failed',
      errorCode: 'already_applied',
    });
  });

  it('keeps the fields a 400 named, so the form can open at the right step', () => {
    const body = {
      error: 'Please verify your Devpost username before submitting',
      code: 'invalid_request',
      fields: { devpostUsername: 'x' },
    };
    expect(outcomeOf({ kind: 'response', status: 400, body }, { attempts: 1 } as OutboxRecord, 0)).toMatchObject({
      status: 'failed',
      errorCode: 'invalid_request',
      errorFields: ['devpostUsername'],
    });
  });

  it.each([
    [500, { error: 'Internal Server Error' }],
    [503, null],
    [408, null],
    [401, { error: 'Missing or invalid bearer token' }],
    [429, { error: 'Too many requests' }],
    [409, { error: 'This application is already being submitted.', code: 'submission_in_progress' }],
  ])('retries later on %i', (status, body) => {
    const record = { attempts: 3 } as OutboxRecord;
    expect(outcomeOf({ kind: 'response', status, body }, record, 0)).toMatchObject({
      status: 'queued',
      httpStatus: status,
      nextAttemptAt: retryDelayMs(3),
    });
  });

  it('caps the backoff at 960 s, starting at 30 s', () => {
    expect([1, 2, 3, 6, 7, 20].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 960_000, 960_000, 960_000]);
  });

  it('only sends the entries of the signed-in account', async () => {
    await enqueueApplication(buildEntry({ uid: 'someone-else' }), clock, db);
    const send = scriptedSend([]);
    const report = await flushOutbox({ uid: 'user-1', send, db, now, locks: null });
    expect(report.sent).toHaveLength(0);
    expect(send.calls).toHaveLength(0);
  });

  it('cancels a queued entry, but not one being sent, and dismisses only a failed one', async () => {
    const entry = await enqueueApplication(buildEntry(), clock, db);
    expect(await dismissFailed(entry.id, db)).toBe(false);
    expect(await cancelQueued(entry.id, db)).toBe(true);
    expect(await listOutbox('user-1', db)).toEqual([]);

    const second = await enqueueApplication(buildEntry(), clock, db);
    let cancelWhileSending: boolean | null = null;
    const send: SendApplication = async () => {
      cancelWhileSending = await cancelQueued(second.id, db);
      return {
        kind: 'response',
        status: 422,
        body: { error: 'This Idempotency-Key was already used with a different application.' },
      };
    };
    await flushOutbox({ uid: 'user-1', send, db, now, locks: null });
    expect(cancelWhileSending).toBe(false);
    expect(await readOutboxEntry(second.id, db)).toMatchObject({ status: 'failed' });
    expect(await dismissFailed(second.id, db)).toBe(true);
    expect(await readOutboxEntry(second.id, db)).toBeNull();
  });

  it('lets only one of two concurrent senders send an entry, without Web Locks (status flip in a transaction)', async () => {
    await enqueueApplication(buildEntry(), clock, db);
    const sending = deferred();
    const gate = deferred();
    let calls = 0;
    // The first send stays open until the test lets it answer; any other answers at once.
    const send: SendApplication = async () => {
      calls += 1;
      if (calls === 1) {
        sending.resolve();
        await gate.promise;
      }
      return { kind: 'response', status: 201, body: receipt };
    };
    const first = flushOutbox({ uid: 'user-1', send, db, now, locks: null, ignoreBackoff: true });
    const second = flushOutbox({ uid: 'user-1', send, db, now, locks: null, ignoreBackoff: true });
    await sending.promise;
    // One sender is held in its send; the other, finding the entry taken, ends without sending it.
    const other = await Promise.race([first, second]);
    expect(other.sent).toEqual([]);
    expect(calls).toBe(1);
    gate.resolve();
    const reports = await Promise.all([first, second]);
    expect(calls).toBe(1);
    expect(reports.flatMap((report) => report.sent)).toHaveLength(1);
  });

  it('lets only one tab flush at a time with Web Locks; the other skips', async () => {
    expect(globalThis.navigator?.locks).toBeDefined();
    await enqueueApplication(buildEntry(), clock, db);
    const sending = deferred();
    const gate = deferred();
    let calls = 0;
    const send: SendApplication = async () => {
      calls += 1;
      if (calls === 1) {
        sending.resolve();
        await gate.promise;
      }
      return { kind: 'response', status: 201, body: receipt };
    };
    const first = flushOutbox({ uid: 'user-1', send, db, now });
    // The first tab holds the lock while its send is open.
    await sending.promise;
    const second = await flushOutbox({ uid: 'user-1', send, db, now });
    expect(second).toEqual({ skipped: true, sent: [], failed: [], requeued: [] });
    gate.resolve();
    expect((await first).sent).toHaveLength(1);
    expect(calls).toBe(1);
  });

  it('takes over an entry a dead tab left in sending: after its lease without the lock, at once with it', async () => {
    const entry = await enqueueApplication(buildEntry(), clock, db);
    await db.outbox.update(entry.id, { status: 'sending', leaseUntil: clock + 60_000, attempts: 1 });
    const send = scriptedSend([
      { kind: 'response', status: 201, body: receipt },
      { kind: 'response', status: 201, body: receipt },
    ]);
    const withoutLock = await flushOutbox({ uid: 'user-1', send, db, now, locks: null });
    expect(withoutLock.sent).toHaveLength(0);

    const withLock = await flushOutbox({ uid: 'user-1', send, db, now });
    expect(withLock.sent).toHaveLength(1);
    expect(await readOutboxEntry(entry.id, db)).toMatchObject({ status: 'sent', attempts: 2 });

    const other = await enqueueApplication(buildEntry({ jobId: 'job-3' }), clock, db);
    await db.outbox.update(other.id, { status: 'sending', leaseUntil: clock + 60_000, attempts: 1 });
    clock += 60_001;
    expect((await flushOutbox({ uid: 'user-1', send, db, now, locks: null })).sent).toHaveLength(1);
  });

  it('survives a send function that throws, as a network failure', async () => {
    const entry = await enqueueApplication(buildEntry(), clock, db);
    const send: SendApplication = async () => {
      throw new TypeError('Failed to fetch');
    };
    await flushOutbox({ uid: 'user-1', send, db, now, locks: null });
    expect(await readOutboxEntry(entry.id, db)).toMatchObject({ status: 'queued', error: 'Failed to fetch' });
  });

  it('gives exactly one sent entry over 20 attempts where the network drops at random', async () => {
    const entry = await enqueueApplication(buildEntry(), clock, db);
    const serverSeen = new Set<string>();
    let created = 0;
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    // A small server that honours the key: the first request creates, a retry replays.
    const send: SendApplication = async (record) => {
      const roll = random();
      if (roll < 0.3) return { kind: 'network-error', message: 'request lost' };
      if (!serverSeen.has(record.id)) {
        serverSeen.add(record.id);
        created += 1;
      }
      if (roll < 0.7) return { kind: 'network-error', message: 'response lost' };
      return { kind: 'response', status: 201, body: receipt };
    };
    for (let attempt = 0; attempt < 20; attempt += 1) {
      await enqueueApplication(buildEntry(), clock, db);
      await flushOutbox({ uid: 'user-1', send, db, now, locks: null, ignoreBackoff: true });
    }
    expect(created).toBe(1);
    expect(await db.outbox.count()).toBe(1);
    expect(await readOutboxEntry(entry.id, db)).toMatchObject({ status: 'sent' });
  });
});

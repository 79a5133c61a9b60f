import { applicationMessages, type ApplicationReceipt } from '../../../../shared/applications/application-schema.ts';
import { type ErrorCode, errorCodeInBody } from '../../../../shared/errors/error-codes.ts';
import { appDb, type AppDb } from '../../../db/app-db.ts';
import type { OutboxRecord } from '../../../db/records/apply-records.ts';
import type { SendResult } from '../api/submit-application.ts';
import { claimNext, settle, type SettledOutcome } from '../db/outbox-repository.ts';

export type { SendResult };

/** Sends one outbox entry to the server (with its Idempotency-Key). Injected, so the state machine runs without a network. */
export type SendApplication = (record: OutboxRecord) => Promise<SendResult>;

/** Spec section 9's retry backoff: 30 s, doubling up to 960 s. */
export function retryDelayMs(attempts: number): number {
  const base = 30_000;
  return Math.min(base * 2 ** Math.max(0, attempts - 1), 960_000);
}

/** A single attempt may take this long (spec: 30 s network timeout) plus margin before another sender may take over. */
export const sendLeaseMs = 90_000;

function serverMessage(body: unknown): string | null {
  if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' && body.error.trim()) {
    return body.error;
  }
  return null;
}

/** The answer fields a 400 named: `{error, code, fields: {field: message}}`. */
function serverFields(body: unknown): string[] {
  if (!body || typeof body !== 'object' || !('fields' in body) || !body.fields || typeof body.fields !== 'object')
    return [];
  return Object.keys(body.fields);
}

/**
 * The outbox's transitions for one answer:
 * 2xx (a first answer, or the replay of it marked Idempotent-Replayed) -> sent;
 * 408, 429, 5xx, no answer, or 409 `submission_in_progress` -> queued again with backoff (the key makes the retry safe);
 * 401 -> queued too: the sign-in could not be proven just now (token refresh failed), the application is not at fault;
 * any other 4xx (409 `already_applied`, 422, 400 validation...) -> failed with the server's message and code.
 */
export function outcomeOf(result: SendResult, record: OutboxRecord, now: number): SettledOutcome {
  const retry = (
    error: string | null,
    httpStatus: number | null,
    errorCode: ErrorCode | null = null,
  ): SettledOutcome => ({
    status: 'queued',
    error,
    errorCode,
    httpStatus,
    nextAttemptAt: now + retryDelayMs(record.attempts),
  });
  if (result.kind === 'network-error') return retry(result.message, null);
  const { status, body } = result;
  if (status >= 200 && status < 300) return { status: 'sent', receipt: body as ApplicationReceipt, httpStatus: status };
  const message = serverMessage(body);
  const code = errorCodeInBody(body);
  if (status === 401 || status === 408 || status === 429 || status >= 500) return retry(message, status, code);
  if (status === 409 && code === 'submission_in_progress') return retry(message, status, code);
  return {
    status: 'failed',
    error: message ?? applicationMessages.submitFailed,
    errorCode: code,
    errorFields: serverFields(body),
    httpStatus: status,
  };
}

export interface FlushOptions {
  uid: string;
  send: SendApplication;
  db?: AppDb;
  now?: () => number;
  /** Explicit triggers (start, online, visible, Retry now, Background Sync) ignore the backoff. */
  ignoreBackoff?: boolean;
  /** The Web Locks API, or null where the browser lacks it. Defaults to navigator.locks. */
  locks?: LockManager | null;
}

export interface FlushReport {
  /** True when another sender (another tab) holds the lock: it will do the work. */
  skipped: boolean;
  sent: OutboxRecord[];
  failed: OutboxRecord[];
  /** Entries still waiting after this flush (each was tried at most once in it). */
  requeued: OutboxRecord[];
}

/** The name of the Web Lock every sender of this origin takes, so only one sends at a time across tabs. */
export const outboxLockName = 'campus-jobs-outbox';

async function drain(options: FlushOptions, holdsLock: boolean): Promise<FlushReport> {
  const db = options.db ?? appDb;
  const now = options.now ?? Date.now;
  const report: FlushReport = { skipped: false, sent: [], failed: [], requeued: [] };
  const tried = new Set<string>();
  for (;;) {
    const record = await claimNext(
      options.uid,
      {
        now: now(),
        leaseMs: sendLeaseMs,
        ignoreBackoff: options.ignoreBackoff ?? false,
        reclaimSending: holdsLock,
        skip: tried,
      },
      db,
    );
    if (!record) return report;
    tried.add(record.id);
    let result: SendResult;
    try {
      result = await options.send(record);
    } catch (error) {
      result = { kind: 'network-error', message: error instanceof Error ? error.message : String(error) };
    }
    const settled = await settle(record.id, outcomeOf(result, record, now()), now(), db);
    if (!settled) continue;
    if (settled.status === 'sent') report.sent.push(settled);
    else if (settled.status === 'failed') report.failed.push(settled);
    else report.requeued.push(settled);
  }
}

/**
 * Sends every due outbox entry of this account, one at a time. With the Web Locks API only one tab flushes at once
 * (the others skip); without it the IndexedDB status flip queued -> sending still lets only one sender take each entry.
 */
export async function flushOutbox(options: FlushOptions): Promise<FlushReport> {
  const locks = options.locks === undefined ? (globalThis.navigator?.locks ?? null) : options.locks;
  if (!locks) return drain(options, false);
  const report = await locks.request(outboxLockName, { ifAvailable: true }, async (lock) =>
    lock ? drain(options, true) : null,
  );
  return report ?? { skipped: true, sent: [], failed: [], requeued: [] };
}

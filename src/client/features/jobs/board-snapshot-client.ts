// The page's side of the board's worker: reading the stored board and downloading a new one both run in
// board-snapshot.worker.ts, started on first use (never at import: the prerender build loads this module in Node),
// and the jobs come back in pieces, each one deserialized in its own short task. Where workers are unavailable (or
// the worker fails to start), the same tasks run on the main thread, giving it back between pieces.
import { ApiError, apiUrl } from '../../lib/api-client.ts';
import { yieldToMain } from '../../lib/yield-to-main.ts';
import type { BoardSnapshot } from './db/board-snapshot-repository.ts';
import {
  BoardPieces,
  type BoardErrorInfo,
  type BoardOutcome,
  type BoardReply,
  type BoardRequest,
  type BoardRequestBody,
} from './board-snapshot-protocol.ts';
import { runBoardTask } from './board-snapshot-tasks.ts';

export type BoardDownload =
  | { status: 'not-modified' }
  | {
      status: 'updated';
      snapshot: BoardSnapshot;
      invalidJobs: number;
      /** Settles once the board is stored on this device; rejects when storage is full or refused. */
      saved: Promise<void>;
    };

interface PendingRequest {
  request: BoardRequest;
  pieces: BoardPieces;
  /** Returns true once the outcome ends the request. */
  onOutcome: (outcome: BoardOutcome) => boolean;
}

let worker: Worker | null = null;
let workerUnavailable = false;
let nextId = 1;
const pending = new Map<number, PendingRequest>();

function deliver(reply: BoardReply): void {
  const entry = pending.get(reply.id);
  if (!entry) return;
  const outcome = entry.pieces.accept(reply);
  if (outcome && entry.onOutcome(outcome)) pending.delete(reply.id);
}

/** The same task on this thread, yielding between pieces. */
function runOnPage(entry: PendingRequest): void {
  entry.pieces = new BoardPieces();
  pending.set(entry.request.id, entry);
  void runBoardTask(entry.request, deliver, { afterPiece: yieldToMain });
}

/** The worker could not start (or broke): its requests, and every later one, run on the page. */
function abandonWorker(reason: unknown): void {
  console.warn('[jobs] the board worker is unavailable; the board is handled on the page', reason);
  worker?.terminate();
  worker = null;
  workerUnavailable = true;
  const stranded = [...pending.values()];
  pending.clear();
  for (const entry of stranded) runOnPage(entry);
}

function boardWorker(): Worker | null {
  if (worker || workerUnavailable) return worker;
  if (typeof Worker === 'undefined') {
    workerUnavailable = true;
    return null;
  }
  try {
    worker = new Worker(new URL('./board-snapshot.worker.ts', import.meta.url), {
      type: 'module',
      name: 'board-snapshot',
    });
  } catch (error) {
    abandonWorker(error);
    return null;
  }
  worker.onmessage = (event: MessageEvent<BoardReply>) => deliver(event.data);
  worker.onerror = (event) => {
    event.preventDefault();
    abandonWorker(event.message || event);
  };
  worker.onmessageerror = (event) => abandonWorker(event);
  return worker;
}

function send(body: BoardRequestBody, onOutcome: PendingRequest['onOutcome']): void {
  const request: BoardRequest = { ...body, id: nextId++ };
  const entry: PendingRequest = { request, pieces: new BoardPieces(), onOutcome };
  const target = boardWorker();
  if (!target) {
    runOnPage(entry);
    return;
  }
  pending.set(request.id, entry);
  target.postMessage(request);
}

function errorOf(info: BoardErrorInfo): Error {
  if (info.status !== undefined) return new ApiError(info.status, info.message, info.body ?? null);
  const error = new Error(info.message);
  error.name = info.name;
  return error;
}

/** The board stored on this device, or null when there is none. */
export function readStoredBoard(): Promise<BoardSnapshot | null> {
  return new Promise((resolve, reject) => {
    send({ kind: 'read' }, (outcome) => {
      if (outcome.type === 'snapshot') resolve(outcome.snapshot);
      else if (outcome.type === 'empty') resolve(null);
      else if (outcome.type === 'error') reject(errorOf(outcome.error));
      else reject(new Error(`unexpected answer to a board read: ${outcome.type}`));
      return true;
    });
  });
}

/**
 * Downloads the board unless `knownVersion` is still current (If-None-Match), dropping malformed jobs, and stores
 * it on this device. Resolves as soon as the board is complete in memory; `saved` tells when it is stored.
 */
export function downloadBoard(knownVersion: string | null): Promise<BoardDownload> {
  let savedOutcome!: { resolve: () => void; reject: (error: Error) => void };
  const saved = new Promise<void>((resolve, reject) => {
    savedOutcome = { resolve, reject };
  });
  return new Promise((resolve, reject) => {
    send({ kind: 'refresh', url: apiUrl('/public/board/snapshot'), knownVersion }, (outcome) => {
      switch (outcome.type) {
        case 'snapshot':
          resolve({ status: 'updated', snapshot: outcome.snapshot, invalidJobs: outcome.invalidJobs, saved });
          return false;
        case 'not-modified':
          resolve({ status: 'not-modified' });
          return true;
        case 'saved':
          savedOutcome.resolve();
          return true;
        case 'save-failed':
          savedOutcome.reject(errorOf(outcome.error));
          return true;
        case 'error':
          reject(errorOf(outcome.error));
          return true;
        case 'empty':
          reject(new Error('unexpected answer to a board download: empty'));
          return true;
      }
    });
  });
}

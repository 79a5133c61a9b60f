// What the page and the board's worker (board-snapshot.worker.ts) say to each other. The worker reads the stored
// board from IndexedDB, or downloads, validates and stores a new one, and sends the jobs back in small pieces: the
// page deserializes each piece in its own short task instead of the whole board in one long one.
import type { BoardJob } from '../../../shared/jobs/listing-schemas.ts';
import type { BoardSnapshot } from './db/board-snapshot-repository.ts';

/**
 * Jobs per message. Deserializing one piece on the page must stay well under a long task (50 ms) on a slow phone:
 * the whole board (~6,800 jobs) took ~400 ms in one task at a 4x CPU slowdown, so 250 jobs should be ~15 ms.
 * Smaller pieces only add messages.
 */
export const boardPieceSize = 250;

export type BoardRequestBody =
  /** The board stored on this device, if any. */
  | { kind: 'read' }
  /** A newer board than `knownVersion` from `url`, stored on this device once sent. */
  | { kind: 'refresh'; url: string; knownVersion: string | null };

/** `id` pairs the replies with their request: several may be under way at once. */
export type BoardRequest = BoardRequestBody & { id: number };

/** An error as it crosses to the page (Error objects lose their class and fields on the way). */
export interface BoardErrorInfo {
  name: string;
  message: string;
  /** The HTTP status of a failed download. */
  status?: number;
  /** The server's JSON body of a failed download. */
  body?: unknown;
}

export type BoardReply =
  /** The next jobs of the board, in order: `index` counts the pieces of one answer from 0. */
  | { id: number; type: 'jobs'; index: number; jobs: BoardJob[] }
  /** Every piece has been sent: the board is complete. For a refresh, storing it follows. */
  | {
      id: number;
      type: 'snapshot';
      pieces: number;
      jobCount: number;
      version: string;
      refreshedAt: string | null;
      savedAt: number;
      invalidJobs: number;
    }
  /** Read: nothing stored (or a stored row without jobs). */
  | { id: number; type: 'empty' }
  /** Refresh: the server answered 304, the copy held is current. */
  | { id: number; type: 'not-modified' }
  /** Refresh: the board sent is now stored (both rows, one transaction). */
  | { id: number; type: 'saved' }
  /** Refresh: the board sent could not be stored (storage full or refused); the page keeps it in memory. */
  | { id: number; type: 'save-failed'; error: BoardErrorInfo }
  /** The read or the download failed; nothing else follows. */
  | { id: number; type: 'error'; error: BoardErrorInfo };

export type BoardOutcome =
  | { type: 'snapshot'; snapshot: BoardSnapshot; invalidJobs: number }
  | { type: 'empty' }
  | { type: 'not-modified' }
  | { type: 'saved' }
  | { type: 'save-failed'; error: BoardErrorInfo }
  | { type: 'error'; error: BoardErrorInfo };

export function toBoardErrorInfo(error: unknown): BoardErrorInfo {
  if (error instanceof Error) {
    const info: BoardErrorInfo = { name: error.name, message: error.message };
    if ('status' in error && typeof error.status === 'number') info.status = error.status;
    if ('body' in error && error.body !== undefined) info.body = error.body;
    return info;
  }
  return { name: 'Error', message: String(error) };
}

function protocolError(message: string): BoardOutcome {
  return { type: 'error', error: { name: 'BoardProtocolError', message } };
}

/**
 * The page's side of one answer: appends each piece (cheap, one message per task) and, on the message that ends it,
 * hands back the outcome. Pieces arrive in order (a worker's messages keep their order); a gap or a count that does
 * not match is reported as an error outcome instead of a board with jobs missing.
 */
export class BoardPieces {
  private jobs: BoardJob[] = [];
  private pieces = 0;

  /** null while pieces are still coming. After an error outcome, the answer is void: drop this object. */
  accept(reply: BoardReply): BoardOutcome | null {
    switch (reply.type) {
      case 'jobs': {
        if (reply.index !== this.pieces) {
          return protocolError(`board piece ${reply.index} arrived where piece ${this.pieces} was expected`);
        }
        this.pieces += 1;
        for (const job of reply.jobs) this.jobs.push(job);
        return null;
      }
      case 'snapshot': {
        if (reply.pieces !== this.pieces || reply.jobCount !== this.jobs.length) {
          return protocolError(
            `board ended after ${this.pieces} pieces and ${this.jobs.length} jobs, ` +
              `${reply.pieces} pieces and ${reply.jobCount} jobs were sent`,
          );
        }
        const jobs = this.jobs;
        this.jobs = [];
        this.pieces = 0;
        return {
          type: 'snapshot',
          snapshot: { version: reply.version, refreshedAt: reply.refreshedAt, savedAt: reply.savedAt, jobs },
          invalidJobs: reply.invalidJobs,
        };
      }
      case 'empty':
      case 'not-modified':
      case 'saved':
        return { type: reply.type };
      case 'save-failed':
      case 'error':
        return { type: reply.type, error: reply.error };
    }
  }
}

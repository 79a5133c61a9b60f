// The board's heavy work, answering one BoardRequest with BoardReply messages: run by the board's worker
// (board-snapshot.worker.ts), and on the main thread where workers are unavailable. Nothing here touches the page.
import { appDb, type AppDb } from '../../db/app-db.ts';
import type { BoardJob } from '../../../shared/jobs/listing-schemas.ts';
import { getBoardSnapshot, type BoardSnapshotPayload } from './api/get-board-snapshot.ts';
import { boardPieceSize, toBoardErrorInfo, type BoardReply, type BoardRequest } from './board-snapshot-protocol.ts';
import { readBoardSnapshot, saveBoardSnapshot } from './db/board-snapshot-repository.ts';

export interface BoardTaskOptions {
  db?: AppDb;
  pieceSize?: number;
  /** Awaited after each piece is posted: the main-thread fallback gives the thread back there. */
  afterPiece?: () => Promise<void>;
  /** The clock for `savedAt` (tests). */
  now?: () => number;
}

/**
 * Answers `request` through `post`: the jobs in pieces of `pieceSize`, then the message that ends the answer (see
 * BoardReply). Never throws: a failure is posted as an `error` (or, once the board was sent, `save-failed`).
 */
export async function runBoardTask(
  request: BoardRequest,
  post: (reply: BoardReply) => void,
  { db = appDb, pieceSize = boardPieceSize, afterPiece, now = Date.now }: BoardTaskOptions = {},
): Promise<void> {
  const { id } = request;
  let pieces = 0;
  const postPiece = async (jobs: BoardJob[]) => {
    post({ id, type: 'jobs', index: pieces, jobs });
    pieces += 1;
    await afterPiece?.();
  };

  let stored: BoardSnapshotPayload;
  let savedAt: number;
  try {
    if (request.kind === 'read') {
      const snapshot = await readBoardSnapshot(db);
      if (!snapshot) {
        post({ id, type: 'empty' });
        return;
      }
      for (let start = 0; start < snapshot.jobs.length; start += pieceSize) {
        await postPiece(snapshot.jobs.slice(start, start + pieceSize));
      }
      post({
        id,
        type: 'snapshot',
        pieces,
        jobCount: snapshot.jobs.length,
        version: snapshot.version,
        refreshedAt: snapshot.refreshedAt,
        savedAt: snapshot.savedAt,
        invalidJobs: 0,
      });
      return;
    }

    // Validated jobs are posted as they pass, while the rest is still being checked.
    const result = await getBoardSnapshot({
      url: request.url,
      knownVersion: request.knownVersion,
      pieceSize,
      onPiece: postPiece,
    });
    if (result.status === 'not-modified') {
      post({ id, type: 'not-modified' });
      return;
    }
    stored = result.snapshot;
    savedAt = now();
    post({
      id,
      type: 'snapshot',
      pieces,
      jobCount: stored.jobs.length,
      version: stored.version,
      refreshedAt: stored.refreshedAt,
      savedAt,
      invalidJobs: result.invalidJobs,
    });
  } catch (error) {
    post({ id, type: 'error', error: toBoardErrorInfo(error) });
    return;
  }

  // The page already has the board in memory; storing it (a few hundred ms for 20,000 jobs) happens after.
  try {
    await saveBoardSnapshot(stored, savedAt, db);
    post({ id, type: 'saved' });
  } catch (error) {
    post({ id, type: 'save-failed', error: toBoardErrorInfo(error) });
  }
}

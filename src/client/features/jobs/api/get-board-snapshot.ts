// The whole-board download. Runs in the board's worker (board-snapshot.worker.ts), or on the main thread where
// workers are unavailable: it imports nothing that touches the page (no window, no storage, no env), and is given
// the snapshot's full URL.
import { z } from 'zod';
import { errorMessageInBody } from '../../../../shared/errors/error-codes.ts';
import { boardJobSchema, type BoardJob } from '../../../../shared/jobs/listing-schemas.ts';

/** The whole active board as `GET /api/public/board/snapshot` sends it. */
export interface BoardSnapshotPayload {
  version: string;
  refreshedAt: string | null;
  jobs: BoardJob[];
}

export type BoardSnapshotFetch =
  { status: 'not-modified' } | { status: 'updated'; snapshot: BoardSnapshotPayload; invalidJobs: number };

/** A non-2xx answer to the snapshot request (other than 304), with the server's JSON body when it sent one. */
export class BoardSnapshotHttpError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown = null) {
    super(errorMessageInBody(status, body));
    this.name = 'BoardSnapshotHttpError';
    this.status = status;
    this.body = body;
  }
}

const envelopeSchema = z.object({
  version: z.string().min(1),
  refreshedAt: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  jobs: z.array(z.unknown()),
});

/** Called with each run of valid jobs, in board order; awaited before the next run is validated. */
export type BoardJobsSink = (jobs: BoardJob[]) => void | Promise<void>;

/**
 * Validates the downloaded jobs `pieceSize` at a time and hands each run of valid ones to `onPiece` (the worker
 * posts it to the page; on the main thread the sink gives the thread back before the next run). One malformed job is
 * dropped and counted, never fatal.
 */
export async function validateBoardJobs(
  items: readonly unknown[],
  pieceSize: number,
  onPiece?: BoardJobsSink,
): Promise<{ jobs: BoardJob[]; invalid: number }> {
  const jobs: BoardJob[] = [];
  let invalid = 0;
  for (let start = 0; start < items.length; start += pieceSize) {
    const piece: BoardJob[] = [];
    for (let i = start; i < Math.min(items.length, start + pieceSize); i += 1) {
      const parsed = boardJobSchema.safeParse(items[i]);
      if (parsed.success) piece.push(parsed.data);
      else invalid += 1;
    }
    for (const job of piece) jobs.push(job);
    if (piece.length > 0) await onPiece?.(piece);
  }
  return { jobs, invalid };
}

/**
 * Checks a snapshot body's envelope and validates its jobs (see validateBoardJobs). A body that is not a snapshot at
 * all (no version, no job list) throws.
 */
export async function parseBoardSnapshot(
  body: unknown,
  pieceSize: number,
  onPiece?: BoardJobsSink,
): Promise<{ snapshot: BoardSnapshotPayload; invalidJobs: number }> {
  const envelope = envelopeSchema.parse(body);
  const { jobs, invalid } = await validateBoardJobs(envelope.jobs, pieceSize, onPiece);
  return { snapshot: { version: envelope.version, refreshedAt: envelope.refreshedAt, jobs }, invalidJobs: invalid };
}

export interface BoardSnapshotRequest {
  /** The snapshot's full URL (`apiUrl('/public/board/snapshot')` on the page). */
  url: string;
  /** The version held on this device, sent as If-None-Match. */
  knownVersion: string | null;
  /** How many jobs are validated (and handed to `onPiece`) at a time. */
  pieceSize: number;
  onPiece?: BoardJobsSink;
  signal?: AbortSignal;
}

/**
 * Downloads the whole board unless the copy we hold (`knownVersion`) is still current: the server answers
 * 304 to If-None-Match. Anonymous (the board never depends on who asks), and bypasses the HTTP cache: the copy lives
 * in IndexedDB. A non-2xx answer throws BoardSnapshotHttpError; no network throws fetch's TypeError.
 */
export async function getBoardSnapshot({
  url,
  knownVersion,
  pieceSize,
  onPiece,
  signal,
}: BoardSnapshotRequest): Promise<BoardSnapshotFetch> {
  const headers = new Headers({ Accept: 'application/json' });
  if (knownVersion) headers.set('If-None-Match', `"${knownVersion}"`);
  const response = await fetch(url, { headers, signal, cache: 'no-store' });
  if (response.status === 304) return { status: 'not-modified' };
  if (!response.ok) {
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      // Not JSON (a proxy's error page, an empty body): the status is all we have.
    }
    throw new BoardSnapshotHttpError(response.status, body);
  }
  const { snapshot, invalidJobs } = await parseBoardSnapshot(await response.json(), pieceSize, onPiece);
  return { status: 'updated', snapshot, invalidJobs };
}

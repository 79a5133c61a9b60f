import { appDb, type AppDb } from '../../../db/app-db.ts';
import type { BoardJob } from '../../../../shared/jobs/listing-schemas.ts';
import type { BoardSnapshotPayload } from '../api/get-board-snapshot.ts';

export interface BoardSnapshotMeta {
  version: string;
  refreshedAt: string | null;
  savedAt: number;
}

export interface BoardSnapshot extends BoardSnapshotMeta {
  jobs: BoardJob[];
}

const boardRowId = 'board';
const metaRowId = 'meta';

/** Which board is stored (a few bytes): cheap to watch with a live query. */
export async function readBoardSnapshotMeta(db: AppDb = appDb): Promise<BoardSnapshotMeta | null> {
  const meta = await db.boardSnapshot.get(metaRowId);
  return meta ? { version: meta.version, refreshedAt: meta.refreshedAt, savedAt: meta.savedAt } : null;
}

/** The stored board with all its jobs. */
export async function readBoardSnapshot(db: AppDb = appDb): Promise<BoardSnapshot | null> {
  const record = await db.boardSnapshot.get(boardRowId);
  if (!record?.jobs) return null;
  return { version: record.version, refreshedAt: record.refreshedAt, savedAt: record.savedAt, jobs: record.jobs };
}

/** Replaces the stored board as a whole (both rows in one transaction, so they always agree). */
export async function saveBoardSnapshot(
  payload: BoardSnapshotPayload,
  savedAt: number = Date.now(),
  db: AppDb = appDb,
): Promise<BoardSnapshot> {
  const snapshot: BoardSnapshot = {
    version: payload.version,
    refreshedAt: payload.refreshedAt,
    savedAt,
    jobs: payload.jobs,
  };
  const meta = { version: snapshot.version, refreshedAt: snapshot.refreshedAt, savedAt };
  await db.transaction('rw', db.boardSnapshot, async () => {
    await db.boardSnapshot.put({ id: boardRowId, ...snapshot });
    await db.boardSnapshot.put({ id: metaRowId, ...meta });
  });
  return snapshot;
}

export async function clearBoardSnapshot(db: AppDb = appDb): Promise<void> {
  await db.boardSnapshot.bulkDelete([boardRowId, metaRowId]);
}

import { appDb, type AppDb, type BoardSnapshotRecord } from '../../../db/app-db.ts';
import type { BoardSnapshotPayload } from '../api/get-board-snapshot.ts';

/** The board is one row: replaced as a whole when the server's version changes. */
const boardRowId = 'board';

export type BoardSnapshot = Omit<BoardSnapshotRecord, 'id'>;

export async function readBoardSnapshot(db: AppDb = appDb): Promise<BoardSnapshot | null> {
  const record = await db.boardSnapshot.get(boardRowId);
  if (!record) return null;
  const { id: _id, ...snapshot } = record;
  return snapshot;
}

export async function saveBoardSnapshot(
  payload: BoardSnapshotPayload,
  savedAt: number = Date.now(),
  db: AppDb = appDb,
): Promise<BoardSnapshot> {
  const snapshot: BoardSnapshot = { version: payload.version, refreshedAt: payload.refreshedAt, savedAt, jobs: payload.jobs };
  await db.boardSnapshot.put({ id: boardRowId, ...snapshot });
  return snapshot;
}

export async function clearBoardSnapshot(db: AppDb = appDb): Promise<void> {
  await db.boardSnapshot.delete(boardRowId);
}

import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { boardState } from './schema.ts';

// The board version: one row that changes whenever the set of active board jobs changes. Writers bump it in the
// same transaction as their change, which also NOTIFYs `boardChangeChannel`: every API instance LISTENs and rebuilds
// its in-memory board within a moment of the commit, and polls the version as well, in case notices were lost.

/** The NOTIFY channel of board changes; the payload is the new version. */
export const boardChangeChannel = 'board_change';

/**
 * Tells every instance, once `db`'s transaction commits (not before, and not at all if it rolls back), that the
 * board changed: they compare versions and reload. bumpBoardVersion calls it; a writer that changes what the board
 * shows without a new version (none today) would call it itself, inside its transaction.
 */
export async function notifyBoardChange(db: Database, version: string): Promise<void> {
  await db.execute(sql`select pg_notify(${boardChangeChannel}, ${version})`);
}

export type BoardState = { version: string; refreshedAt: Date };

/** Sortable by time and unique across instances. */
function newVersion(): string {
  return `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
}

export async function readBoardState(db: Database): Promise<BoardState> {
  const [row] = await db
    .select({ version: boardState.version, refreshedAt: boardState.refreshedAt })
    .from(boardState)
    .where(eq(boardState.id, 1));
  // Migration 0002 inserts the row; a missing one means the table was emptied by hand.
  return row ?? { version: 'initial', refreshedAt: new Date(0) };
}

export async function bumpBoardVersion(db: Database): Promise<BoardState> {
  const [row] = await db
    .insert(boardState)
    .values({ id: 1, version: newVersion() })
    .onConflictDoUpdate({
      target: boardState.id,
      set: { version: sql`excluded.version`, refreshedAt: sql`now()` },
    })
    .returning({ version: boardState.version, refreshedAt: boardState.refreshedAt });
  if (!row) throw new Error('Bumping the board version returned no row');
  await notifyBoardChange(db, row.version);
  return row;
}

import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { boardState } from './schema.ts';

// The board version: one row that changes whenever the set of active board jobs changes. Writers bump it in the
// same transaction as their change; every API instance polls it and rebuilds its in-memory board when it moves.

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
  return row;
}

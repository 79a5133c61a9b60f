import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../src/server/db/client.ts';
import { createLocalDiskStorage } from '../../src/server/storage/local-disk-storage.ts';
import type { Storage } from '../../src/server/storage/storage.ts';

// "Nothing changed": everything the app owns, read back whole. Refusal tests take one before and one after the
// refused requests and compare them: every row of every table in the database (the tables are listed by PostgreSQL,
// so a table added by a later migration is compared without editing any test), every stored file with a hash of its
// bytes, and the .eml files of the local mail outbox (the queued mail itself is the mail_outbox table).

export type AppState = {
  tables: Record<string, string[]>;
  files: Record<string, string> | null;
  outboxFiles: string[] | null;
};

export type AppStateSources = {
  db: Database;
  /** The app's file storage, or the folder of a local-disk one (STORAGE_DIR). */
  storage?: Storage | string;
  /** OUTBOX_DIR of an app without SMTP. */
  outboxDir?: string;
  /**
   * The app's mail sender: drained before each snapshot, so mail queued earlier is delivered first and the sender's own
   * writes (a sent mark, an .eml file) never land between the two snapshots.
   */
  mailSender?: { drain(): Promise<unknown> };
};

type Rows = { rows: Record<string, unknown>[] };

/** The app's own tables: every base table of the public schema (drizzle keeps its journal in another schema). */
export async function appTableNames(db: Database): Promise<string[]> {
  const result = (await db.execute(
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as Rows;
  return result.rows.map((row) => String(row.table_name));
}

/**
 * Every row of every app table, fetched in one statement (one round trip, however many tables): each row as the text
 * of its jsonb value, whose keys PostgreSQL always writes in the same order.
 */
async function tableRows(db: Database): Promise<Record<string, string[]>> {
  const tables = await appTableNames(db);
  const rows: Record<string, string[]> = Object.fromEntries(tables.map((table) => [table, []]));
  if (tables.length === 0) return rows;
  const everyRow = sql.join(
    tables.map(
      (table) => sql`select ${table}::text as "table_name", to_jsonb(t)::text as "row" from ${sql.identifier(table)} t`,
    ),
    sql` union all `,
  );
  const result = (await db.execute(everyRow)) as unknown as Rows;
  for (const { table_name: table, row } of result.rows) rows[String(table)]!.push(String(row));
  for (const table of tables) rows[table]!.sort();
  return rows;
}

/** Every stored file: key -> sha256 of its bytes. */
export async function storedFileHashes(storage: Storage | string): Promise<Record<string, string>> {
  const store = typeof storage === 'string' ? createLocalDiskStorage(storage) : storage;
  const files: Record<string, string> = {};
  for await (const { key } of store.list('')) {
    const object = await store.get(key);
    files[key] = object ? createHash('sha256').update(object.data).digest('hex') : 'missing';
  }
  return files;
}

function outboxFileNames(dir: string): string[] {
  try {
    if (!statSync(dir).isDirectory()) return [`${dir} is not a folder`];
  } catch {
    return [];
  }
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => statSync(join(dir, name)).isFile())
    .map(
      (name) =>
        `${name} ${createHash('sha256')
          .update(readFileSync(join(dir, name)))
          .digest('hex')}`,
    )
    .sort();
}

export async function snapshotAppState({ db, storage, outboxDir, mailSender }: AppStateSources): Promise<AppState> {
  await mailSender?.drain();
  return {
    tables: await tableRows(db),
    files: storage === undefined ? null : await storedFileHashes(storage),
    outboxFiles: outboxDir === undefined ? null : outboxFileNames(outboxDir),
  };
}

/**
 * Takes a snapshot now; `expectUnchanged()` takes another and fails naming the tables (and files) that differ.
 * ```ts
 * const unchanged = await watchAppState({ db, storage: storageDir });
 * ... refused requests ...
 * await unchanged.expectUnchanged('a student PATCHing a company job');
 * ```
 */
export async function watchAppState(sources: AppStateSources): Promise<{
  before: AppState;
  expectUnchanged(label?: string): Promise<void>;
}> {
  const before = await snapshotAppState(sources);
  return {
    before,
    async expectUnchanged(label = 'after refused requests') {
      const after = await snapshotAppState(sources);
      const changedTables = Object.keys({ ...before.tables, ...after.tables }).filter(
        (table) => JSON.stringify(before.tables[table]) !== JSON.stringify(after.tables[table]),
      );
      // The message names every changed table; the diff shown is the first one's.
      for (const table of changedTables) {
        expect(after.tables[table], `${label}: ${changedTables.join(', ')} changed (diff of ${table})`).toEqual(
          before.tables[table],
        );
      }
      expect(after.files, `${label}: stored files`).toEqual(before.files);
      expect(after.outboxFiles, `${label}: outbox files`).toEqual(before.outboxFiles);
    },
  };
}

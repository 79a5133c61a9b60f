import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { createDatabaseFolder, isDatabaseFolder } from './create-pglite-folder.ts';

// The embedded database's folder is created by a child process (create-pglite-folder.ts), then opened in-process.

let workDir: string;

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'campus-jobs-pglite-folder-'));
});

afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
});

describe('the embedded database folder', () => {
  it('is created on first open and keeps its data when opened again', async () => {
    const dataDir = join(workDir, 'data');
    expect(isDatabaseFolder(join(dataDir, 'pglite'))).toBe(false);
    const first = await openDatabase({ dataDir });
    try {
      expect(isDatabaseFolder(join(dataDir, 'pglite'))).toBe(true);
      await first.db.execute(sql`create table probe (note text)`);
      await first.db.execute(sql`insert into probe values ('kept')`);
    } finally {
      await first.close();
    }
    const again = await openDatabase({ dataDir });
    try {
      // PGlite's driver answers { rows }.
      const result = (await again.db.execute(sql`select note from probe`)) as { rows?: unknown };
      expect(result.rows).toEqual([{ note: 'kept' }]);
    } finally {
      await again.close();
    }
  });

  it('reports why a folder could not be created, and opens nothing', async () => {
    const blocker = join(workDir, 'not-a-folder');
    writeFileSync(blocker, 'a file where the folder should be');
    await expect(createDatabaseFolder(join(blocker, 'pglite'), [])).rejects.toThrow(
      /Creating the database in .*not-a-folder/,
    );
    await expect(openDatabase({ dataDir: blocker })).rejects.toThrow();
  });
});

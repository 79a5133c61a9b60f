import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '../../src/server/package-root.ts';

// For tests of one migration on a database that holds data from before it.

const folders: string[] = [];

/** A copy of the migrations folder as it was before the migration whose tag ends with `suffix`. */
export function migrationsBefore(suffix: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'campus-jobs-migrations-'));
  folders.push(folder);
  cpSync(join(packageRoot, 'migrations'), folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag.endsWith(suffix));
  if (index < 1) throw new Error(`no migration ending with ${suffix} after the first`);
  journal.entries = journal.entries.slice(0, index);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

/** Removes the copies (afterAll). */
export function removeMigrationCopies(): void {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
}

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../package-root.ts';

// Creating a PGlite data folder runs initdb in a second WebAssembly instance: inside the server that was ~570-640 MB
// of RSS for a moment, and V8 gave part of it back only slowly (the server that had created its folder ran 20-40 MB
// above the same server restarted, under the same load). So a brand-new folder is created by a short-lived child
// process, and the server opens it like an existing one. The caller holds the data folder's lock throughout.

/** True when `folder` already holds a database cluster. */
export function isDatabaseFolder(folder: string): boolean {
  return existsSync(join(folder, 'PG_VERSION'));
}

// Run from the package root, so the bare specifier resolves to the server's own PGlite.
const childScript = `
const [folder, settings] = process.argv.slice(1)
const { PGlite } = await import('@electric-sql/pglite')
const client = new PGlite(folder, { postgresqlconf: JSON.parse(settings) })
await client.waitReady
await client.close()
`;

/** Creates the database cluster in `folder` (initdb) in a child process; rejects with its error output. */
export function createDatabaseFolder(folder: string, settings: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    // --liftoff-only: see scripts/server-node-flags.mjs (TurboFan compiling PGlite is most of the peak).
    const child = spawn(
      process.execPath,
      ['--liftoff-only', '--input-type=module', '-e', childScript, folder, JSON.stringify(settings)],
      { cwd: packageRoot, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let errorOutput = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (errorOutput.length < 4000) errorOutput += chunk;
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `Creating the database in ${folder} failed (${signal ?? `exit code ${code}`}): ${errorOutput.trim()}`,
          ),
        );
    });
  });
}

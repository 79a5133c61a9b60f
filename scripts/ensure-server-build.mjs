// Compiles the API (tsc -p tsconfig.server.json) when `entry` is missing or older than any source it comes from,
// so command-line tools built on dist/server can be run straight from a checkout.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(full));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

export function ensureServerBuild(root, entry, log) {
  const newestTs = Math.max(...['src/server', 'src/shared'].map((dir) => newestSource(path.join(root, dir))));
  if (existsSync(entry) && newestTs <= statSync(entry).mtimeMs) return;
  log('building the API (tsc -p tsconfig.server.json)...');
  const build = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.server.json'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

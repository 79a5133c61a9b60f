#!/usr/bin/env node
// `npm run ingest -- <file-or-url> [...] [--type internship|new-grad]`: runs the compiled command
// (dist/server/server/cli/ingest.js), building the API first when the build is missing or older than the sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const compiled = path.join(root, 'dist', 'server', 'server', 'cli', 'ingest.js');

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(full));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ['src/server', 'src/shared'].map((dir) => path.join(root, dir));
const stale = !existsSync(compiled) || Math.max(...sources.map(newestSource)) > statSync(compiled).mtimeMs;
if (stale) {
  console.error('[ingest] building the API (tsc -p tsconfig.server.json)...');
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.server.json'], {
    cwd: root, stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const run = spawnSync(process.execPath, [compiled, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(run.status ?? 1);

#!/usr/bin/env node
// `npm run moderation -- ...`: runs the compiled command (dist/server/server/cli/moderation.js), building the API first when the
// build is missing or older than the sources.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuild } from './ensure-server-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const compiled = path.join(root, 'dist', 'server', 'server', 'cli', 'moderation.js');

ensureServerBuild(root, compiled, (message) => console.error(`[moderation] ${message}`));

const run = spawnSync(process.execPath, [compiled, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(run.status ?? 1);

#!/usr/bin/env node
// `npm start`: build the PWA and the API, start the Firebase Auth emulator (embedded default) and the API server,
// and stop everything on Ctrl-C. Plain JavaScript so it runs before anything is compiled.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serverEnv, serverNodeFlags } from './server-node-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const port = Number(process.env.PORT ?? 3000);
const dataDir = path.resolve(root, process.env.DATA_DIR ?? 'data');
const projectId = process.env.FIREBASE_PROJECT_ID ?? 'demo-campus-jobs';
const emulatorPort = Number(process.env.AUTH_EMULATOR_PORT ?? 9099);
// A `demo-` project can only ever be served by the emulator; a real project id means real Firebase.
const startEmulator = !process.env.FIREBASE_AUTH_EMULATOR_HOST && projectId.startsWith('demo-');

const log = (message) => console.log(`[start] ${message}`);
const children = new Set();
let stopping = false;
let dataDirLock = null;

/**
 * The emulator's import (accounts:batchCreate) sets every user's validSince to the import time, which revokes every
 * token issued before: each restart of the local default would sign everyone out. Real Firebase keeps sessions
 * across deploys, so the exported validSince is put back (an owner-privileged accounts:update may set it).
 */
async function keepSessions(emulatorDir) {
  const accountsFile = path.join(emulatorDir, 'auth_export', 'accounts.json');
  if (!existsSync(accountsFile)) return;
  const { users = [] } = JSON.parse(readFileSync(accountsFile, 'utf8'));
  const endpoint = `http://127.0.0.1:${emulatorPort}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:update`;
  let restored = 0;
  for (const user of users) {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
      // An account exported without validSince had never been revoked.
      body: JSON.stringify({ localId: user.localId, validSince: user.validSince ?? '0' }),
    });
    if (response.ok) restored += 1;
  }
  if (users.length > 0) log(`kept the sessions of ${restored} of ${users.length} users across the restart`);
}

function run(cmd, cmdArgs, label) {
  log(`${label}...`);
  const result = spawnSync(process.execPath, [cmd, ...cmdArgs], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`[start] ${label} failed (exit ${result.status}).`);
    process.exit(result.status ?? 1);
  }
}

function portInUse(p) {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port: p });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitFor(url, child, label, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${label} exited with code ${child.exitCode} before it was ready`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${label} was not ready within ${timeoutMs / 1000} s (${url})`);
}

function spawnChild(label, cmd, cmdArgs, env, nodeFlags = []) {
  // Own process group, so we decide the shutdown order (API first, then the emulator exports its users).
  const child = spawn(process.execPath, [...nodeFlags, cmd, ...cmdArgs], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'inherit',
    detached: true,
  });
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!stopping) {
      console.error(`[start] ${label} stopped unexpectedly (${signal ?? `exit ${code}`}); shutting down.`);
      void shutdown(1);
    }
  });
  return child;
}

async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  log('stopping...');
  for (const child of [...children].reverse()) {
    try {
      process.kill(-child.pid, 'SIGINT');
    } catch {
      /* already gone */
    }
    const exited = new Promise((r) => child.once('exit', r));
    const timeout = new Promise((r) => setTimeout(r, 15_000, 'timeout'));
    if ((await Promise.race([exited, timeout])) === 'timeout') {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
  }
  // Released last: the emulator has exported its users into the folder by now.
  dataDirLock?.release();
  process.exit(code);
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

async function main() {
  if (!args.has('--no-build')) {
    run(bin('vite'), ['build', '--logLevel', 'warn'], 'Building the web app');
    run(bin('tsc'), ['-p', 'tsconfig.server.json'], 'Building the API');
  }
  if (!existsSync(path.join(root, 'dist/server/server/index.js'))) {
    throw new Error('dist/server is missing: run without --no-build first');
  }
  mkdirSync(dataDir, { recursive: true });
  // The data folder is locked before anything else starts: a second `npm start` on it is refused here, before its
  // emulator could rewrite firebase.json or export users into it. The server inherits the lock (it is our child).
  const { acquireDataDirLock, DataDirLockedError } = await import(
    pathToFileURL(path.join(root, 'dist/server/server/db/data-dir-lock.js')).href
  );
  try {
    dataDirLock = acquireDataDirLock(dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`[start] ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const env = {
    PORT: String(port),
    DATA_DIR: dataDir,
    FIREBASE_PROJECT_ID: projectId,
    DATA_DIR_LOCK_HELD_BY: String(process.pid),
  };

  if (startEmulator) {
    if (await portInUse(emulatorPort)) {
      throw new Error(`port ${emulatorPort} (Auth emulator) is in use; stop that process or set AUTH_EMULATOR_PORT`);
    }
    const emulatorDir = path.join(dataDir, 'auth-emulator');
    const configPath = path.join(dataDir, 'firebase.json');
    // The hub and logging emulators on the two ports after the Auth emulator's: fixed per instance, so two instances
    // starting at once never race for the CLI's defaults (4400, 4500).
    writeFileSync(
      configPath,
      JSON.stringify(
        {
          emulators: {
            auth: { host: '127.0.0.1', port: emulatorPort },
            hub: { host: '127.0.0.1', port: emulatorPort + 1 },
            logging: { host: '127.0.0.1', port: emulatorPort + 2 },
            ui: { enabled: false },
            singleProjectMode: true,
          },
        },
        null,
        2,
      ),
    );
    const emulatorArgs = [
      'emulators:start',
      '--only',
      'auth',
      '--project',
      projectId,
      '--config',
      configPath,
      '--export-on-exit',
      emulatorDir,
    ];
    // Users survive restarts: import the previous export when there is one.
    const imported = existsSync(path.join(emulatorDir, 'firebase-export-metadata.json'));
    if (imported) emulatorArgs.push('--import', emulatorDir);
    // The emulators of one project id find each other through a "hub" file in the temporary folder; with the same
    // project id, another instance's emulator would export its users into this folder on exit. A temporary folder
    // of this data folder's own binds the emulator (and its export) to this instance.
    const emulatorTmp = path.join(dataDir, 'auth-emulator-tmp');
    mkdirSync(emulatorTmp, { recursive: true });
    log(`starting the Firebase Auth emulator on 127.0.0.1:${emulatorPort} (project ${projectId})`);
    const emulator = spawnChild('Auth emulator', bin('firebase'), emulatorArgs, { TMPDIR: emulatorTmp });
    await waitFor(`http://127.0.0.1:${emulatorPort}/`, emulator, 'Auth emulator');
    env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${emulatorPort}`;
    if (imported) await keepSessions(emulatorDir);
  }

  const server = spawnChild(
    'API server',
    path.join(root, 'dist/server/server/index.js'),
    [],
    { ...env, ...serverEnv },
    serverNodeFlags,
  );
  await waitFor(`http://127.0.0.1:${port}/api/healthz`, server, 'API server');
  log(`ready: http://localhost:${port}  (Ctrl-C stops everything)`);
}

main().catch((error) => {
  console.error(`[start] ${error.message}`);
  void shutdown(1);
});

#!/usr/bin/env node
// `npm start`: build the PWA and the API, start the Firebase Auth emulator (embedded default) and the API server,
// and stop everything on Ctrl-C. Plain JavaScript so it runs before anything is compiled.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
    socket.once('connect', () => { socket.destroy(); resolve(true); });
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
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${label} was not ready within ${timeoutMs / 1000} s (${url})`);
}

function spawnChild(label, cmd, cmdArgs, env, nodeFlags = []) {
  // Own process group, so we decide the shutdown order (API first, then the emulator exports its users).
  const child = spawn(process.execPath, [...nodeFlags, cmd, ...cmdArgs], {
    cwd: root, env: { ...process.env, ...env }, stdio: 'inherit', detached: true,
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
    try { process.kill(-child.pid, 'SIGINT'); } catch { /* already gone */ }
    const exited = new Promise((r) => child.once('exit', r));
    const timeout = new Promise((r) => setTimeout(r, 15_000, 'timeout'));
    if ((await Promise.race([exited, timeout])) === 'timeout') {
      try { process.kill(-child.pid, 'SIGKILL'); } catch { /* already gone */ }
    }
  }
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
  const env = { PORT: String(port), DATA_DIR: dataDir, FIREBASE_PROJECT_ID: projectId };

  if (startEmulator) {
    if (await portInUse(emulatorPort)) {
      throw new Error(`port ${emulatorPort} (Auth emulator) is in use; stop that process or set AUTH_EMULATOR_PORT`);
    }
    const emulatorDir = path.join(dataDir, 'auth-emulator');
    const configPath = path.join(dataDir, 'firebase.json');
    writeFileSync(configPath, JSON.stringify({
      emulators: { auth: { host: '127.0.0.1', port: emulatorPort }, ui: { enabled: false }, singleProjectMode: true },
    }, null, 2));
    const emulatorArgs = ['emulators:start', '--only', 'auth', '--project', projectId, '--config', configPath,
      '--export-on-exit', emulatorDir];
    // Users survive restarts: import the previous export when there is one.
    if (existsSync(path.join(emulatorDir, 'firebase-export-metadata.json'))) emulatorArgs.push('--import', emulatorDir);
    log(`starting the Firebase Auth emulator on 127.0.0.1:${emulatorPort} (project ${projectId})`);
    const emulator = spawnChild('Auth emulator', bin('firebase'), emulatorArgs, {});
    await waitFor(`http://127.0.0.1:${emulatorPort}/`, emulator, 'Auth emulator');
    env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${emulatorPort}`;
  }

  const server = spawnChild('API server', path.join(root, 'dist/server/server/index.js'), [], { ...env, ...serverEnv }, serverNodeFlags);
  await waitFor(`http://127.0.0.1:${port}/api/healthz`, server, 'API server');
  log(`ready: http://localhost:${port}  (Ctrl-C stops everything)`);
}

main().catch((error) => {
  console.error(`[start] ${error.message}`);
  void shutdown(1);
});

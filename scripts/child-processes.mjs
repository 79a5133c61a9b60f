// The processes a benchmark or check script starts (servers, the Auth emulator, a reference server): started from the
// project root, stopped on the way out, an unexpected exit reported under the script's prefix.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { waitFor } from './bench-support.mjs';

/**
 * `start(args, env, { label, detached, quiet })` runs `node ...args`; `stop(child, signal)` asks it to stop and kills it
 * after 10 s; `stopAll(signal)` stops every child still running (their exits are expected, so not reported);
 * `startAuthEmulator(...)` starts the Auth emulator and waits until it answers.
 */
export function childProcesses(cwd, prefix) {
  const children = new Set();
  let stopping = false;

  function start(args, env = {}, { label = 'process', detached = false, quiet = false } = {}) {
    const child = spawn(process.execPath, args, {
      cwd,
      env: { ...process.env, ...env },
      detached,
      stdio: ['ignore', quiet ? 'ignore' : 'inherit', quiet ? 'ignore' : 'inherit'],
    });
    children.add(child);
    child.on('exit', (code, signal) => {
      children.delete(child);
      if (!stopping && code !== 0) console.error(`[${prefix}] ${label} exited (${signal ?? code})`);
    });
    return child;
  }

  async function stop(child, signal = 'SIGINT') {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // The Firebase CLI starts the emulator as a grandchild: signal its whole process group.
    const send = (name) => {
      try {
        process.kill(child.spawnargs.includes('emulators:start') ? -child.pid : child.pid, name);
      } catch {
        /* gone */
      }
    };
    send(signal);
    const timer = setTimeout(() => send('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }

  async function stopAll(signal = 'SIGINT') {
    stopping = true;
    await Promise.all([...children].map((child) => stop(child, signal)));
    stopping = false; // the script may start a new set (one server per database kind)
  }

  /** The Firebase Auth emulator (the project's own CLI, `config` from writeAuthEmulatorConfig), once it answers. */
  async function startAuthEmulator({ projectId, config, port, env = {} }) {
    const child = start(
      [
        path.join(cwd, 'node_modules', '.bin', 'firebase'),
        'emulators:start',
        '--only',
        'auth',
        '--project',
        projectId,
        '--config',
        config,
      ],
      { CI: '1', ...env },
      { label: 'Auth emulator', detached: true, quiet: true },
    );
    const url = `http://127.0.0.1:${port}`;
    await waitFor(async () => (await fetch(`${url}/`)).ok, 'Auth emulator start');
    return { child, url };
  }

  return { start, stop, stopAll, startAuthEmulator };
}

/**
 * The product as `npm start` runs it (its own ports, data folder and emulator project, feeds off), for the scripts
 * that measure it in a browser. `start()` begins from an empty data folder and resolves once /api/healthz answers;
 * `stop()` stops the whole process group (server and Auth emulator).
 */
export function productServer({
  root,
  port,
  emulatorPort,
  dataDir,
  projectId,
  build = false,
  startTimeoutMs = 180_000,
  env = {},
}) {
  const baseUrl = `http://127.0.0.1:${port}`;
  let server = null;

  async function start() {
    rmSync(dataDir, { recursive: true, force: true });
    const args = [path.join(root, 'scripts', 'start.mjs'), ...(build ? [] : ['--no-build'])];
    server = spawn(process.execPath, args, {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        AUTH_EMULATOR_PORT: String(emulatorPort),
        DATA_DIR: dataDir,
        FIREBASE_PROJECT_ID: projectId,
        FEEDS_ENABLED: 'false',
        LOG_LEVEL: 'warn',
        ...env,
      },
    });
    const deadline = Date.now() + startTimeoutMs;
    while (Date.now() < deadline) {
      if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
      try {
        if ((await fetch(`${baseUrl}/api/healthz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(`the server did not start within ${Math.round(startTimeoutMs / 60_000)} minutes`);
  }

  async function stop() {
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    try {
      process.kill(-server.pid, 'SIGINT');
    } catch {
      return;
    }
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
  }

  return { start, stop };
}

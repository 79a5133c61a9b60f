import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

// Vitest globalSetup for the API project: one real Firebase Auth emulator for the whole run, on free ports,
// so it never collides with a developer's emulator on 9099 or with a parallel run.

export const testProjectId = 'demo-campus-jobs-test';

declare module 'vitest' {
  export interface ProvidedContext {
    /** host:port of the running Auth emulator, for FIREBASE_AUTH_EMULATOR_HOST. */
    authEmulatorHost: string;
    authEmulatorProjectId: string;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitUntilReady(
  url: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs = 90_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`Auth emulator exited with code ${child.exitCode} before it was ready:\n${output()}`);
    }
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  throw new Error(`Auth emulator not ready within ${timeoutMs / 1000} s:\n${output()}`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  // The CLI starts the emulator as a grandchild: signal the whole process group.
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // Already gone.
    }
  };
  signalGroup('SIGINT');
  const timedOut = await Promise.race([exited.then(() => false), new Promise((t) => setTimeout(t, 10_000, true))]);
  if (timedOut) {
    signalGroup('SIGKILL');
    await exited;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const workDir = mkdtempSync(join(tmpdir(), 'campus-jobs-auth-emulator-'));
  const [authPort, hubPort, loggingPort] = [await freePort(), await freePort(), await freePort()];
  const configPath = join(workDir, 'firebase.json');
  writeFileSync(
    configPath,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: authPort },
        hub: { host: '127.0.0.1', port: hubPort },
        logging: { host: '127.0.0.1', port: loggingPort },
        // The UI is downloaded on first use and startup fails offline.
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );

  const firebaseBin = resolve(project.config.root, 'node_modules', '.bin', 'firebase');
  let output = '';
  const child = spawn(
    process.execPath,
    [firebaseBin, 'emulators:start', '--only', 'auth', '--project', testProjectId, '--config', configPath],
    { cwd: workDir, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CI: '1' } },
  );
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  try {
    await waitUntilReady(`http://127.0.0.1:${authPort}/`, child, () => output);
  } catch (error) {
    await stop(child);
    rmSync(workDir, { recursive: true, force: true });
    throw error;
  }

  project.provide('authEmulatorHost', `127.0.0.1:${authPort}`);
  project.provide('authEmulatorProjectId', testProjectId);

  return async () => {
    await stop(child);
    rmSync(workDir, { recursive: true, force: true });
  };
}

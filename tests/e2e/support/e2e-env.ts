import { rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';

// One place for the browser tests' ports and folders, shared by playwright.config.ts and the specs.
// The suite can run on E2E_WORKERS Playwright workers, each against its own server: its own port and Auth emulator
// port (10 apart: the third-party stand-ins take the four ports after the app's, the emulator two after its own) and
// data folder. Each worker process reads its server from TEST_PARALLEL_INDEX (0 .. workers - 1, kept when a worker
// restarts after a failure). The default is one worker below four cores: on two, two workers took the suite from 29.3 to
// 24.4 min here, but each test ran ~1.6x slower (docs/decisions/036-test-suite-time.md).
const basePort = Number(process.env.E2E_PORT ?? 3100);
const baseEmulatorPort = Number(process.env.E2E_AUTH_EMULATOR_PORT ?? 9499);
const baseDataDir = path.resolve(process.env.E2E_DATA_DIR ?? '.data-test/e2e');

export const e2eWorkers = Math.max(1, Number(process.env.E2E_WORKERS ?? (availableParallelism() >= 4 ? 2 : 1)));

export type E2eServer = ReturnType<typeof e2eServer>;

/** The ports and folder of the server that worker `index` uses. */
export function e2eServer(index: number) {
  const port = basePort + index * 10;
  // The emulator takes its port and the next two (its hub and a reserved one).
  const emulatorPort = baseEmulatorPort + index * 10;
  const dataDir = index === 0 ? baseDataDir : `${baseDataDir}-${index}`;
  return {
    port,
    emulatorPort,
    dataDir,
    projectId: 'demo-campus-jobs-e2e',
    /** The operator of the moderation page (ADMIN_EMAILS of the browser tests' server). */
    operatorEmail: 'moderator@operators.example.edu',
    baseUrl: `http://127.0.0.1:${port}`,
    emulatorUrl: `http://127.0.0.1:${emulatorPort}`,
    chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  };
}

export const e2eServers = Array.from({ length: e2eWorkers }, (_, index) => e2eServer(index));

if (!process.env.E2E_DATA_DIR_READY) {
  // Fresh data on every run; the config module is evaluated in workers too, so only the first load cleans.
  for (const server of e2eServers) rmSync(server.dataDir, { recursive: true, force: true });
  process.env.E2E_DATA_DIR_READY = '1';
}

/** This worker's server (the first one in the config's own process). */
export const e2eEnv = e2eServer(Number(process.env.TEST_PARALLEL_INDEX ?? 0));

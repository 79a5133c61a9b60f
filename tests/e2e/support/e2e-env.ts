import { rmSync } from 'node:fs';
import path from 'node:path';

// One place for the browser tests' ports and folders, shared by playwright.config.ts and the specs.
const port = Number(process.env.E2E_PORT ?? 3100);
const emulatorPort = Number(process.env.E2E_AUTH_EMULATOR_PORT ?? 9499);
const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? '.data-test/e2e');

if (!process.env.E2E_DATA_DIR_READY) {
  // Fresh data on every run; the config module is evaluated in workers too, so only the first load cleans.
  rmSync(dataDir, { recursive: true, force: true });
  process.env.E2E_DATA_DIR_READY = '1';
}

export const e2eEnv = {
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

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Agent } from 'node:https';
import type { FastifyInstance } from 'fastify';
import webpush from 'web-push';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { type Env, loadEnv } from '../../src/server/env.ts';
import { openTestDatabase, type TestDatabase } from './test-database.ts';

// Builders for API tests: each takes overrides, so a test states only what matters to it.

/** One VAPID key pair per test process, so that no test app makes one in a data folder. */
const testVapidKeys = webpush.generateVAPIDKeys();

/** Environment variables as the server would read them, pointed at the test emulator. `undefined` removes one. */
export function buildEnvSource(overrides: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    FIREBASE_PROJECT_ID: inject('authEmulatorProjectId'),
    FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
    // Never used for the database (tests pass their own) and never created.
    DATA_DIR: join(tmpdir(), 'campus-jobs-test-unused-data-dir'),
    // A folder that does not exist: no client is served unless a test builds one.
    STATIC_DIR: join(tmpdir(), 'campus-jobs-test-no-client'),
    VAPID_PUBLIC_KEY: testVapidKeys.publicKey,
    VAPID_PRIVATE_KEY: testVapidKeys.privateKey,
    ...overrides,
  };
}

export function buildEnv(overrides: Record<string, string | undefined> = {}): Env {
  return loadEnv(buildEnvSource(overrides));
}

export async function buildTestApp({
  database,
  env = buildEnv(),
  adminToken,
  clock,
  pushAgent,
}: {
  database: DatabaseHandle;
  env?: Env;
  /** Trusts a local push endpoint (tests/api-setup/local-push-service.ts). */
  pushAgent?: Agent;
  /** Enables the loopback admin API (see routes/admin) with this bearer token. */
  adminToken?: string;
  /** A TestClock's `now`, for tests that move time instead of waiting. */
  clock?: () => number;
}): Promise<FastifyInstance> {
  const app = await buildApp({ env, database, adminToken, clock, pushAgent });
  await app.ready();
  return app;
}

export type TestAppContext = { readonly app: FastifyInstance; readonly testDatabase: TestDatabase };

/**
 * The usual setup of an API test file: a fresh test database and the app on it, built before the file's first test
 * (in a `beforeAll` registered here, so later hooks of the file can use them) and closed after its last one.
 * Read `app` and `testDatabase` from the returned object inside tests and hooks.
 */
export function setUpTestApp({
  env,
  adminToken,
}: {
  /** Overrides for buildEnv. */
  env?: Record<string, string | undefined>;
  adminToken?: string;
} = {}): TestAppContext {
  let started: { app: FastifyInstance; testDatabase: TestDatabase } | undefined;
  beforeAll(async () => {
    const testDatabase = await openTestDatabase();
    started = {
      testDatabase,
      app: await buildTestApp({ database: testDatabase.database, env: buildEnv(env), adminToken }),
    };
  });
  afterAll(async () => {
    await started?.app.close();
    await started?.testDatabase.dispose();
  });
  const current = () => {
    if (!started) throw new Error('setUpTestApp: the app exists only inside tests and hooks');
    return started;
  };
  return {
    get app() {
      return current().app;
    },
    get testDatabase() {
      return current().testDatabase;
    },
  };
}

export type StaticSite = { dir: string; remove(): void };

/** A stand-in for `vite build` output: the files whose caching and fallback rules matter. */
export function buildStaticSite(files: Record<string, string> = {}): StaticSite {
  const dir = mkdtempSync(join(tmpdir(), 'campus-jobs-client-'));
  const all: Record<string, string> = {
    'index.html':
      '<!doctype html><html><head><title>Campus Jobs</title></head><body><div id="root"></div></body></html>',
    'sw.js': 'self.addEventListener("install", () => self.skipWaiting())',
    'manifest.webmanifest': JSON.stringify({ name: 'Campus Jobs', start_url: '/' }),
    'assets/index-3f9a1c2b.js': `console.log(${JSON.stringify('x'.repeat(4000))})`,
    'icons/icon-192.png': 'not really a png',
    ...files,
  };
  for (const [path, content] of Object.entries(all)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

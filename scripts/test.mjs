#!/usr/bin/env node
// `npm test`: typecheck, lint, unit + API tests (vitest), build, browser tests (Playwright on Chromium).
// With TEST_DATABASE_URL set, the API suite runs a second time against that PostgreSQL server.
// Ends with one line: "<n> passed, <m> failed, <k> skipped", after the suites that did not run, each with its reason.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium } from './find-chromium.mjs';
import { createTally } from './test-reports.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const resultsDir = path.join(root, 'test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const tally = createTally(root);
const failures = [];
/** Suites that did not run at all, with the reason: a run without them must not look like a whole one. */
const notRun = [];

function step(label, cmd, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const result = spawnSync(process.execPath, [cmd, ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  // Each step's time, so that a slow CI run says where its minutes went.
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`=== ${label}: ${result.status === 0 ? 'done' : 'failed'} in ${seconds} s ===`);
  if (result.status !== 0) failures.push(label);
  return result.status === 0;
}

function countVitest(file, label) {
  if (!existsSync(file)) return false;
  tally.addVitest(JSON.parse(readFileSync(file, 'utf8')), label);
  return true;
}

function countPlaywright(file) {
  if (!existsSync(file)) return false;
  tally.addPlaywright(JSON.parse(readFileSync(file, 'utf8')));
  return true;
}

// A check that is not a test case still counts: one pass or one failure.
function check(label, cmd, args) {
  if (step(label, cmd, args)) tally.passed += 1;
  else tally.failed += 1;
}

check('Typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
check('Typecheck (service worker)', bin('tsc'), ['--noEmit', '-p', 'src/client/sw.tsconfig.json']);
check('Lint', bin('eslint'), ['.', '--max-warnings', '0']);
check('Format (Prettier)', bin('prettier'), ['--check', '.', '--log-level', 'warn']);

const vitestJson = path.join(resultsDir, 'vitest.json');
step(
  'Unit and API tests (PGlite)',
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile=${vitestJson}`],
  { TEST_DATABASE_URL: '' },
);
if (!countVitest(vitestJson, 'PGlite')) tally.failed += 1;

if (process.env.TEST_DATABASE_URL) {
  const pgJson = path.join(resultsDir, 'vitest-postgres.json');
  step(`API tests against PostgreSQL (${process.env.TEST_DATABASE_URL.replace(/\/\/[^@]*@/, '//')})`, bin('vitest'), [
    'run',
    '--project',
    'api',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${pgJson}`,
  ]);
  if (!countVitest(pgJson, 'PostgreSQL')) tally.failed += 1;
} else {
  notRun.push('PostgreSQL suite: not run, TEST_DATABASE_URL unset');
}

const chromium = findChromium();
if (!chromium) {
  console.error(
    '\nNo Chromium found for the browser tests. Install it with `apt-get install -y chromium` ' +
      '(Debian/Ubuntu) or set CHROMIUM_PATH to a Chrome/Chromium binary.',
  );
  failures.push('Browser tests (no Chromium)');
  notRun.push('Browser tests: not run, no Chromium');
  tally.failed += 1;
} else if (
  step('Build', bin('vite'), ['build', '--logLevel', 'warn']) &&
  step('Build API', bin('tsc'), ['-p', 'tsconfig.server.json'])
) {
  const pwJson = path.join(resultsDir, 'playwright.json');
  step('Browser tests (Playwright, Chromium)', bin('playwright'), ['test'], {
    CHROMIUM_PATH: chromium,
    PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
  });
  if (!countPlaywright(pwJson)) tally.failed += 1;
} else {
  tally.failed += 1;
}

// Several instances on one PostgreSQL database (docs/decisions/029-running-at-scale.md): two built API processes,
// a shared file store, SMTP server and Auth emulator; one check (it prints its own figures).
if (process.env.TEST_DATABASE_URL) {
  // Its temporary database is created on the server the PostgreSQL suite used.
  process.env.SCALE_CHECK_POSTGRES_URL ??= process.env.TEST_DATABASE_URL;
  check('Several instances (npm run scale:check, PostgreSQL)', path.join(root, 'scripts', 'scale-check.mjs'), []);
} else {
  notRun.push('Several-instance check: not run, TEST_DATABASE_URL unset (it needs PostgreSQL)');
}

const { passed, failed, skipped, skippedNames, failedTests } = tally;
if (skippedNames.length) console.log(`\nSkipped:\n${skippedNames.map((name) => `  ${name}`).join('\n')}`);
for (const suite of notRun) console.log(`\n${suite}`);
// Failures last, next to the closing line: a log cut to its end still shows them.
if (failedTests.length) {
  console.log(`\nFailed tests (the start of each error; the whole report is above):`);
  for (const failure of failedTests.slice(0, 20)) console.log(failure);
  if (failedTests.length > 20) console.log(`  and ${failedTests.length - 20} more`);
}
if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed === 0 && failures.length === 0 ? 0 : 1);

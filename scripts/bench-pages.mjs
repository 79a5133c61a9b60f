#!/usr/bin/env node
// `npm run bench:pages`: how fast pages load on a phone, ours against the product the spec came from.
//
// Builds if needed (skip with --no-build), starts our server (own ports and data folder, the real feed snapshots
// from ../shared/data imported) and, when ../shared/anchor is present, serves the anchor build as a single-page app.
// Runs Lighthouse (mobile preset: simulated slow 4G, CPU slowed 4x) on the Debian Chromium, ours and theirs
// interleaved, `--runs` times per page (default 5). Signed-in pages go through a real session from the Auth emulator:
// /dashboard and /jobs on a first visit (no service worker, nothing stored) and a repeat visit (service worker and
// Dexie filled by the first). Then, in the same signed-in browser with the CPU slowed 4x: a job detail opened from
// the board, and a repeat visit to /jobs with the network cut (timed to the first job card on screen, the shell's
// picture included, and to the app's own list). Prints one table; asserts nothing.
//
// The company portal's jobs, applicants and application pages (portal-jobs, portal-applicants, portal-application) in
// a browser of their own, signed in as the owner of an organization seeded with a job and 24 applications
// (scripts/bench-portal-seed.mjs), first visit and repeat visit like the student's pages.
//
// Options: --runs N, --pages home,sign-in,... (default: all; see `pageKeys`), --no-build, --no-anchor, --compare DIR
// --device mid-tier (instead of a fixed 4x, each run slows the CPU by the multiplier Lighthouse's calculator gives
// for the benchmark index measured in the browser right before it, so that every machine emulates the same phone;
// scripts/cpu-throttling.mjs; the index and the multiplier of each run are printed),
// (another build's output folder, the `dist` of another checkout: a second server serves it and its signed-in pages
// are measured in the same run, alternating with ours, so that both see the same machine).
// Env: CHROMIUM_PATH, BENCH_PORT (3410), BENCH_AUTH_EMULATOR_PORT (9810), BENCH_ANCHOR_PORT (4410),
// BENCH_COMPARE_AUTH_EMULATOR_PORT (the --compare build's Auth emulator: BENCH_AUTH_EMULATOR_PORT + 50; its server
// takes BENCH_PORT + 1; each emulator also holds the two ports after its own),
// BENCH_DATA_DIR (default /tmp/campus-jobs-bench-pages; emptied first), BENCH_PAGES_DETAILS=1 (per run: the longest
// tasks, the costliest scripts, the LCP element and the requests with their observed times), BENCH_PAGES_TRACE_DIR
// (each Lighthouse run's trace, with the JavaScript sampling profile, saved there for scripts/trace-long-tasks.mjs).
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGzip, gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { chromium } from 'playwright-core';
/* global window, document, MutationObserver, indexedDB, caches -- used in functions that run in the page */
import { browserBenchmarkIndex, midTierCpuMultiplier } from './cpu-throttling.mjs';
import { findChromium } from './find-chromium.mjs';
import { installKeystrokeProbe } from './keystroke-probe.mjs';
import { productServer } from './child-processes.mjs';
import { emailLink, seedPortal } from './bench-portal-seed.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const optionValue = (name) => {
  const index = argv.indexOf(name);
  return index === -1 ? undefined : argv[index + 1];
};
const runs = Number(optionValue('--runs') ?? 5);
const device = optionValue('--device') ?? 'default';
if (!['default', 'mid-tier'].includes(device)) throw new Error(`--device ${device}: use default or mid-tier`);
const build = !argv.includes('--no-build');
const port = Number(process.env.BENCH_PORT ?? 3410);
const emulatorPort = Number(process.env.BENCH_AUTH_EMULATOR_PORT ?? 9810);
const anchorPort = Number(process.env.BENCH_ANCHOR_PORT ?? 4410);
const projectId = 'demo-campus-jobs-bench';
const dataDir = path.resolve(process.env.BENCH_DATA_DIR ?? path.join(tmpdir(), 'campus-jobs-bench-pages'));
const baseUrl = `http://127.0.0.1:${port}`;
const anchorUrl = `http://127.0.0.1:${anchorPort}`;
const anchorDir = path.resolve(root, '..', 'shared', 'anchor', 'tailed-dashboard-56c15b5');
const sharedData = path.resolve(root, '..', 'shared', 'data');
const useAnchor = !argv.includes('--no-anchor') && existsSync(path.join(anchorDir, 'index.html'));
const compareDir = optionValue('--compare') ? path.resolve(optionValue('--compare')) : null;
if (compareDir && !existsSync(path.join(compareDir, 'client', 'index.html'))) {
  throw new Error(`--compare ${compareDir}: no client/index.html there (give the dist folder of another build)`);
}
const comparePort = port + 1;
const compareUrl = `http://127.0.0.1:${comparePort}`;
const compareEmulatorPort = Number(process.env.BENCH_COMPARE_AUTH_EMULATOR_PORT ?? emulatorPort + 50);
const compareDataDir = `${dataDir}-compare`;

/** Public pages (ours and theirs) and signed-in pages (ours only). */
const publicPages = {
  home: '/',
  'sign-in': '/sign-in',
  privacy: '/privacy',
  pricing: '/pricing',
  'jobs-signed-out': '/jobs',
};
const signedInPages = { dashboard: '/dashboard', jobs: '/jobs' };
/** The company portal, signed in as an organization's owner (scripts/bench-portal-seed.mjs gives their paths). */
const portalPages = ['portal-jobs', 'portal-applicants', 'portal-application'];
const pageKeys = [
  ...Object.keys(publicPages),
  ...Object.keys(signedInPages),
  ...portalPages,
  'job-detail',
  'keystroke',
  'offline',
];
const selected = (optionValue('--pages') ?? pageKeys.join(','))
  .split(',')
  .map((key) => key.trim())
  .filter(Boolean);
for (const key of selected)
  if (!pageKeys.includes(key)) throw new Error(`unknown page "${key}"; known: ${pageKeys.join(', ')}`);

/** Lighthouse's measure of the machine's speed, one sample per run: compares figures taken on different days. */
const machineSpeeds = [];
/** With --device mid-tier: each run's benchmark index measured before it and the CPU slowdown it gave. */
const calibrations = [];

/**
 * The CPU slowdown of the next measured run: 4x (Lighthouse's mobile preset) by default; with --device mid-tier, the
 * calculator's multiplier for the benchmark index the browser shows right now.
 */
async function cpuSlowdown(context) {
  if (device === 'default') return 4;
  const benchmarkIndex = await browserBenchmarkIndex(context);
  const multiplier = midTierCpuMultiplier(benchmarkIndex);
  calibrations.push({ benchmarkIndex, multiplier });
  log(`benchmark index ${benchmarkIndex}: CPU slowed ${multiplier}x`);
  return multiplier;
}
const slowdownLabel = () => (device === 'default' ? '4x CPU' : 'mid-tier CPU');
const log = (message) => console.log(`[bench:pages] ${message}`);

// ------------------------------------------------------------------------------------------------------- build

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function buildIfNeeded() {
  const pagesManifest = path.join(root, 'dist', 'pages', 'pages.json');
  const serverEntry = path.join(root, 'dist', 'server', 'server', 'index.js');
  const sources = Math.max(...['src', 'public'].map((dir) => newestMtime(path.join(root, dir))));
  const stale = !existsSync(pagesManifest) || !existsSync(serverEntry) || statSync(pagesManifest).mtimeMs < sources;
  if (!stale) return;
  for (const [label, args] of [
    [
      'building the web app',
      [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    ],
    ['building the API', [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.server.json']],
  ]) {
    log(`${label}...`);
    const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`${label} failed`);
  }
}

// ------------------------------------------------------------------------------------------------------ servers

const { start: startServer, stop: stopServer } = productServer({
  root,
  port,
  emulatorPort,
  dataDir,
  projectId,
  build: false,
  startTimeoutMs: 180_000,
});

/** The build given with --compare, served by a second instance of the product (its own ports and data). */
const compareServer = compareDir
  ? productServer({
      root,
      port: comparePort,
      emulatorPort: compareEmulatorPort,
      dataDir: compareDataDir,
      projectId,
      build: false,
      startTimeoutMs: 180_000,
      env: { STATIC_DIR: path.join(compareDir, 'client') },
    })
  : null;

/** The real feed snapshots (never committed) when present, so the board has real-world size. */
async function ingestFeeds(instanceDataDir) {
  const feeds = [
    ['internship', 'internships-current.json'],
    ['new-grad', 'new-grads-current.json'],
  ]
    .map(([type, file]) => ({ type, file: path.join(sharedData, file) }))
    .filter((feed) => existsSync(feed.file))
    .map((feed) => ({
      name: `bench-${feed.type}`,
      type: feed.type,
      records: JSON.parse(readFileSync(feed.file, 'utf8')),
    }));
  if (feeds.length === 0) return 'only the demo featured jobs (no ../shared/data)';
  const endpoint = JSON.parse(readFileSync(path.join(instanceDataDir, 'admin-token'), 'utf8'));
  const response = await fetch(`${endpoint.url}/api/admin/ingest`, {
    method: 'POST',
    headers: { authorization: `Bearer ${endpoint.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ sources: feeds }),
  });
  if (!response.ok) throw new Error(`ingest failed: ${response.status} ${await response.text()}`);
  return `${(await response.json()).board.jobs} jobs from ../shared/data`;
}

const contentTypes = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
};

/** The anchor build as a single-page app (unknown paths answer index.html), gzip for text, as a static host does. */
function startAnchor() {
  const anchor = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url, anchorUrl).pathname);
    let file = path.join(anchorDir, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(anchorDir) || !existsSync(file) || statSync(file).isDirectory())
      file = path.join(anchorDir, 'index.html');
    const type = contentTypes[path.extname(file)] ?? 'application/octet-stream';
    const text = /^(text|application\/(json|manifest)|image\/svg)/.test(type);
    const gzip = text && /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
    response.writeHead(200, {
      'content-type': type,
      'cache-control': file.includes(`${path.sep}assets${path.sep}`)
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
      ...(gzip ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}),
    });
    const stream = createReadStream(file);
    (gzip ? stream.pipe(createGzip()) : stream).pipe(response);
  });
  return new Promise((resolve) => anchor.listen(anchorPort, '127.0.0.1', () => resolve(anchor)));
}

// ---------------------------------------------------------------------------------------------- critical bytes

/**
 * JavaScript (gzip -9) the page's HTML asks for: module scripts and modulepreloads, plus, for our prerendered pages,
 * the ones their start-up script loads at the first interaction (reported apart: nothing is loaded before it).
 */
async function criticalScriptBytes(origin, pathname, staticDir) {
  const html = await (await fetch(`${origin}${pathname}`, { headers: { accept: 'text/html' } })).text();
  const gzipOf = async (url) => {
    const local = path.join(staticDir, new URL(url, origin).pathname);
    const body = existsSync(local)
      ? readFileSync(local)
      : Buffer.from(await (await fetch(new URL(url, origin))).arrayBuffer());
    return gzipSync(body, { level: 9 }).length;
  };
  const sum = async (urls) => (await Promise.all([...new Set(urls)].map(gzipOf))).reduce((a, b) => a + b, 0);
  const eager = [
    ...html.matchAll(/<script type="module"[^>]*\ssrc="([^"]+)"|<link rel="modulepreload"[^>]*\shref="([^"]+)"/g),
  ].map((match) => match[1] ?? match[2]);
  const startUp = /<div id="root" data-prerendered>/.test(html)
    ? [...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((match) => match[1])
    : [];
  return { eager: await sum(eager), atFirstInteraction: await sum(startUp) };
}

// --------------------------------------------------------------------------------------------------- lighthouse

const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const traceDir = process.env.BENCH_PAGES_TRACE_DIR ? path.resolve(process.env.BENCH_PAGES_TRACE_DIR) : null;
let traceCount = 0;

async function runLighthouse(url, chromePort, { keepStorage = false, label = '', cpuMultiplier = 4 } = {}) {
  const result = await lighthouse(url, {
    port: chromePort,
    throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuMultiplier },
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableStorageReset: keepStorage,
    // With a trace folder, the JavaScript sampling profile too, so a long task can be read function by function.
    ...(traceDir ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
  });
  const { lhr } = result;
  if (traceDir && result.artifacts?.Trace) {
    mkdirSync(traceDir, { recursive: true });
    traceCount += 1;
    const name = `${String(traceCount).padStart(2, '0')}-${label || new URL(url).pathname.replace(/\W+/g, '-')}.json`;
    writeFileSync(path.join(traceDir, name), JSON.stringify(result.artifacts.Trace));
    log(`trace: ${path.join(traceDir, name)} (read it with scripts/trace-long-tasks.mjs)`);
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (process.env.BENCH_PAGES_DETAILS) {
    // Where the main-thread time goes: the longest tasks and the scripts that cost the most.
    const tasks = (lhr.audits['long-tasks']?.details?.items ?? []).slice(0, 8);
    const scripts = (lhr.audits['bootup-time']?.details?.items ?? []).slice(0, 8);
    console.log(
      `  long tasks on ${url}: ${tasks.map((task) => `${Math.round(task.duration)} ms @${Math.round(task.startTime)} ${task.url}`).join('; ')}`,
    );
    console.log(`  script cost: ${scripts.map((item) => `${item.url} ${Math.round(item.scripting)} ms`).join('; ')}`);
    const lcpElement = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
    if (lcpElement) console.log(`  LCP element: ${lcpElement.snippet} (${lcpElement.selector})`);
    const shifts = (lhr.audits['layout-shifts']?.details?.items ?? []).slice(0, 5);
    if (shifts.length > 0) {
      console.log(
        `  layout shifts: ${shifts.map((item) => `${(item.score ?? 0).toFixed(3)} ${item.node?.selector ?? item.node?.snippet ?? '?'}`).join('; ')}`,
      );
    }
    // What the unthrottled load itself showed, from which the simulation above is computed.
    const observed = lhr.audits.metrics?.details?.items?.[0] ?? {};
    console.log(
      `  observed: FCP ${Math.round(observed.observedFirstContentfulPaint ?? Number.NaN)} ms, ` +
        `LCP ${Math.round(observed.observedLargestContentfulPaint ?? Number.NaN)} ms, ` +
        `load ${Math.round(observed.observedLoad ?? Number.NaN)} ms`,
    );
    const waterfall = (lhr.audits['network-requests']?.details?.items ?? [])
      .filter((item) => item.resourceType !== 'Image')
      .map(
        (item) =>
          `${Math.round(item.networkRequestTime ?? 0)}-${Math.round(item.networkEndTime ?? 0)} ms ` +
          `${item.url.replace(/^https?:\/\/[^/]+/, '')} ${Math.round((item.transferSize ?? 0) / 1024)} KB`,
      );
    console.log(`  requests (observed): ${waterfall.join('; ')}`);
  }
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  machineSpeeds.push({ benchmarkIndex: lhr.environment?.benchmarkIndex });
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scriptBytes = requests
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    jsBytes: scriptBytes,
    finalUrl: lhr.finalDisplayedUrl,
  };
}

// -------------------------------------------------------------------------------------------------- signed in

async function signIn(page, origin, authEmulatorPort) {
  const email = `bench.pages.${Date.now()}@students.example.edu`;
  await page.goto(`${origin}/sign-in?mode=email&redirectUrl=${encodeURIComponent('/account')}`);
  await page.getByLabel(/email/i).fill(email);
  await page.locator('form button[type="submit"]').click();
  await page.goto(await emailLink(authEmulatorPort, projectId, email));
  await page.waitForURL(/\/account$/, { timeout: 120_000 });
}

/** A first visit for a signed-in student: the session stays (Firebase's own database), everything else goes. */
async function forgetAllButSession(page, origin) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  await page.goto(`${origin}/privacy`);
  await page.evaluate(async () => {
    for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
    for (const key of await caches.keys()) await caches.delete(key);
    for (const database of await indexedDB.databases()) {
      if (database.name && database.name !== 'firebaseLocalStorageDb') indexedDB.deleteDatabase(database.name);
    }
  });
}

/** Waits until the service worker controls the origin and the board is stored, as after a real visit. */
async function settle(page, url) {
  await page.goto(url);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page
    .getByTestId('job-card')
    .first()
    .waitFor({ timeout: 60_000 })
    .catch(() => undefined);
  await page.waitForTimeout(1500);
}

/**
 * One signed-in page measured twice in the browser on `chromePort`: a first visit (everything but the session
 * forgotten), then, once `settlePage` has left the service worker and the stored data as a real visit would, a repeat
 * visit. Each run's CPU slowdown is taken right before it; traces are labelled by page and build.
 */
async function firstAndRepeatVisit(page, chromePort, { origin, url, key, who, run }, settlePage) {
  const context = page.context();
  const traceSuffix = who === 'ours' ? '' : '-compared';
  await forgetAllButSession(page, origin);
  await page.goto('about:blank');
  const first = await runLighthouse(url, chromePort, {
    keepStorage: true,
    label: `${key}-first${traceSuffix}`,
    cpuMultiplier: await cpuSlowdown(context),
  });
  await settlePage(page, url);
  await page.goto('about:blank');
  const repeat = await runLighthouse(url, chromePort, {
    keepStorage: true,
    label: `${key}-repeat${traceSuffix}`,
    cpuMultiplier: await cpuSlowdown(context),
  });
  log(
    `run ${run}/${runs} ${key} ${who}: first visit LCP ${seconds(first.lcp)} s (${first.finalUrl}), ` +
      `repeat LCP ${seconds(repeat.lcp)} s, TBT ${millis(first.tbt)} / ${millis(repeat.tbt)} ms`,
  );
  return { first, repeat };
}

/** Waits until the service worker controls the origin and the portal page has loaded its data, as after a real visit. */
async function settlePortal(page, url) {
  await page.goto(url);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
  await page.waitForTimeout(1500);
}

/**
 * Types a few searches into the board's search box, one character at a time with a pause between them as a person
 * types, and answers the keystroke probe's samples (scripts/keystroke-probe.mjs): each keystroke to the frame that
 * paints the result count of that query.
 */
async function typeInBoardSearch(page, url) {
  await page.goto(url);
  const search = page.getByTestId('job-search');
  await search.waitFor({ timeout: 60_000 });
  await page.getByTestId('job-card').first().waitFor({ timeout: 60_000 });
  const samples = [];
  for (const query of ['software', 'data']) {
    await search.fill('');
    await page.waitForTimeout(500);
    await page.evaluate(() => {
      window.__keystrokeSamples.length = 0;
    });
    await search.click();
    for (const character of query) {
      await page.keyboard.type(character);
      await page.waitForTimeout(300);
    }
    await page.waitForTimeout(500);
    samples.push(...(await page.evaluate(() => window.__keystrokeSamples.slice())));
  }
  return samples;
}

// Runs in the page: when the first job card appears (the signed-in shell's picture of the last cards, or the app's
// own once its page is shown), when the app's own list is on screen, and when the detail card appears, relative to
// navigation start.
function installPaintProbe() {
  window.__firstCardAt = null;
  window.__liveCardAt = null;
  window.__detailAt = null;
  new MutationObserver(() => {
    const shellShown = document.documentElement.hasAttribute('data-signed-in-shell');
    const live = !shellShown && document.querySelector('#root [data-testid="job-card"]');
    if (window.__liveCardAt === null && live) window.__liveCardAt = performance.now();
    if (window.__firstCardAt === null && (live || document.querySelector('#signed-in-shell [data-shell-filled] li'))) {
      window.__firstCardAt = performance.now();
    }
    if (window.__detailAt === null && document.querySelector('[data-testid="job-detail"] h1')) {
      window.__detailAt = performance.now();
    }
  }).observe(document, { subtree: true, childList: true });
}

// ------------------------------------------------------------------------------------------------------- table

const median = (values) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const seconds = (value) => (Number.isFinite(value) ? `${(value / 1000).toFixed(2)}` : '-');
const millis = (value) => (Number.isFinite(value) ? `${Math.round(value)}` : '-');
const plain = (value) => (Number.isFinite(value) ? `${Math.round(value)}` : '-');
const cls3 = (value) => (Number.isFinite(value) ? value.toFixed(3) : '-');
const kb = (value) => (Number.isFinite(value) ? `${(value / 1024).toFixed(0)}` : '-');

function cell(samples, field, format) {
  const values = samples.map((sample) => sample[field]).filter(Number.isFinite);
  if (values.length === 0) return '-';
  const low = Math.min(...values);
  const high = Math.max(...values);
  return values.length > 1 && format(low) !== format(high)
    ? `${format(median(values))} (${format(low)}-${format(high)})`
    : format(median(values));
}

function printTable(rows) {
  const header = ['page', 'who', 'score', 'FCP s', 'LCP s', 'TBT ms', 'CLS', 'JS KB'];
  const lines = rows.map(({ page, who, samples }) => [
    page,
    who,
    cell(samples, 'score', plain),
    cell(samples, 'fcp', seconds),
    cell(samples, 'lcp', seconds),
    cell(samples, 'tbt', millis),
    cell(samples, 'cls', cls3),
    cell(samples, 'jsBytes', kb),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
  const format = (line) => `| ${line.map((value, column) => value.padEnd(widths[column])).join(' | ')} |`;
  console.log(format(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const line of lines) console.log(format(line));
}

// -------------------------------------------------------------------------------------------------------- main

async function main() {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('no Chromium found: set CHROMIUM_PATH');
  if (build) buildIfNeeded();
  log(`starting our server on ${baseUrl}${useAnchor ? ` and the anchor on ${anchorUrl}` : ' (no anchor build found)'}`);
  await startServer();
  if (compareServer) {
    log(`starting the build to compare (${compareDir}) on ${compareUrl}`);
    await compareServer.start();
  }
  const anchor = useAnchor ? await startAnchor() : null;
  const results = new Map();
  const criticalBytes = [];
  const record = (page, who, sample) => {
    const key = `${page}\u0000${who}`;
    if (!results.has(key)) results.set(key, { page, who, samples: [] });
    results.get(key).samples.push(sample);
  };
  let chromeVersion = '';
  try {
    log(`board: ${await ingestFeeds(dataDir)}`);
    if (compareServer) log(`board of the compared build: ${await ingestFeeds(compareDataDir)}`);

    const publicSelected = Object.entries(publicPages).filter(([key]) => selected.includes(key));
    for (const [key, pathname] of publicSelected) {
      const ours = await criticalScriptBytes(baseUrl, pathname, path.join(root, 'dist', 'client'));
      const theirs = anchor ? await criticalScriptBytes(anchorUrl, pathname, anchorDir) : null;
      criticalBytes.push(
        `${key}: ours ${kb(ours.eager)} KB before any interaction` +
          `${ours.atFirstInteraction ? ` (+${kb(ours.atFirstInteraction)} KB at the first interaction)` : ''}` +
          `${theirs ? `, theirs ${kb(theirs.eager)} KB` : ''}`,
      );
    }
    if (publicSelected.length > 0) {
      const chrome = await chromeLauncher.launch({ chromePath: executablePath, chromeFlags });
      const browser = device === 'default' ? null : await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      try {
        for (let run = 1; run <= runs; run += 1) {
          for (const [key, pathname] of publicSelected) {
            for (const [who, origin] of [['ours', baseUrl], ...(anchor ? [['theirs', anchorUrl]] : [])]) {
              const cpuMultiplier = browser ? await cpuSlowdown(browser.contexts()[0]) : 4;
              const sample = await runLighthouse(`${origin}${pathname}`, chrome.port, { cpuMultiplier });
              record(key, who, sample);
              log(
                `run ${run}/${runs} ${key} ${who}: score ${sample.score}, FCP ${seconds(sample.fcp)} s, LCP ${seconds(sample.lcp)} s, ` +
                  `TBT ${millis(sample.tbt)} ms, CLS ${cls3(sample.cls)}, JS ${kb(sample.jsBytes)} KB`,
              );
            }
          }
        }
      } finally {
        await browser?.close().catch(() => undefined);
        await chrome.kill();
      }
    }

    const portalSelected = portalPages.filter((key) => selected.includes(key));
    if (portalSelected.length > 0) {
      // Its own browser: the owner's session replaces the student's on the origin.
      const chrome = await chromeLauncher.launch({ chromePath: executablePath, chromeFlags });
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      try {
        chromeVersion = browser.version();
        const context = browser.contexts()[0];
        const page = context.pages()[0] ?? (await context.newPage());
        const servers = [
          ['ours', baseUrl, port, dataDir, emulatorPort],
          ...(compareServer ? [['compared build', compareUrl, comparePort, compareDataDir, compareEmulatorPort]] : []),
        ];
        const paths = new Map();
        for (const [who, origin, serverPort, serverDataDir, serverEmulatorPort] of servers) {
          const seeded = await seedPortal({
            root,
            page,
            origin,
            port: serverPort,
            dataDir: serverDataDir,
            emulatorPort: serverEmulatorPort,
            projectId,
          });
          paths.set(who, seeded);
        }
        log('portal seeded: an organization, its owner signed in, a job and 24 applications');
        for (let run = 1; run <= runs; run += 1) {
          for (const key of portalSelected) {
            const ordered = run % 2 === 0 ? [...servers].reverse() : servers;
            for (const [who, origin] of ordered) {
              const url = `${origin}${paths.get(who)[key]}`;
              const visits = await firstAndRepeatVisit(page, chrome.port, { origin, url, key, who, run }, settlePortal);
              record(key, `${who}, first visit`, visits.first);
              record(key, `${who}, repeat visit`, visits.repeat);
            }
          }
        }
      } finally {
        await browser.close().catch(() => undefined);
        await chrome.kill();
      }
    }

    const signedInSelected = Object.entries(signedInPages).filter(([key]) => selected.includes(key));
    const wantsDetail = selected.includes('job-detail');
    const wantsKeystroke = selected.includes('keystroke');
    const wantsOffline = selected.includes('offline');
    if (signedInSelected.length > 0 || wantsDetail || wantsKeystroke || wantsOffline) {
      const chrome = await chromeLauncher.launch({ chromePath: executablePath, chromeFlags });
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      try {
        chromeVersion = browser.version();
        const context = browser.contexts()[0];
        const page = context.pages()[0] ?? (await context.newPage());
        await signIn(page, baseUrl, emulatorPort);
        if (compareServer) await signIn(page, compareUrl, compareEmulatorPort);
        log('signed in through the Auth emulator');
        const builds = [['ours', baseUrl], ...(compareServer ? [['compared build', compareUrl]] : [])];
        for (let run = 1; run <= runs; run += 1) {
          for (const [key, pathname] of signedInSelected) {
            // The compared build goes first every other run, so neither always follows the other.
            for (const [who, origin] of run % 2 === 0 ? [...builds].reverse() : builds) {
              const url = `${origin}${pathname}`;
              const visits = await firstAndRepeatVisit(page, chrome.port, { origin, url, key, who, run }, settle);
              record(key, `${who}, first visit`, visits.first);
              record(key, `${who}, repeat visit`, visits.repeat);
            }
          }
        }

        if (wantsDetail || wantsKeystroke || wantsOffline) {
          const cdp = await context.newCDPSession(page);
          // Each run's slowdown is set right before it (the benchmark itself runs unthrottled, in another page).
          const slowDown = async () => cdp.send('Emulation.setCPUThrottlingRate', { rate: await cpuSlowdown(context) });
          const slowness = slowdownLabel();
          await page.addInitScript(installPaintProbe);
          await page.addInitScript(installKeystrokeProbe);
          await settle(page, `${baseUrl}/jobs`);
          for (let run = 1; run <= runs && wantsDetail; run += 1) {
            await slowDown();
            await page.goto(`${baseUrl}/jobs`);
            const link = page.locator('[data-testid="job-card"][data-featured] h3 a').first();
            await link.waitFor({ timeout: 60_000 });
            const clickedAt = await page.evaluate(() => performance.now());
            await link.click();
            await page.waitForFunction(() => window.__detailAt !== null, null, { timeout: 30_000 });
            const detailMs = (await page.evaluate(() => window.__detailAt)) - clickedAt;
            record('job-detail', `ours, from the board (${slowness})`, { lcp: detailMs });
            log(`run ${run}/${runs} job detail shown ${millis(detailMs)} ms after the click`);
          }
          for (let run = 1; run <= runs && wantsKeystroke; run += 1) {
            await slowDown();
            const samples = await typeInBoardSearch(page, `${baseUrl}/jobs`);
            for (const sample of samples) {
              record('keystroke', `ours, keystroke -> results painted (${slowness})`, { lcp: sample.frameMs });
            }
            log(
              `run ${run}/${runs} keystrokes: ${samples.map((sample) => `${JSON.stringify(sample.query)} ${millis(sample.frameMs)} ms`).join(', ')}`,
            );
          }
          if (wantsOffline) {
            await slowDown();
            await settle(page, `${baseUrl}/jobs`);
            await context.setOffline(true);
            await stopServer(); // nothing answers any more, the service worker's requests included
            for (let run = 1; run <= runs; run += 1) {
              await page.goto(`${baseUrl}/jobs`);
              await page.waitForFunction(() => window.__liveCardAt !== null, null, { timeout: 30_000 });
              const [paintedMs, liveMs] = await page.evaluate(() => [window.__firstCardAt, window.__liveCardAt]);
              record('offline', `ours, repeat visit, network cut (${slowness})`, { lcp: paintedMs });
              record('offline', `ours, the same, the app's own list (${slowness})`, { lcp: liveMs });
              log(
                `run ${run}/${runs} offline: first job card ${millis(paintedMs)} ms after navigation start, ` +
                  `the app's own list ${millis(liveMs)} ms`,
              );
            }
          }
        }
      } finally {
        await browser.close().catch(() => undefined);
        await chrome.kill();
      }
    }
  } finally {
    await stopServer();
    await compareServer?.stop();
    anchor?.close();
  }

  console.log('');
  console.log(
    `Lighthouse ${JSON.parse(readFileSync(path.join(root, 'node_modules', 'lighthouse', 'package.json'), 'utf8')).version}` +
      ` mobile preset (simulated slow 4G, ${device === 'default' ? '4x CPU' : "CPU slowed to Lighthouse's mid-tier phone"}), ${runs} run(s) per page, median (range)` +
      `${chromeVersion ? `, Chromium ${chromeVersion}` : ''}`,
  );
  console.log(
    `machine: ${cpus().length} CPUs, load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' / ')}`,
  );
  if (machineSpeeds.length > 0) {
    console.log(
      `Lighthouse benchmark index (this machine's speed at the time, higher is faster; blocking times scale with ` +
        `its inverse), median (range): ${cell(machineSpeeds, 'benchmarkIndex', plain)}`,
    );
  }
  if (calibrations.length > 0) {
    console.log(
      `--device mid-tier: benchmark index before each run ${cell(calibrations, 'benchmarkIndex', plain)}, ` +
        `CPU slowdown ${cell(calibrations, 'multiplier', (value) => `${value.toFixed(1)}x`)}`,
    );
  }
  console.log('JS KB: script bytes transferred during the measured load (brotli for ours, gzip for theirs).');
  console.log(
    'job-detail, keystroke and offline rows: the LCP column is the time from the click / keystroke / navigation start ' +
      'to the content painted (keystroke: the result count showing that query, at the next frame).',
  );
  console.log('');
  printTable([...results.values()]);
  if (criticalBytes.length > 0) {
    console.log('');
    console.log('Critical-path JavaScript (gzip -9 of the scripts the HTML loads):');
    for (const line of criticalBytes) console.log(`  ${line}`);
  }
}

try {
  await main();
} catch (error) {
  console.error(`[bench:pages] ${error instanceof Error ? error.stack : String(error)}`);
  process.exitCode = 1;
  await stopServer();
  await compareServer?.stop();
}

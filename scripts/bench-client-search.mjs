#!/usr/bin/env node
// `npm run bench:client`: how fast the job board answers a keystroke once the whole board is on the device.
//
// Builds the app (skip with --no-build), starts the real server on its own ports and data folder, imports 20,000
// listings (the real feed snapshots in ../shared/data scaled up when present, generated ones of the same shape
// otherwise), opens /jobs in Chromium with the CPU slowed 4x through the DevTools protocol, waits until the board is
// searched locally, then types queries one character at a time and measures, inside the page, from each keydown to
// the result count showing that query's result (DOM updated) and to the next frame. Also prints the bytes of the
// first request (the first 20 cards) against the whole-board snapshot. Prints figures; asserts nothing.
//
// Options: --no-build, --listings N (default 20000), --cpu N (default 4), --profile FILE (writes a CPU profile of the
// plain-text typing, for Chromium DevTools or a script; build with `vite build --minify false` to read names). Env: CHROMIUM_PATH, BENCH_PORT,
// BENCH_AUTH_EMULATOR_PORT, BENCH_DATA_DIR (default .data-test/bench-client; emptied first), STATIC_DIR (with
// --no-build: a client built elsewhere).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
/* global window -- used inside functions that run in the page */
import { findChromium } from './find-chromium.mjs';
import { productServer } from './child-processes.mjs';
import { installKeystrokeProbe } from './keystroke-probe.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const index = argv.indexOf(name);
  return index === -1 ? fallback : Number(argv[index + 1]);
};
const listingCount = option('--listings', 20_000);
const cpuRate = option('--cpu', 4);
const build = !argv.includes('--no-build');
const profileFile = argv.includes('--profile') ? argv[argv.indexOf('--profile') + 1] : null;
const port = Number(process.env.BENCH_PORT ?? 3190);
const emulatorPort = Number(process.env.BENCH_AUTH_EMULATOR_PORT ?? 9590);
const projectId = 'demo-campus-jobs-bench';
const dataDir = process.env.BENCH_DATA_DIR
  ? path.resolve(process.env.BENCH_DATA_DIR)
  : path.join(root, '.data-test', 'bench-client');
const baseUrl = `http://127.0.0.1:${port}`;
const sharedData = path.resolve(root, '..', 'shared', 'data');

// Typed one character at a time; every prefix is one sample. Plain words take the substring path of the search,
// the last query the regular-expression path (RE2), reported apart.
const plainQueries = ['software engineer', 'data scientist', 'toronto'];
const regexQueries = ['^(senior|staff) eng', 'intern.*(ml|ai)'];
const keystrokeGapMs = 250;

const log = (message) => console.log(`[bench:client] ${message}`);

// ---------------------------------------------------------------------------------------------------------- data

/** The real feed snapshots when present (bench only: never committed), cloned with fresh ids up to `count`. */
function loadListings(count) {
  const files = [
    ['internship', 'internships-current.json'],
    ['new-grad', 'new-grads-current.json'],
  ];
  const real = files.map(([type, file]) => {
    const full = path.join(sharedData, file);
    return { type, records: existsSync(full) ? JSON.parse(readFileSync(full, 'utf8')) : [] };
  });
  const usable = real.some((feed) => feed.records.length > 0);
  const source = usable ? `../shared/data scaled to ${count}` : `${count} generated`;
  const feeds = real.map((feed) => ({ type: feed.type, records: [] }));
  let n = 0;
  while (n < count) {
    const feed = feeds[n % 2];
    const template = usable ? pick(real[n % 2].records, Math.floor(n / 2)) : generated(n);
    const round = Math.floor(n / 2 / Math.max(1, real[n % 2].records.length));
    feed.records.push({
      ...template,
      id: `bench-${n}`,
      title: round === 0 ? template.title : `${template.title} (${round + 1})`,
      active: true,
      date_posted: (template.date_posted ?? 1_760_000_000) - round * 86_400,
    });
    n += 1;
  }
  return { source, feeds };
}

function pick(records, index) {
  return records.length > 0 ? records[index % records.length] : generated(index);
}

const words = ['Software', 'Data', 'Machine Learning', 'Backend', 'Frontend', 'Embedded', 'Security', 'Product'];
const roles = ['Engineer', 'Scientist', 'Analyst', 'Developer', 'Intern', 'Engineer Intern'];
const places = [
  'Toronto, ON, Canada',
  'New York, NY',
  'Seattle, WA',
  'Austin, TX',
  'Montreal, QC, Canada',
  'San Francisco, CA',
  'Remote in USA',
  'Vancouver, BC, Canada',
  'Boston, MA',
  'Chicago, IL',
];

function generated(i) {
  return {
    id: `gen-${i}`,
    title: `${['', 'Senior ', 'Staff '][i % 3]}${words[i % words.length]} ${roles[i % roles.length]}`,
    company_name: `Company ${i % 1500}`,
    locations: [places[i % places.length], ...(i % 4 === 0 ? [places[(i + 3) % places.length]] : [])],
    category: words[i % words.length],
    terms: ['Summer 2026'],
    degrees: ['Bachelor'],
    date_posted: 1_760_000_000 - i * 60,
    url: `https://jobs.example.com/${i}`,
    active: true,
  };
}

// -------------------------------------------------------------------------------------------------------- server

const { start: startServer, stop: stopServer } = productServer({
  root,
  port,
  emulatorPort,
  dataDir,
  projectId,
  build: build,
  startTimeoutMs: 300_000,
});

async function ingest({ feeds }) {
  const endpoint = JSON.parse(readFileSync(path.join(dataDir, 'admin-token'), 'utf8'));
  const res = await fetch(`${endpoint.url}/api/admin/ingest`, {
    method: 'POST',
    headers: { authorization: `Bearer ${endpoint.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ sources: feeds.map((feed) => ({ name: `bench-${feed.type}`, ...feed })) }),
  });
  if (!res.ok) throw new Error(`ingest failed: ${res.status} ${await res.text()}`);
  const report = await res.json();
  return report.board.jobs;
}

// ------------------------------------------------------------------------------------------------------- browser

async function signInTo(page, redirectUrl) {
  const email = `bench.${Date.now()}@students.example.edu`;
  await page.goto(`${baseUrl}/sign-in?redirectUrl=${encodeURIComponent(redirectUrl)}`);
  await page.getByRole('button', { name: 'Continue with Email' }).click();
  await page.getByLabel(/email/i).fill(email);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByText('Check your email for the login link').first().waitFor();
  let link;
  for (let attempt = 0; attempt < 100 && !link; attempt += 1) {
    const res = await fetch(`http://127.0.0.1:${emulatorPort}/emulator/v1/projects/${projectId}/oobCodes`);
    link = ((await res.json()).oobCodes ?? []).filter((code) => code.email === email).at(-1)?.oobLink;
    if (!link) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!link) throw new Error('no sign-in link from the Auth emulator');
  return link;
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const ms = (value) => `${value.toFixed(1)} ms`;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

async function typeQueries(page, queries) {
  const search = page.getByTestId('job-search');
  const samples = [];
  for (const query of queries) {
    await search.fill('');
    await page.waitForTimeout(500);
    await page.evaluate(() => {
      window.__keystrokeSamples.length = 0;
    });
    await search.click();
    for (const character of query) {
      await page.keyboard.type(character);
      await page.waitForTimeout(keystrokeGapMs);
    }
    await page.waitForTimeout(500);
    samples.push(...(await page.evaluate(() => window.__keystrokeSamples.slice())));
  }
  return samples;
}

function summary(label, samples) {
  const dom = samples.map((sample) => sample.domMs);
  const frame = samples.map((sample) => sample.frameMs);
  console.log(
    `  ${label.padEnd(34)} n=${String(samples.length).padStart(3)}  results updated: median ${ms(percentile(dom, 50))}, ` +
      `p95 ${ms(percentile(dom, 95))}, max ${ms(Math.max(...dom))}  |  next frame: median ${ms(percentile(frame, 50))}, ` +
      `p95 ${ms(percentile(frame, 95))}`,
  );
}

async function main() {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('no Chromium found: set CHROMIUM_PATH');
  const listings = loadListings(listingCount);
  log(`starting the server${build ? ' (building first)' : ''} on ${baseUrl}`);
  await startServer();
  const boardSize = await ingest(listings);
  log(`board: ${boardSize} jobs (${listings.source}, plus the demo featured jobs)`);

  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    // No service worker: on a first visit none controls the page yet (and Playwright cannot size what one answers).
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    // Signing in lands on a page without a job list, so nothing has downloaded the board before /jobs opens.
    const link = await signInTo(page, '/account');
    await page.goto(link);
    await page.waitForURL(/\/account$/, { timeout: 120_000 });
    const transfers = [];
    page.on('requestfinished', async (request) => {
      const url = new URL(request.url());
      if (!url.pathname.startsWith('/api/public/board')) return;
      const sizes = await request.sizes().catch(() => null);
      const response = await request.response();
      // The snapshot is downloaded by the board's worker, whose response bodies the page cannot read: its decoded
      // size then comes from asking for it again (the route is public and answers the same JSON).
      const body =
        (await response?.body().catch(() => null)) ??
        (await fetch(request.url())
          .then(async (answer) => Buffer.from(await answer.arrayBuffer()))
          .catch(() => null));
      transfers.push({
        path: `${url.pathname}${url.search}`,
        at: Date.now(),
        transferred: sizes ? sizes.responseBodySize : Number.NaN,
        decoded: body?.length ?? Number.NaN,
        encoding: response?.headers()['content-encoding'] ?? 'identity',
      });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
    await page.addInitScript(installKeystrokeProbe);

    const start = Date.now();
    await page.goto(`${baseUrl}/jobs`);
    await page.getByTestId('job-card').first().waitFor({ timeout: 120_000 });
    const firstCardsMs = Date.now() - start;
    const countLocator = page.locator('[data-testid="job-results-count"][data-source="local"]');
    await countLocator.waitFor({ timeout: 300_000 });
    const localMs = Date.now() - start;
    await page.waitForTimeout(1500); // let the Dexie write settle before measuring

    console.log('');
    console.log(`Client search benchmark: ${boardSize} jobs, Chromium ${browser.version()}, CPU slowed ${cpuRate}x`);
    // Other work on the machine inflates every figure (and CPU throttling multiplies the waiting): say how busy it was.
    console.log(
      `  machine: ${cpus().length} CPUs, load average ${loadavg()
        .map((value) => value.toFixed(1))
        .join(' / ')}`,
    );
    const first = transfers.find((transfer) => !transfer.path.startsWith('/api/public/board/snapshot'));
    const snapshot = transfers.find((transfer) => transfer.path.startsWith('/api/public/board/snapshot'));
    if (first) {
      console.log(
        `  first request ${first.path}: ${kb(first.transferred)} transferred (${kb(first.decoded)} JSON, ${first.encoding})`,
      );
    }
    if (snapshot) {
      console.log(
        `  snapshot ${snapshot.path}: ${kb(snapshot.transferred)} transferred (${kb(snapshot.decoded)} JSON, ${snapshot.encoding})`,
      );
    }
    console.log(`  first cards on screen ${firstCardsMs} ms after opening /jobs (signed in, nothing stored yet)`);
    console.log(
      `  board searched locally ${localMs} ms after opening /jobs (snapshot downloaded, validated and indexed)`,
    );

    await page.evaluate(() => window.scrollTo(0, 0));
    if (profileFile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    const plain = await typeQueries(page, plainQueries);
    if (profileFile) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(profileFile, JSON.stringify(profile));
      log(`CPU profile of the plain-text typing written to ${profileFile}`);
    }
    const regex = await typeQueries(page, regexQueries);
    console.log('  keystroke -> updated results (goal <= 50 ms):');
    summary(`plain text (${plainQueries.join(', ')})`, plain);
    summary(`regular expressions (${regexQueries.join(', ')})`, regex);
    summary('all keystrokes', [...plain, ...regex]);
    const slowest = [...plain, ...regex].sort((a, b) => b.domMs - a.domMs).slice(0, 6);
    console.log(
      `  slowest: ${slowest.map((sample) => `${JSON.stringify(sample.query)} ${ms(sample.domMs)}`).join(', ')}`,
    );
    console.log(
      `  machine load average after typing: ${loadavg()
        .map((value) => value.toFixed(1))
        .join(' / ')}`,
    );
  } finally {
    await browser.close();
  }
}

try {
  await main();
} catch (error) {
  console.error(`[bench:client] ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await stopServer();
}

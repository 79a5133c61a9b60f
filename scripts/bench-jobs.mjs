#!/usr/bin/env node
// `npm run bench:jobs`: the job board API under load, on this machine.
// Builds the API, starts it (with the V8 flags of `npm start`, scripts/server-node-flags.mjs) on a temporary
// DATA_DIR with the embedded PGlite, loads 20,000 listings through `npm run ingest`'s command, then measures with
// autocannon (100 connections): a filtered, searched page of 20 (cached after its first answer); 2,000 different
// queries in rotation (each one misses the page cache, and the text-search cache holds 50 of its 100 searches),
// plain and then brotli-compressed as browsers ask;
// and a plain node:http hello-world server in the same run, so the figures compare across machines. Then the same
// against PostgreSQL (a temporary database) with `--postgres [url]` or when DATABASE_URL / BENCH_DATABASE_URL is
// set (default url postgres://postgres@127.0.0.1:5432/test). Each backend ends with the time a server takes to stop
// while its feed downloads hang (the schedule cancels them). Ends with a summary of both.
// Settings: BENCH_DURATION (seconds per run, default 10), BENCH_CONNECTIONS (100), BENCH_LISTINGS (20000),
// BENCH_NODE_OPTIONS (V8 flags for the API server instead of the default ones), BENCH_SERVER_DIR (a compiled
// server other than dist/server, not rebuilt), BENCH_PORT (the API server's port, the hello-world server's next; default
// free ones); `--log-level LEVEL` (the API server's LOG_LEVEL, default warn). LOG_REQUESTS reaches the API server.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  benchVapidEnv,
  freePort,
  memoryOf,
  rotatingQueries,
  sampleRecords,
  scaleTo,
  waitFor,
} from './bench-support.mjs';
import { childProcesses } from './child-processes.mjs';
import { ensureServerBuild } from './ensure-server-build.mjs';
import { serverEnv as serverProcessEnv, serverNodeFlags } from './server-node-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const listingCount = Number(process.env.BENCH_LISTINGS ?? 20_000);
const goals = { p99Ms: 20, requestsPerSecond: 2000, rssMb: 300 };
const log = (message) => console.log(`[bench] ${message}`);

// The board's total counts cards (postings of one job make one card): the snapshot holds every posting.
async function postingCount(base) {
  const response = await fetch(`${base}/api/public/board/snapshot`).catch(() => null);
  if (!response?.ok) return 0;
  return (await response.json()).jobs.length;
}
// autocannon schedules its own timers with a negative delay at the end of a run; Node's warning about it is noise.
process.removeAllListeners('warning');
process.on('warning', (warning) => {
  if (warning.name !== 'TimeoutNegativeWarning') console.warn(warning);
});

// ---------------------------------------------------------------------------------------------- build

const serverDir = process.env.BENCH_SERVER_DIR
  ? path.resolve(process.env.BENCH_SERVER_DIR)
  : path.join(root, 'dist', 'server');
const serverEntry = path.join(serverDir, 'server', 'index.js');
const ingestEntry = path.join(serverDir, 'server', 'cli', 'ingest.js');
if (!process.env.BENCH_SERVER_DIR) ensureServerBuild(root, ingestEntry, log);

// ---------------------------------------------------------------------------------------------- data

// ---------------------------------------------------------------------------------------------- processes

const processes = childProcesses(root, 'bench');
const startProcess = (args, env, label) => processes.start(args, env, { label });
const stopAll = () => processes.stopAll('SIGTERM');

async function measure(label, options) {
  // A short warm-up (JIT, caches, connections), then the measured run.
  await autocannon({ ...options, connections, duration: Math.min(2, duration) });
  const result = await autocannon({ ...options, connections, duration });
  const errors = result.errors + result.timeouts + result.non2xx;
  // Also printed now: a later step that fails (the restart) must not lose the figures measured before it.
  log(`${label}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ${errors} errors`);
  return {
    label,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors,
    total: result.requests.total,
  };
}

/**
 * Seconds from SIGTERM to exit of a server whose two feed downloads are in progress and never answered, and its exit
 * code. A figure to watch, not a test: the API test checks that shutdown cancels the download.
 */
async function shutdownDuringHangingDownloads(serverArgs, serverEnv) {
  let downloads = 0;
  const feedHost = createServer(() => void (downloads += 1)); // never answers
  await new Promise((resolve) => feedHost.listen(0, '127.0.0.1', resolve));
  const feedUrl = `http://127.0.0.1:${feedHost.address().port}`;
  try {
    const server = startProcess(
      serverArgs,
      {
        ...serverEnv,
        FEEDS_ENABLED: 'true',
        FEED_INTERNSHIPS_URL: `${feedUrl}/internships.json`,
        FEED_NEW_GRADS_URL: `${feedUrl}/new-grads.json`,
      },
      'API server (hanging feeds)',
    );
    await waitFor(() => downloads >= 2, 'both feed downloads in progress');
    const exited = new Promise((resolve) => server.once('exit', (code) => resolve(code)));
    const started = performance.now();
    server.kill('SIGTERM');
    const code = await exited;
    return { seconds: (performance.now() - started) / 1000, code };
  } finally {
    feedHost.closeAllConnections();
    await new Promise((resolve) => feedHost.close(resolve));
  }
}

// ---------------------------------------------------------------------------------------------- main

const workDir = mkdtempSync(path.join(tmpdir(), 'campus-jobs-bench-'));
const argv = process.argv.slice(2);
const postgresFlag = argv.indexOf('--postgres');
const postgresUrl =
  postgresFlag >= 0
    ? ((argv[postgresFlag + 1] && !argv[postgresFlag + 1].startsWith('--') ? argv[postgresFlag + 1] : null) ??
      process.env.BENCH_DATABASE_URL ??
      process.env.DATABASE_URL ??
      'postgres://postgres@127.0.0.1:5432/test')
    : process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || null;
// `--log-level info` runs the API server at that LOG_LEVEL (default warn): at info, the default, it writes one line per
// request (LOG_REQUESTS) to this script's output, as a server writes them to its log collector.
const logLevelFlag = argv.indexOf('--log-level');
const serverLogLevel = logLevelFlag >= 0 ? (argv[logLevelFlag + 1] ?? 'warn') : 'warn';
// BENCH_NODE_OPTIONS: V8 flags for the API server instead of the default ones, to compare memory settings.
const nodeFlags =
  process.env.BENCH_NODE_OPTIONS !== undefined
    ? process.env.BENCH_NODE_OPTIONS.split(' ').filter(Boolean)
    : serverNodeFlags;

async function withAdmin(adminDatabaseUrl, work) {
  const client = new pg.Client({ connectionString: adminDatabaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** One database backend: start, ingest, measure, restart, measure. Returns the figures for the summary. */
async function benchBackend(label, adminDatabaseUrl, files) {
  const benchDatabaseName = `campus_jobs_bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  let databaseUrl = null;
  if (adminDatabaseUrl) {
    await withAdmin(adminDatabaseUrl, (client) => client.query(`create database "${benchDatabaseName}"`));
    const url = new URL(adminDatabaseUrl);
    url.pathname = `/${benchDatabaseName}`;
    databaseUrl = url.toString();
  }
  try {
    return await benchServer(label, databaseUrl, files);
  } finally {
    await stopAll();
    if (databaseUrl) {
      await withAdmin(adminDatabaseUrl, (client) =>
        client.query(`drop database if exists "${benchDatabaseName}" with (force)`),
      ).catch(() => {});
    }
  }
}

async function benchServer(label, databaseUrl, { internshipsFile, newGradsFile }) {
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
  const dataDir = path.join(workDir, `data-${label}`);
  const serverEnv = {
    ...serverProcessEnv,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    ...(databaseUrl ? benchVapidEnv() : {}),
    FIREBASE_PROJECT_ID: 'campus-jobs-bench',
    FIREBASE_API_KEY: 'bench-web-key',
    FIREBASE_AUTH_EMULATOR_HOST: '',
    SEED_DEMO_DATA: 'true',
    FEEDS_ENABLED: 'false',
    LOG_LEVEL: serverLogLevel,
    STATIC_DIR: path.join(workDir, 'no-client'),
    STORAGE_DIR: path.join(workDir, 'files'),
  };
  const base = `http://127.0.0.1:${port}`;
  log(
    `--- ${label}: API server flags: ${nodeFlags.join(' ') || '(none)'}; ${Object.entries(serverProcessEnv)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`,
  );
  let started = Date.now();
  const serverArgs = [...nodeFlags, serverEntry];
  const server = startProcess(serverArgs, serverEnv, 'API server');
  await waitFor(async () => (await fetch(`${base}/api/healthz`)).ok, 'API start');
  if (!databaseUrl) await waitFor(() => existsSync(path.join(dataDir, 'admin-token')), 'admin endpoint');
  log(
    `API ready in ${((Date.now() - started) / 1000).toFixed(1)} s (${label}), RSS ${memoryOf(server.pid).rssMb.toFixed(0)} MB`,
  );

  started = Date.now();
  const ingest = spawnSync(process.execPath, [ingestEntry, internshipsFile, newGradsFile], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (ingest.status !== 0) throw new Error(`ingest failed:\n${ingest.stdout}${ingest.stderr}`);
  await waitFor(async () => (await postingCount(base)) >= listingCount, 'board with every listing', 60_000);
  const board = await (await fetch(`${base}/api/public/board?limit=1`)).json();
  log(
    `ingested in ${((Date.now() - started) / 1000).toFixed(1)} s: the board shows ${board.total} jobs ` +
      `(cards; version ${board.version}); RSS ${memoryOf(server.pid).rssMb.toFixed(0)} MB`,
  );
  for (const line of ingest.stdout.trim().split('\n')) log(`  ${line}`);

  const helloPort = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) + 1 : await freePort();
  startProcess(
    [
      '-e',
      `require('node:http').createServer((q, s) => { s.writeHead(200, {'content-type': 'text/plain'}); ` +
        `s.end('hello world') }).listen(${helloPort}, '127.0.0.1')`,
    ],
    {},
    'hello-world server',
  );
  await waitFor(async () => (await fetch(`http://127.0.0.1:${helloPort}/`)).ok, 'hello-world start');

  const fixedPath = '/api/public/board?type=internship&country=USA&q=engineer';
  const fixed = await (await fetch(`${base}${fixedPath}`)).json();
  log(`fixed query ${fixedPath}: ${fixed.total} matches, ${fixed.jobs.length} on the page`);
  const queries = rotatingQueries(2000);
  let next = 0;

  log(`measuring: ${connections} connections, ${duration} s per run (after a 2 s warm-up)...`);
  const results = {};
  results.hello = await measure('node:http hello world', { url: `http://127.0.0.1:${helloPort}/` });
  results.cached = await measure('board: same filtered search (cached)', { url: `${base}${fixedPath}` });
  const memoryAfterFixed = memoryOf(server.pid);
  results.uncached = await measure('board: 2,000 rotating queries (uncached)', {
    url: base,
    requests: [{ setupRequest: (request) => ({ ...request, path: queries[next++ % queries.length] }) }],
  });
  // Browsers always ask for compression: each new page is also brotli-compressed (once, then kept with the page).
  results.uncachedBrotli = await measure('board: 2,000 rotating queries, brotli as browsers ask (uncached)', {
    url: base,
    headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    requests: [{ setupRequest: (request) => ({ ...request, path: queries[next++ % queries.length] }) }],
  });
  const memory = memoryOf(server.pid);

  // The usual life of a server: restarted on an existing data folder (no initdb, no ingestion in this process).
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
  started = Date.now();
  const restarted = startProcess(serverArgs, serverEnv, 'API server (restarted)');
  await waitFor(async () => (await postingCount(base)) >= listingCount, 'restart');
  const restartSeconds = (Date.now() - started) / 1000;
  results.restarted = await measure('board: same filtered search, restarted server', { url: `${base}${fixedPath}` });
  const restartedMemory = memoryOf(restarted.pid);
  const restartedExit = new Promise((resolve) => restarted.once('exit', resolve));
  restarted.kill('SIGTERM');
  await restartedExit;
  const shutdown = await shutdownDuringHangingDownloads(serverArgs, serverEnv);
  log(`stopped during two hanging feed downloads in ${shutdown.seconds.toFixed(2)} s (exit code ${shutdown.code})`);

  console.log('');
  console.log(`${label}:`);
  console.log('| run | req/s | p50 ms | p99 ms | max ms | errors | ratio to hello world |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of Object.values(results)) {
    console.log(
      `| ${r.label} | ${Math.round(r.requestsPerSecond)} | ${r.p50} | ${r.p99} | ${r.max} | ${r.errors} | ` +
        `${(r.requestsPerSecond / results.hello.requestsPerSecond).toFixed(2)} |`,
    );
  }
  console.log('');
  return { label, jobs: board.total, results, memoryAfterFixed, memory, restartSeconds, restartedMemory, shutdown };
}

function printSummary(runs) {
  const check = (ok) => (ok ? 'met' : 'MISSED');
  const line = (r, hello) =>
    `${Math.round(r.requestsPerSecond)} req/s, p99 ${r.p99} ms ` +
    `(${(r.requestsPerSecond / hello.requestsPerSecond).toFixed(2)} x hello world)`;
  console.log(
    `Summary (${cpus().length} cores, load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}, ` +
      `${connections} connections, ${duration} s per run; goals: p99 <= ${goals.p99Ms} ms, >= ${goals.requestsPerSecond} ` +
      `req/s, RSS <= ${goals.rssMb} MB)`,
  );
  for (const run of runs) {
    const { results: r } = run;
    console.log(
      `  ${run.label} (${run.jobs} jobs, server flags ${nodeFlags.join(' ') || 'none'}, ` +
        `${Object.entries(serverProcessEnv)
          .map(([k, v]) => `${k}=${v}`)
          .join(' ')}):`,
    );
    console.log(`    hello world baseline: ${Math.round(r.hello.requestsPerSecond)} req/s, p99 ${r.hello.p99} ms`);
    console.log(
      `    cached filtered search: ${line(r.cached, r.hello)}: p99 ${check(r.cached.p99 <= goals.p99Ms)}, ` +
        `throughput ${check(r.cached.requestsPerSecond >= goals.requestsPerSecond)}`,
    );
    console.log(
      `    uncached rotating queries: ${line(r.uncached, r.hello)}: p99 ${check(r.uncached.p99 <= goals.p99Ms)}, ` +
        `throughput ${check(r.uncached.requestsPerSecond >= goals.requestsPerSecond)}`,
    );
    console.log(
      `    uncached rotating queries, brotli: ${line(r.uncachedBrotli, r.hello)}: p99 ` +
        `${check(r.uncachedBrotli.p99 <= goals.p99Ms)}, throughput ${check(r.uncachedBrotli.requestsPerSecond >= goals.requestsPerSecond)}`,
    );
    console.log(`    restarted server, cached: ${line(r.restarted, r.hello)}`);
    console.log(
      `    RSS, server that created its data and ingested: ${run.memoryAfterFixed.rssMb.toFixed(0)} MB after the ` +
        `cached run, ${run.memory.rssMb.toFixed(0)} MB after the uncached runs, peak ${run.memory.peakMb.toFixed(0)} MB: ` +
        `${check(run.memory.rssMb <= goals.rssMb)}`,
    );
    console.log(
      `    RSS, restarted on the existing data (ready in ${run.restartSeconds.toFixed(1)} s): ` +
        `${run.restartedMemory.rssMb.toFixed(0)} MB after its run, peak ${run.restartedMemory.peakMb.toFixed(0)} MB: ` +
        `${check(run.restartedMemory.rssMb <= goals.rssMb)}`,
    );
    console.log(
      `    shutdown (SIGTERM) during two hanging feed downloads: ${run.shutdown.seconds.toFixed(2)} s, exit code ` +
        `${run.shutdown.code} (the server gives up waiting after 10 s; a feed download times out after 30 s)`,
    );
    const errors = Object.values(r).reduce((sum, x) => sum + x.errors, 0);
    if (errors > 0) console.log(`    ${errors} errors/timeouts/non-2xx answers`);
  }
}

try {
  const half = Math.floor(listingCount / 2);
  const internships = sampleRecords('internship');
  const newGrads = sampleRecords('new-grad');
  const files = {
    internshipsFile: path.join(workDir, 'internships-bench.json'),
    newGradsFile: path.join(workDir, 'new-grads-bench.json'),
  };
  writeFileSync(files.internshipsFile, JSON.stringify(scaleTo(internships.records, half)));
  writeFileSync(files.newGradsFile, JSON.stringify(scaleTo(newGrads.records, listingCount - half)));
  log(
    `data: ${listingCount} listings scaled from ${internships.source} (${internships.records.length}) and ` +
      `${newGrads.source} (${newGrads.records.length})`,
  );

  const runs = [await benchBackend('PGlite embedded', null, files)];
  if (postgresUrl) runs.push(await benchBackend('PostgreSQL', postgresUrl, files));
  printSummary(runs);
} catch (error) {
  console.error(`[bench] failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await stopAll();
  rmSync(workDir, { recursive: true, force: true });
}

#!/usr/bin/env node
// `npm run bench:jobs`: the job board API under load, on this machine.
// Builds the API, starts it on a temporary DATA_DIR (embedded PGlite; or a temporary database on
// BENCH_DATABASE_URL), loads 20,000 listings through `npm run ingest`'s command, then measures with autocannon
// (100 connections): a filtered, searched page of 20; 2,000 different queries in rotation (every one a cache miss);
// and a plain node:http hello-world server in the same run, so the figures compare across machines.
// Settings: BENCH_DURATION (seconds per run, default 10), BENCH_CONNECTIONS (100), BENCH_LISTINGS (20000).
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { ensureServerBuild } from './ensure-server-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sharedData = path.resolve(root, '..', 'shared', 'data');
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const listingCount = Number(process.env.BENCH_LISTINGS ?? 20_000);
const goals = { p99Ms: 20, requestsPerSecond: 2000, rssMb: 300 };
const log = (message) => console.log(`[bench] ${message}`);
// autocannon schedules its own timers with a negative delay at the end of a run; Node's warning about it is noise.
process.removeAllListeners('warning');
process.on('warning', (warning) => {
  if (warning.name !== 'TimeoutNegativeWarning') console.warn(warning);
});

// ---------------------------------------------------------------------------------------------- build

const serverEntry = path.join(root, 'dist', 'server', 'server', 'index.js');
const ingestEntry = path.join(root, 'dist', 'server', 'server', 'cli', 'ingest.js');
ensureServerBuild(root, ingestEntry, log);

// ---------------------------------------------------------------------------------------------- data

const roles = ['Software Engineer', 'Data Scientist', 'Machine Learning Engineer', 'Product Designer', 'Backend Developer',
  'Frontend Engineer', 'Site Reliability Engineer', 'Security Analyst', 'Hardware Engineer', 'Quantitative Researcher'];
const levels = ['Intern', 'Co-op', 'New Grad', 'I', 'Associate', 'Summer 2026 Intern'];
const companies = ['Google', 'Notion', 'Shopify', 'Stripe', 'Maple Bank', 'Northern Labs', 'Capital One', 'Datadog',
  'Cohere', 'Wealthsimple', 'Meta', 'Amazon', 'Nvidia', 'Figma', 'Ramp'];
const places = ['San Francisco, CA', 'New York, NY', 'Seattle, WA', 'Austin, TX', 'Remote in USA', 'Toronto, ON, Canada',
  'Vancouver, BC, Canada', 'Montreal, QC, Canada', 'Boston, MA', 'Chicago, IL', 'London, UK', 'Waterloo, ON, Canada'];
const categories = ['Software', 'AI/ML/Data', 'Hardware', 'Product', 'Quant', null];

/** Records of the real shape: from ../shared/data when present, else generated. */
function sampleRecords(type) {
  const file = path.join(sharedData, type === 'internship' ? 'internships-current.json' : 'new-grads-current.json');
  if (existsSync(file)) {
    const records = JSON.parse(readFileSync(file, 'utf8')).filter((record) => record && record.active !== false);
    return { records, source: path.relative(root, file) };
  }
  const records = Array.from({ length: 3000 }, (_, i) => ({
    id: randomUUID(),
    title: `${roles[i % roles.length]} ${levels[(i * 7) % levels.length]}`,
    company_name: companies[(i * 3) % companies.length],
    locations: [places[i % places.length], ...(i % 4 === 0 ? [places[(i + 5) % places.length]] : [])],
    category: categories[i % categories.length],
    terms: type === 'internship' ? ['Summer 2026'] : undefined,
    degrees: i % 3 === 0 ? ["Bachelor's", "Master's"] : null,
    date_posted: 1_760_000_000 - i * 600,
    date_updated: 1_760_000_000,
    url: `https://jobs.example.com/${i}`,
    active: true,
  }));
  return { records, source: 'generated' };
}

/** Copies records with new ids (and slightly older dates) until there are `count`. */
function scaleTo(records, count) {
  return Array.from({ length: count }, (_, i) => {
    const record = records[i % records.length];
    const round = Math.floor(i / records.length);
    return round === 0 ? record : { ...record, id: randomUUID(), date_posted: Number(record.date_posted) - round * 3600 };
  });
}

// ---------------------------------------------------------------------------------------------- processes

const children = new Set();

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function startProcess(args, env, label) {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!stopping && code !== 0) console.error(`[bench] ${label} exited (${signal ?? code})`);
  });
  return child;
}

let stopping = false;
async function stopAll() {
  stopping = true;
  await Promise.all([...children].map((child) => new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  })));
}

async function waitFor(check, what, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch { /* not yet */ }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
}

function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

// ---------------------------------------------------------------------------------------------- load

async function measure(label, options) {
  // A short warm-up (JIT, caches, connections), then the measured run.
  await autocannon({ ...options, connections, duration: Math.min(2, duration) });
  const result = await autocannon({ ...options, connections, duration });
  const errors = result.errors + result.timeouts + result.non2xx;
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

function rotatingQueries(count) {
  const words = ['engineer', 'intern', 'data', 'software', 'google|meta', 'design', 'machine learning', 'security',
    'backend|frontend', '^senior', 'new grad', 'analyst', 'developer', 'research', 'c\\+\\+', 'summer 202[67]',
    'product', 'cloud', 'quant', 'hardware', 'remote', 'toronto', 'co-op', 'ai', 'platform'];
  const types = ['all', 'internship', 'new-grad', 'featured'];
  const locations = ['', '&country=USA', '&country=Canada', '&country=USA&state=CA', '&country=Canada&state=ON'];
  const queries = [];
  for (let i = 0; queries.length < count; i++) {
    const word = words[i % words.length];
    const type = types[Math.floor(i / words.length) % types.length];
    const location = locations[Math.floor(i / (words.length * types.length)) % locations.length];
    const offset = 20 * (Math.floor(i / (words.length * types.length * locations.length)) % 4);
    queries.push(`/api/public/board?type=${type}&q=${encodeURIComponent(word)}${location}${offset ? `&offset=${offset}` : ''}`);
  }
  return queries;
}

// ---------------------------------------------------------------------------------------------- main

const workDir = mkdtempSync(path.join(tmpdir(), 'campus-jobs-bench-'));
const adminDatabaseUrl = process.env.BENCH_DATABASE_URL || null;
const benchDatabaseName = `campus_jobs_bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
let databaseUrl = null;

async function withAdmin(work) {
  const client = new pg.Client({ connectionString: adminDatabaseUrl });
  await client.connect();
  try { return await work(client); } finally { await client.end(); }
}

try {
  const half = Math.floor(listingCount / 2);
  const internships = sampleRecords('internship');
  const newGrads = sampleRecords('new-grad');
  const internshipsFile = path.join(workDir, 'internships-bench.json');
  const newGradsFile = path.join(workDir, 'new-grads-bench.json');
  writeFileSync(internshipsFile, JSON.stringify(scaleTo(internships.records, half)));
  writeFileSync(newGradsFile, JSON.stringify(scaleTo(newGrads.records, listingCount - half)));
  log(`data: ${listingCount} listings scaled from ${internships.source} (${internships.records.length}) and ` +
    `${newGrads.source} (${newGrads.records.length})`);

  if (adminDatabaseUrl) {
    await withAdmin((client) => client.query(`create database "${benchDatabaseName}"`));
    const url = new URL(adminDatabaseUrl);
    url.pathname = `/${benchDatabaseName}`;
    databaseUrl = url.toString();
  }

  const port = await freePort();
  const dataDir = path.join(workDir, 'data');
  const serverEnv = {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    FIREBASE_PROJECT_ID: 'campus-jobs-bench',
    FIREBASE_API_KEY: 'bench-web-key',
    FIREBASE_AUTH_EMULATOR_HOST: '',
    SEED_DEMO_DATA: 'true',
    FEEDS_ENABLED: 'false',
    LOG_LEVEL: 'warn',
    STATIC_DIR: path.join(workDir, 'no-client'),
    STORAGE_DIR: path.join(workDir, 'files'),
  };
  const base = `http://127.0.0.1:${port}`;
  let started = Date.now();
  // BENCH_NODE_OPTIONS: V8 flags for the API server only (e.g. --max-semi-space-size=16), to compare memory settings.
  const serverArgs = [...(process.env.BENCH_NODE_OPTIONS ?? '').split(' ').filter(Boolean), serverEntry];
  const server = startProcess(serverArgs, serverEnv, 'API server');
  await waitFor(async () => (await fetch(`${base}/api/healthz`)).ok, 'API start');
  if (!databaseUrl) await waitFor(() => existsSync(path.join(dataDir, 'admin-token')), 'admin endpoint');
  log(`API ready in ${((Date.now() - started) / 1000).toFixed(1)} s (${databaseUrl ? 'PostgreSQL' : 'PGlite'}), ` +
    `RSS ${memoryOf(server.pid).rssMb.toFixed(0)} MB`);

  started = Date.now();
  const ingest = spawnSync(process.execPath, [ingestEntry, internshipsFile, newGradsFile], {
    cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', LOG_LEVEL: 'warn' }, encoding: 'utf8',
  });
  if (ingest.status !== 0) throw new Error(`ingest failed:\n${ingest.stdout}${ingest.stderr}`);
  await waitFor(async () => {
    const page = await (await fetch(`${base}/api/public/board?limit=1`)).json();
    return page.total >= listingCount;
  }, 'board with every listing', 60_000);
  const board = await (await fetch(`${base}/api/public/board?limit=1`)).json();
  log(`ingested in ${((Date.now() - started) / 1000).toFixed(1)} s: the board shows ${board.total} jobs ` +
    `(version ${board.version}); RSS ${memoryOf(server.pid).rssMb.toFixed(0)} MB`);
  for (const line of ingest.stdout.trim().split('\n')) log(`  ${line}`);

  const helloPort = await freePort();
  startProcess(['-e', `require('node:http').createServer((q, s) => { s.writeHead(200, {'content-type': 'text/plain'}); ` +
    `s.end('hello world') }).listen(${helloPort}, '127.0.0.1')`], {}, 'hello-world server');
  await waitFor(async () => (await fetch(`http://127.0.0.1:${helloPort}/`)).ok, 'hello-world start');

  const fixedPath = '/api/public/board?type=internship&country=USA&q=engineer';
  const fixed = await (await fetch(`${base}${fixedPath}`)).json();
  log(`fixed query ${fixedPath}: ${fixed.total} matches, ${fixed.jobs.length} on the page`);
  const queries = rotatingQueries(2000);
  let next = 0;

  log(`measuring: ${connections} connections, ${duration} s per run (after a 2 s warm-up)...`);
  const results = [];
  results.push(await measure('node:http hello world', { url: `http://127.0.0.1:${helloPort}/` }));
  results.push(await measure('board: same filtered search', { url: `${base}${fixedPath}` }));
  const memoryAfterFixed = memoryOf(server.pid);
  results.push(await measure('board: 2,000 rotating queries', {
    url: base,
    requests: [{ setupRequest: (request) => ({ ...request, path: queries[next++ % queries.length] }) }],
  }));
  const memory = memoryOf(server.pid);

  // The usual life of a server: restarted on an existing data folder (no initdb, no ingestion in this process).
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
  started = Date.now();
  const restarted = startProcess(serverArgs, serverEnv, 'API server (restarted)');
  await waitFor(async () => (await (await fetch(`${base}/api/public/board?limit=1`)).json()).total >= listingCount, 'restart');
  const restartSeconds = (Date.now() - started) / 1000;
  const afterRestart = await measure('board: same filtered search, restarted server', { url: `${base}${fixedPath}` });
  results.push(afterRestart);
  const restartedMemory = memoryOf(restarted.pid);

  const hello = results[0].requestsPerSecond;
  console.log('');
  console.log('| run | req/s | p50 ms | p99 ms | max ms | errors | ratio to hello world |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of results) {
    console.log(`| ${r.label} | ${Math.round(r.requestsPerSecond)} | ${r.p50} | ${r.p99} | ${r.max} | ${r.errors} | ` +
      `${(r.requestsPerSecond / hello).toFixed(2)} |`);
  }
  console.log('');
  console.log(`API server memory (${databaseUrl ? 'PostgreSQL' : 'PGlite embedded'}, ${board.total} jobs): RSS ` +
    `${memoryAfterFixed.rssMb.toFixed(0)} MB after the fixed run, ${memory.rssMb.toFixed(0)} MB after the rotating ` +
    `run, peak ${memory.peakMb.toFixed(0)} MB (new data folder + 20,000-listing ingestion in the same process)`);
  console.log(`Restarted on the existing data folder: board ready in ${restartSeconds.toFixed(1)} s, RSS ` +
    `${restartedMemory.rssMb.toFixed(0)} MB after its run, peak ${restartedMemory.peakMb.toFixed(0)} MB`);
  const check = (ok) => (ok ? 'met' : 'MISSED');
  for (const r of results.slice(1)) {
    console.log(`Goals for "${r.label}": p99 <= ${goals.p99Ms} ms ${check(r.p99 <= goals.p99Ms)}, ` +
      `>= ${goals.requestsPerSecond} req/s ${check(r.requestsPerSecond >= goals.requestsPerSecond)}`);
  }
  console.log(`Goal RSS <= ${goals.rssMb} MB: restarted server ${check(restartedMemory.rssMb <= goals.rssMb)}, ` +
    `server that created its folder and ingested ${check(memory.rssMb <= goals.rssMb)}`);
} catch (error) {
  console.error(`[bench] failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await stopAll();
  if (adminDatabaseUrl && databaseUrl) {
    await withAdmin((client) => client.query(`drop database if exists "${benchDatabaseName}" with (force)`)).catch(() => {});
  }
  rmSync(workDir, { recursive: true, force: true });
}

#!/usr/bin/env node
// `npm run bench:digest`: one round of alert digests at scale, on this machine.
// A first process fills a temporary database: 20,000 listings through the feed ingestion (the real feeds of
// ../shared/data scaled up, else generated ones), 500 of them new since the alerts' last digest; 10,000 students
// (English and French, five time zones) with 2 alerts each (common searches and per-student ones, daily and weekly,
// e-mail and push), some new jobs dismissed. A second process is the server that wakes up for the digests: it
// builds the app on that database (with the V8 flags and environment of `npm start`), loads the board, stops its
// mail and push senders (delivery is not what is measured) and runs the `alert-digests` task once at an hour when
// every alert is due: the time to compute and enqueue every digest, and its RSS (sampled during the round, and the
// process's peak including the board load). A second round must write nothing. Then the same on PostgreSQL with
// `--postgres [url]` or BENCH_DATABASE_URL / DATABASE_URL (default url postgres://postgres@127.0.0.1:5432/test;
// `--no-postgres` skips it). Settings: BENCH_STUDENTS (10000), BENCH_LISTINGS (20000), BENCH_NEW_JOBS (500),
// BENCH_NODE_OPTIONS (V8 flags for the round's process instead of those of `npm start`, to compare memory settings).
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { benchVapidEnv, sampleRecords, scaleTo } from './bench-support.mjs';
import { ensureServerBuild } from './ensure-server-build.mjs';
import { serverEnv as serverProcessEnv, serverNodeFlags } from './server-node-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const studentCount = Number(process.env.BENCH_STUDENTS ?? 10_000);
const listingCount = Number(process.env.BENCH_LISTINGS ?? 20_000);
const newJobCount = Number(process.env.BENCH_NEW_JOBS ?? 500);
const alertsPerStudent = 2;
const goals = { seconds: 60, rssMb: 300 };
const nodeFlags =
  process.env.BENCH_NODE_OPTIONS !== undefined
    ? process.env.BENCH_NODE_OPTIONS.split(' ').filter(Boolean)
    : serverNodeFlags;
const log = (message) => console.log(`[bench:digest] ${message}`);
const distServer = path.join(root, 'dist', 'server', 'server');
const load = (relative) => import(pathToFileURL(path.join(distServer, relative)).href);

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

/** Tuesday 16:00 UTC of last week: every zone below is past 07:00, and Monday's weekly hour is behind it. */
function roundTime() {
  const now = new Date();
  const day = now.getUTCDay(); // 2 = Tuesday
  const back = ((day - 2 + 7) % 7) + 7;
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - back, 16);
}

const timeZones = ['America/Toronto', 'America/Vancouver', 'Europe/Paris', 'Asia/Kolkata', 'UTC', null];

// Searches many students share (the round matches each once), as the board's filters write them.
const commonSearches = [
  {},
  { q: 'software' },
  { q: 'engineer', country: 'Canada' },
  { q: 'data' },
  { category: ['software'] },
  { category: ['ai-ml-data'] },
  { type: 'internship', q: 'intern' },
  { type: 'new-grad' },
  { country: 'USA', state: 'CA' },
  { country: 'Canada', state: 'ON' },
  { city: 'Toronto' },
  { mode: 'remote' },
  { q: 'machine learning' },
  { q: 'backend|frontend' },
  { term: ['summer-2026'] },
  { degree: ['master'] },
  { q: 'security', country: 'USA' },
  { q: 'quant' },
  { category: ['hardware'] },
  { q: 'google|meta' },
];

// ------------------------------------------------------------------------------------------- child: seed

async function seed() {
  const { openDatabase } = await load('db/client.js');
  const { createIngestService } = await load('modules/jobs/index.js');
  const schema = await load('db/schema.js');
  const { sql } = await import('drizzle-orm');
  const at = Number(process.env.BENCH_ROUND_AT);
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL || null, dataDir: process.env.DATA_DIR });
  try {
    await database.migrate();
    const { db } = database;
    const quiet = { info() {}, warn() {} };
    const files = JSON.parse(process.env.BENCH_FEED_FILES);
    const ingest = createIngestService({ database, feeds: [], log: quiet });
    await ingest.importSources([
      { name: 'internships', type: 'internship', data: JSON.parse(readFileSync(files.internships, 'utf8')) },
      { name: 'new-grads', type: 'new-grad', data: JSON.parse(readFileSync(files.newGrads, 'utf8')) },
    ]);
    // Everything was on the board long before; `newJobCount` listings entered 3 hours before the round.
    await db.execute(
      sql`update external_listings set first_seen_at = ${new Date(at - 30 * dayMs).toISOString()}::timestamptz`,
    );
    const fresh = await db.execute(sql`
      update external_listings set first_seen_at = ${new Date(at - 3 * hourMs).toISOString()}::timestamptz
      where id in (select id from external_listings where active order by md5(id) limit ${newJobCount})
      returning id, company`);
    const newJobs = fresh.rows;
    // Per-student searches: a company among the new jobs (letters and spaces only, a plain word search).
    const companies = [
      ...new Set(newJobs.map((row) => String(row.company)).filter((name) => /^[A-Za-z ]{3,40}$/.test(name))),
    ];

    const users = [];
    const alerts = [];
    const dismissed = [];
    for (let i = 0; i < studentCount; i++) {
      const uid = `bench-student-${i}`;
      users.push({
        uid,
        email: `student-${i}@bench.test`,
        emailVerified: true,
        firstName: `Student${i}`,
        signInProvider: 'password',
        locale: i % 2 === 0 ? 'en' : 'fr',
        timeZone: timeZones[i % timeZones.length],
      });
      for (let a = 0; a < alertsPerStudent; a++) {
        const weekly = (i + a) % 5 === 0;
        const filters =
          a === 1 && i % 2 === 0 && companies.length > 0
            ? { q: companies[i % companies.length] }
            : commonSearches[(i * alertsPerStudent + a) % commonSearches.length];
        alerts.push({
          userUid: uid,
          name: `Alert ${a + 1}`,
          filters,
          frequency: weekly ? 'weekly' : 'daily',
          channels: i % 20 === 0 ? ['push'] : i % 10 === 1 ? ['email', 'push'] : ['email'],
          createdAt: new Date(at - 30 * dayMs),
          updatedAt: new Date(at - 30 * dayMs),
          lastDigestAt: new Date(at - (weekly ? 8 * dayMs : 26 * hourMs)),
        });
      }
      if (i % 10 === 0) {
        for (let d = 0; d < 3; d++) {
          dismissed.push({
            userUid: uid,
            jobId: String(newJobs[(i + d * 7) % newJobs.length].id),
            dismissed: true,
            changedAt: new Date(at - hourMs),
          });
        }
      }
    }
    for (let start = 0; start < users.length; start += 1000)
      await db.insert(schema.users).values(users.slice(start, start + 1000));
    for (let start = 0; start < alerts.length; start += 1000)
      await db.insert(schema.alerts).values(alerts.slice(start, start + 1000));
    for (let start = 0; start < dismissed.length; start += 1000) {
      await db.insert(schema.dismissedJobs).values(dismissed.slice(start, start + 1000));
    }
    console.log(
      JSON.stringify({
        students: users.length,
        alerts: alerts.length,
        newJobs: newJobs.length,
        dismissed: dismissed.length,
      }),
    );
  } finally {
    await database.close();
  }
}

// ------------------------------------------------------------------------------------------- child: run

async function run() {
  const { openDatabase } = await load('db/client.js');
  const { buildApp } = await load('app.js');
  const { loadEnv } = await load('env.js');
  const { digestTaskName } = await load('modules/digests/index.js');
  const { sql } = await import('drizzle-orm');
  const at = Number(process.env.BENCH_ROUND_AT);
  const env = loadEnv(process.env);
  const database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  const rss = () => process.memoryUsage.rss() / 1024 / 1024;
  const peakOfProcess = () => Number(/^VmHWM:\s+(\d+)/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) / 1024;
  try {
    await database.migrate();
    let started = performance.now();
    const app = await buildApp({
      env,
      database,
      clock: () => at + (performance.now() - started),
      scheduledTasks: false,
      orphanSweep: false,
    });
    await app.ready();
    // Delivery is the senders' business, after the round; this measures computing and queueing.
    await app.mailSender.stop();
    await app.pushSender.stop();
    const boardSeconds = (performance.now() - started) / 1000;
    // The server at rest: the board's offline snapshot compressed, the load's garbage collected.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    globalThis.gc?.();
    const before = rss();
    const beforeDetail = process.memoryUsage();

    let roundPeak = before;
    let peakDetail = process.memoryUsage();
    const sampler = setInterval(() => {
      const usage = process.memoryUsage();
      if (usage.rss / 1024 / 1024 > roundPeak) {
        roundPeak = usage.rss / 1024 / 1024;
        peakDetail = usage;
      }
    }, 25);
    // How long a request would have waited for the event loop during the round (the embedded database answers
    // without I/O: the round yields between batches).
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    started = performance.now();
    const first = await app.scheduler.runNow(digestTaskName);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    loopDelay.disable();
    roundPeak = Math.max(roundPeak, rss());
    const after = rss();

    const count = async (query) => Number((await database.db.execute(query)).rows[0].n);
    const units = await count(sql`select count(*) as n from notification_runs where kind = 'digest'`);
    const withJobs = await count(
      sql`select count(*) as n from notification_runs where kind = 'digest' and item_count > 0`,
    );
    const jobs = await count(
      sql`select coalesce(sum(item_count), 0) as n from notification_runs where kind = 'digest'`,
    );
    const emails = await count(sql`select count(*) as n from mail_outbox where kind = 'digest'`);
    const pushes = await count(sql`select count(*) as n from push_outbox where kind = 'digest'`);
    const htmlKb = await count(
      sql`select coalesce(avg(length(html)), 0) / 1024 as n from mail_outbox where kind = 'digest'`,
    );

    const again = performance.now();
    await app.scheduler.runNow(digestTaskName);
    const secondSeconds = (performance.now() - again) / 1000;
    const emailsAfterSecond = await count(sql`select count(*) as n from mail_outbox where kind = 'digest'`);
    await app.close();
    console.log(
      JSON.stringify({
        ran: first.ran,
        boardSeconds,
        seconds,
        units,
        withJobs,
        jobs,
        emails,
        pushes,
        htmlKb,
        rssBefore: before,
        rssAfter: after,
        roundPeak,
        processPeak: peakOfProcess(),
        secondSeconds,
        secondEmails: emailsAfterSecond - emails,
        loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
        loopDelayMaxMs: loopDelay.max / 1e6,
        beforeHeapMb: beforeDetail.heapUsed / 1024 / 1024,
        beforeExternalMb: beforeDetail.external / 1024 / 1024,
        peakHeapMb: peakDetail.heapUsed / 1024 / 1024,
        peakExternalMb: peakDetail.external / 1024 / 1024,
        peakArrayBuffersMb: peakDetail.arrayBuffers / 1024 / 1024,
      }),
    );
  } finally {
    await database.close();
  }
}

// ------------------------------------------------------------------------------------------- main

function child(mode, env, flags = []) {
  return new Promise((resolve, reject) => {
    const processChild = spawn(process.execPath, [...flags, fileURLToPath(import.meta.url), '--child', mode], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    processChild.stdout.on('data', (chunk) => (output += chunk));
    processChild.on('error', reject);
    processChild.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`the ${mode} process exited with ${code}:\n${output}`));
      const last = output.trim().split('\n').at(-1);
      try {
        resolve(JSON.parse(last));
      } catch {
        reject(new Error(`the ${mode} process printed no result:\n${output}`));
      }
    });
  });
}

async function withAdmin(adminUrl, work) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function benchBackend(label, adminUrl, workDir, files) {
  const name = `campus_jobs_bench_digest_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  let databaseUrl = '';
  if (adminUrl) {
    await withAdmin(adminUrl, (client) => client.query(`create database "${name}"`));
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  const at = roundTime();
  const env = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: path.join(workDir, `data-${label.split(' ')[0]}`),
    DATABASE_URL: databaseUrl,
    ...(databaseUrl ? { ...benchVapidEnv(), UNSUBSCRIBE_SECRET: randomBytes(32).toString('hex') } : {}),
    FIREBASE_PROJECT_ID: 'campus-jobs-bench',
    FIREBASE_API_KEY: 'bench-web-key',
    FIREBASE_AUTH_EMULATOR_HOST: '',
    SEED_DEMO_DATA: 'false',
    FEEDS_ENABLED: 'false',
    STATIC_DIR: path.join(workDir, 'no-client'),
    OUTBOX_DIR: path.join(workDir, 'outbox'),
    PUBLIC_URL: 'https://jobs.example.edu',
    BENCH_ROUND_AT: String(at),
    BENCH_FEED_FILES: JSON.stringify(files),
  };
  try {
    log(`--- ${label}: seeding (round at ${new Date(at).toISOString()})...`);
    let started = Date.now();
    const seeded = await child('seed', env);
    log(
      `seeded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${seeded.students} students, ${seeded.alerts} alerts, ` +
        `${seeded.newJobs} new listings, ${seeded.dismissed} dismissed`,
    );
    started = Date.now();
    log(`round process flags: ${nodeFlags.join(' ') || '(none)'}`);
    const result = await child('run', { ...env, ...serverProcessEnv }, [...new Set([...nodeFlags, '--expose-gc'])]);
    log(
      `board loaded in ${result.boardSeconds.toFixed(1)} s; round: ${result.seconds.toFixed(1)} s for ${result.units} ` +
        `digests (${result.withJobs} with new jobs, ${result.jobs} jobs), ${result.emails} e-mails (HTML ` +
        `${result.htmlKb.toFixed(1)} KB on average), ${result.pushes} push notifications; second round ` +
        `${result.secondSeconds.toFixed(2)} s, ${result.secondEmails} e-mails`,
    );
    log(
      `memory: V8 heap ${result.beforeHeapMb.toFixed(0)} MB and external ${result.beforeExternalMb.toFixed(0)} MB before the ` +
        `round; at its RSS peak V8 heap ${result.peakHeapMb.toFixed(0)} MB, external ${result.peakExternalMb.toFixed(0)} MB ` +
        `(array buffers ${result.peakArrayBuffersMb.toFixed(0)} MB; the embedded database's memory is external)`,
    );
    log(
      `event loop delay during the round (what a request would wait): p99 ${result.loopDelayP99Ms.toFixed(0)} ms, ` +
        `max ${result.loopDelayMaxMs.toFixed(0)} ms`,
    );
    return { label, seeded, ...result };
  } finally {
    if (adminUrl) {
      await withAdmin(adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`)).catch(
        () => {},
      );
    }
  }
}

async function main() {
  ensureServerBuild(root, path.join(distServer, 'modules', 'digests', 'index.js'), log);
  const argv = process.argv.slice(2);
  const flag = argv.indexOf('--postgres');
  const postgresUrl = argv.includes('--no-postgres')
    ? null
    : ((flag >= 0 && argv[flag + 1] && !argv[flag + 1].startsWith('--') ? argv[flag + 1] : null) ??
      process.env.BENCH_DATABASE_URL ??
      process.env.DATABASE_URL ??
      'postgres://postgres@127.0.0.1:5432/test');
  const workDir = mkdtempSync(path.join(tmpdir(), 'campus-jobs-bench-digest-'));
  try {
    const half = Math.floor(listingCount / 2);
    const internships = sampleRecords('internship');
    const newGrads = sampleRecords('new-grad');
    const files = {
      internships: path.join(workDir, 'internships.json'),
      newGrads: path.join(workDir, 'new-grads.json'),
    };
    writeFileSync(files.internships, JSON.stringify(scaleTo(internships.records, half)));
    writeFileSync(files.newGrads, JSON.stringify(scaleTo(newGrads.records, listingCount - half)));
    log(
      `data: ${listingCount} listings scaled from ${internships.source} and ${newGrads.source}; ${studentCount} ` +
        `students x ${alertsPerStudent} alerts; ${newJobCount} new listings`,
    );
    const runs = [];
    if (!argv.includes('--postgres-only')) runs.push(await benchBackend('PGlite embedded', null, workDir, files));
    if (postgresUrl) runs.push(await benchBackend('PostgreSQL', postgresUrl, workDir, files));

    const check = (ok) => (ok ? 'met' : 'MISSED');
    console.log('');
    console.log(
      `Summary (${cpus().length} cores, load average ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}; goals on PGlite: <= ${goals.seconds} s, <= ${goals.rssMb} MB)`,
    );
    console.log(
      '| backend | round s | digests | e-mails | pushes | jobs | RSS before MB | RSS peak in round MB | process peak MB | ' +
        'loop delay p99 / max ms | second round |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|');
    for (const r of runs) {
      console.log(
        `| ${r.label} | ${r.seconds.toFixed(1)} | ${r.units} | ${r.emails} | ${r.pushes} | ${r.jobs} | ` +
          `${r.rssBefore.toFixed(0)} | ${r.roundPeak.toFixed(0)} | ${r.processPeak.toFixed(0)} | ` +
          `${r.loopDelayP99Ms.toFixed(0)} / ${r.loopDelayMaxMs.toFixed(0)} | ` +
          `${r.secondEmails} e-mails in ${r.secondSeconds.toFixed(2)} s |`,
      );
    }
    const embedded = runs.find((r) => r.label.startsWith('PGlite')) ?? runs[0];
    console.log(
      `PGlite: time ${check(embedded.seconds <= goals.seconds)}, RSS during the round ${check(embedded.roundPeak <= goals.rssMb)}, ` +
        `process peak (board load included) ${check(embedded.processPeak <= goals.rssMb)}; ` +
        `nothing sent twice: ${check(embedded.secondEmails === 0 && runs.every((r) => r.secondEmails === 0))}`,
    );
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

const mode = process.argv[2] === '--child' ? process.argv[3] : 'main';
try {
  if (mode === 'seed') await seed();
  else if (mode === 'run') await run();
  else await main();
} catch (error) {
  console.error(`[bench:digest] failed: ${error instanceof Error ? error.stack : error}`);
  process.exitCode = 1;
}

#!/usr/bin/env node
// `npm run bench:apply`: exactly-once job applications under load, on this machine.
// Builds the API, starts the Firebase Auth emulator and one API server on a temporary DATA_DIR (embedded PGlite; or
// a temporary database on BENCH_DATABASE_URL), creates BENCH_USERS (200) Google accounts in the emulator, then
// every one applies to the same featured job at once, each with a 1 MB PDF (multipart). Some requests are sent
// twice with the same Idempotency-Key (at the same time, or as a retry after the answer), as an unreliable network
// would. Then it checks through the API and the data folder: every request answered 201, one application and one
// resume copy and one confirmation e-mail per person (0 lost, 0 duplicates). Prints latency, throughput and the
// server's peak RSS.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  benchServerEnv,
  buildPdf,
  createEmulatorGoogleUser,
  freePort,
  memoryOf,
  multipart,
  waitFor,
  writeAuthEmulatorConfig,
} from './bench-support.mjs';
import { childProcesses } from './child-processes.mjs';
import { ensureServerBuild } from './ensure-server-build.mjs';
import { serverEnv as serverProcessEnv, serverNodeFlags } from './server-node-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const userCount = Number(process.env.BENCH_USERS ?? 200);
const pdfBytes = Number(process.env.BENCH_PDF_BYTES ?? 1024 * 1024);
const projectId = 'demo-campus-jobs-bench';
const log = (message) => console.log(`[bench:apply] ${message}`);

const serverEntry = path.join(root, 'dist', 'server', 'server', 'index.js');
ensureServerBuild(root, serverEntry, log);

// ---------------------------------------------------------------------------------------------- processes

const { start: startProcess, stopAll, startAuthEmulator } = childProcesses(root, 'bench:apply');

/** Runs `work` over `items`, at most `limit` at a time. */
async function pool(items, limit, work) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index], index);
      }
    }),
  );
  return results;
}

// ---------------------------------------------------------------------------------------------- data

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

// ---------------------------------------------------------------------------------------------- main

const workDir = mkdtempSync(path.join(tmpdir(), 'campus-jobs-bench-apply-'));
const adminDatabaseUrl = process.env.BENCH_DATABASE_URL || null;
const benchDatabaseName = `campus_jobs_bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
let databaseUrl = null;

async function withAdmin(work) {
  const client = new pg.Client({ connectionString: adminDatabaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

try {
  if (adminDatabaseUrl) {
    await withAdmin((client) => client.query(`create database "${benchDatabaseName}"`));
    const url = new URL(adminDatabaseUrl);
    url.pathname = `/${benchDatabaseName}`;
    databaseUrl = url.toString();
  }

  // The Auth emulator, as tests/api-setup/auth-emulator.ts starts it.
  const [authPort, hubPort, loggingPort, port] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const firebaseConfig = writeAuthEmulatorConfig(workDir, { auth: authPort, hub: hubPort, logging: loggingPort });
  let started = Date.now();
  const { url: emulator } = await startAuthEmulator({ projectId, config: firebaseConfig, port: authPort });
  log(`Auth emulator ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const dataDir = path.join(workDir, 'data');
  const storageDir = path.join(workDir, 'files');
  const outboxDir = path.join(workDir, 'outbox');
  // The same V8 flags and malloc setting as `npm start`, plus any given in BENCH_NODE_OPTIONS.
  const serverArgs = [
    ...serverNodeFlags,
    ...(process.env.BENCH_NODE_OPTIONS ?? '').split(' ').filter(Boolean),
    serverEntry,
  ];
  const serverEnv = {
    ...serverProcessEnv,
    ...benchServerEnv(
      { port, dataDir, databaseUrl, projectId, authPort, workDir },
      { SEED_DEMO_DATA: 'true', STORAGE_DIR: storageDir, OUTBOX_DIR: outboxDir, SMTP_URL: '' },
    ),
  };
  const base = `http://127.0.0.1:${port}`;
  // A first start creates the data folder (initdb, migrations, demo data); the measured server is the usual case, a
  // restart on an existing folder, so its peak RSS belongs to the burst.
  started = Date.now();
  const first = startProcess(serverArgs, serverEnv, { label: 'API server (first start)' });
  await waitFor(async () => (await fetch(`${base}/api/healthz`)).ok, 'API first start');
  const firstExit = new Promise((resolve) => first.once('exit', resolve));
  first.kill('SIGTERM');
  await firstExit;
  log(`data folder created in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  started = Date.now();
  const server = startProcess(serverArgs, serverEnv, { label: 'API server' });
  await waitFor(async () => (await fetch(`${base}/api/healthz`)).ok, 'API start');
  log(
    `API ready in ${((Date.now() - started) / 1000).toFixed(1)} s (${databaseUrl ? 'PostgreSQL' : 'PGlite'}), ` +
      `RSS ${memoryOf(server.pid).rssMb.toFixed(0)} MB`,
  );

  const { jobs } = await (await fetch(`${base}/api/public/jobs`)).json();
  const job = jobs[0];
  if (!job) throw new Error('no featured job: the demo data was not seeded');
  log(`job: "${job.title}" at ${job.organization.name} (${job.id})`);

  // Google accounts, as the emulator's popup creates them (verified e-mail).
  started = Date.now();
  const users = await pool(
    Array.from({ length: userCount }, (_, i) => i),
    20,
    (i) => createEmulatorGoogleUser(emulator, `bench-${i}`),
  );
  log(`${users.length} emulator users in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  // One request per person; every 5th person also sends the same request again at the same time (a double tap),
  // every 5th + 1 sends it again once the first answer came (a retry after a lost response).
  const plans = users.map((user, i) => {
    const { body, contentType } = multipart(
      {
        firstName: 'Bench',
        lastName: `Student ${i}`,
        email: user.email,
        phone: '+1 (514) 555-0199',
        university: 'McGill University',
        major: 'Computer Science',
        graduationYear: '2027',
        githubUsername: '',
        devpostUsername: '',
        linkedinUrl: '',
        portfolioUrl: '',
        coverLetter: `Cover letter of bench student ${i}.`,
        devpost: 'null',
      },
      { name: `Bench Student ${i}.pdf`, data: buildPdf(`bench-${i}`, pdfBytes) },
    );
    return { user, body, contentType, key: randomUUID(), twin: i % 5 === 0, retry: i % 5 === 1 };
  });

  const samples = [];
  const failures = [];
  async function send(plan, kind) {
    const startedAt = performance.now();
    try {
      const response = await fetch(`${base}/api/public/jobs/${job.id}/apply`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${plan.user.idToken}`,
          'content-type': plan.contentType,
          'idempotency-key': plan.key,
        },
        body: plan.body,
      });
      const text = await response.text();
      const ms = performance.now() - startedAt;
      samples.push(ms);
      if (response.status !== 201) {
        failures.push(`${kind} ${plan.user.email}: HTTP ${response.status} ${text.slice(0, 200)}`);
        return null;
      }
      return { ...JSON.parse(text), replayed: response.headers.get('idempotent-replayed') === 'true' };
    } catch (error) {
      samples.push(performance.now() - startedAt);
      failures.push(`${kind} ${plan.user.email}: ${error.message}`);
      return null;
    }
  }

  const requestCount = plans.length + plans.filter((plan) => plan.twin || plan.retry).length;
  log(
    `firing ${requestCount} requests (${plans.length} applications with ${(pdfBytes / 1024 / 1024).toFixed(1)} MB ` +
      `PDFs, ${requestCount - plans.length} repeats of an Idempotency-Key) at once...`,
  );
  const burstStarted = performance.now();
  const receipts = await Promise.all(
    plans.map(async (plan) => {
      const firsts = await Promise.all([send(plan, 'first'), ...(plan.twin ? [send(plan, 'twin')] : [])]);
      const retry = plan.retry ? await send(plan, 'retry') : null;
      return [...firsts, ...(plan.retry ? [retry] : [])];
    }),
  );
  const burstMs = performance.now() - burstStarted;
  const memory = memoryOf(server.pid);

  // Verification through the API (each person's own list) and the data folder (copies and e-mails).
  let lost = 0;
  let duplicates = 0;
  let mismatched = 0;
  await pool(plans, 20, async (plan, i) => {
    const applied = await (
      await fetch(`${base}/api/job/applied-jobs`, {
        headers: { authorization: `Bearer ${plan.user.idToken}` },
      })
    ).json();
    const count = applied.filter((id) => id === job.id).length;
    if (count === 0) lost += 1;
    if (count > 1) duplicates += 1;
    const ids = new Set(receipts[i].filter(Boolean).map((receipt) => receipt.applicationId));
    if (ids.size > 1) mismatched += 1;
  });
  const replayed = receipts.flat().filter((receipt) => receipt?.replayed).length;
  const resumeCopies = existsSync(path.join(storageDir, 'applications'))
    ? readdirSync(path.join(storageDir, 'applications')).filter((name) => name.endsWith('.pdf')).length
    : 0;
  await waitFor(
    () =>
      existsSync(outboxDir) && readdirSync(outboxDir).filter((name) => name.endsWith('.eml')).length >= plans.length,
    'every confirmation e-mail',
    30_000,
  ).catch(() => {});
  const emails = existsSync(outboxDir) ? readdirSync(outboxDir).filter((name) => name.endsWith('.eml')).length : 0;

  const sorted = [...samples].sort((a, b) => a - b);
  console.log('');
  console.log(
    `| requests | applications | errors | lost | duplicates | replayed | p50 ms | p99 ms | max ms | ` +
      'applications/s | upload MB/s | server RSS peak MB |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  console.log(
    `| ${samples.length} | ${plans.length} | ${failures.length} | ${lost} | ${duplicates + mismatched} | ${replayed} | ` +
      `${percentile(sorted, 50).toFixed(0)} | ${percentile(sorted, 99).toFixed(0)} | ${sorted.at(-1).toFixed(0)} | ` +
      `${(plans.length / (burstMs / 1000)).toFixed(1)} | ${((samples.length * pdfBytes) / 1024 / 1024 / (burstMs / 1000)).toFixed(1)} | ` +
      `${memory.peakMb.toFixed(0)} |`,
  );
  console.log('');
  console.log(
    `Burst of ${samples.length} requests took ${(burstMs / 1000).toFixed(1)} s; server RSS ${memory.rssMb.toFixed(0)} MB ` +
      `after it, peak ${memory.peakMb.toFixed(0)} MB (${databaseUrl ? 'PostgreSQL' : 'PGlite embedded'}).`,
  );
  console.log(`Stored: ${resumeCopies} resume copies and ${emails} confirmation e-mails for ${plans.length} people.`);
  for (const failure of failures.slice(0, 10)) console.log(`  failure: ${failure}`);
  const ok =
    failures.length === 0 &&
    lost === 0 &&
    duplicates === 0 &&
    mismatched === 0 &&
    resumeCopies === plans.length &&
    emails === plans.length;
  console.log(ok ? 'Exactly once: met (0 errors, 0 lost, 0 duplicates).' : 'Exactly once: MISSED');
  if (!ok) process.exitCode = 1;
} catch (error) {
  console.error(`[bench:apply] failed: ${error instanceof Error ? error.stack : error}`);
  process.exitCode = 1;
} finally {
  await stopAll();
  if (adminDatabaseUrl && databaseUrl) {
    await withAdmin((client) => client.query(`drop database if exists "${benchDatabaseName}" with (force)`)).catch(
      () => {},
    );
  }
  rmSync(workDir, { recursive: true, force: true });
}

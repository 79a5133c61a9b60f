#!/usr/bin/env node
// `npm run bench:api`: signed-in reads under load. Starts the Auth emulator, a node:http hello-world server (the
// machine's reference, same run) and the API (PGlite on a temporary DATA_DIR, then PostgreSQL on a temporary
// database of BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; BENCH_DATABASE_URL=none skips
// it), creates BENCH_STUDENTS (50) accounts, and measures GET /api/profile with BENCH_CONNECTIONS (50) connections,
// each connection a different student, for BENCH_DURATION (10) seconds: requests/s, p50/p99, errors and the API's
// CPU seconds per 1,000 requests. Ports: PORT (API), BENCH_HELLO_PORT, AUTH_EMULATOR_PORT (+1, +2 for its hub and
// logging); free ones by default.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  benchServerEnv,
  createEmulatorGoogleUser,
  freePort,
  waitFor,
  writeAuthEmulatorConfig,
} from './bench-support.mjs';
import { childProcesses } from './child-processes.mjs';
import { ensureServerBuild } from './ensure-server-build.mjs';
import { serverEnv as serverProcessEnv, serverNodeFlags } from './server-node-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const studentCount = Number(process.env.BENCH_STUDENTS ?? 50);
const postgresUrl =
  process.env.BENCH_DATABASE_URL === 'none'
    ? null
    : process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const goals = { requestsPerSecond: 2000, p99Ms: 50 };
const projectId = 'demo-campus-jobs-bench-api';
const log = (message) => console.log(`[bench:api] ${message}`);
process.removeAllListeners('warning');
process.on('warning', (warning) => {
  if (warning.name !== 'TimeoutNegativeWarning') console.warn(warning);
});
const serverEntry = path.join(root, 'dist', 'server', 'server', 'index.js');
ensureServerBuild(root, serverEntry, log);

const { start: startProcess, stop, stopAll, startAuthEmulator } = childProcesses(root, 'bench:api');

/** utime + stime of a process, in seconds. */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** autocannon with each connection holding one student's token (connection i -> student i mod n). */
async function measure(url, tokens, pid) {
  let next = 0;
  const options = {
    url,
    connections,
    setupClient(client) {
      const token = tokens[next++ % tokens.length];
      if (token) client.setHeaders({ authorization: `Bearer ${token}` });
    },
  };
  await autocannon({ ...options, duration: Math.min(2, duration) });
  next = 0;
  const cpuBefore = pid ? cpuSeconds(pid) : 0;
  const result = await autocannon({ ...options, duration });
  const cpu = pid ? cpuSeconds(pid) - cpuBefore : NaN;
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    total: result.requests.total,
    bytesPerResponse: result.throughput.total / Math.max(1, result.requests.total),
    cpuPerThousand: pid ? (cpu / result.requests.total) * 1000 : NaN,
  };
}

const workDir = mkdtempSync(path.join(tmpdir(), 'i13-bench-api-'));
const rows = [];
const hello = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end('{"hello":"world"}');
});
try {
  const authPort = Number(process.env.AUTH_EMULATOR_PORT || (await freePort()));
  const helloPort = Number(process.env.BENCH_HELLO_PORT || (await freePort()));
  await new Promise((resolve) => hello.listen(helloPort, '127.0.0.1', resolve));
  const firebaseConfig = writeAuthEmulatorConfig(workDir, { auth: authPort });
  const { child: emulator, url: emulatorUrl } = await startAuthEmulator({
    projectId,
    config: firebaseConfig,
    port: authPort,
    env: { TMPDIR: workDir },
  });
  const students = [];
  for (let i = 0; i < studentCount; i += 10) {
    students.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(10, studentCount - i) }, (_, j) =>
          createEmulatorGoogleUser(emulatorUrl, `api-${i + j}`),
        ),
      )),
    );
  }
  const tokens = students.map((student) => student.idToken);

  const helloFigures = await measure(`http://127.0.0.1:${helloPort}/`, [], null);
  rows.push({ label: 'hello world (node:http)', ...helloFigures });

  for (const backend of [
    { label: 'PGlite', admin: null },
    ...(postgresUrl ? [{ label: 'PostgreSQL', admin: postgresUrl }] : []),
  ]) {
    const databaseName = `campus_jobs_bench_api_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    let databaseUrl = '';
    if (backend.admin) {
      const client = new pg.Client({ connectionString: backend.admin });
      await client.connect();
      await client.query(`create database "${databaseName}"`);
      await client.end();
      const url = new URL(backend.admin);
      url.pathname = `/${databaseName}`;
      databaseUrl = url.toString();
    }
    const port = Number(process.env.PORT || (await freePort()));
    // BENCH_CPU_PROFILE=dir: a V8 CPU profile of each API run there (open it in Chrome DevTools) to see where time goes.
    const profileFlags = process.env.BENCH_CPU_PROFILE
      ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROFILE)}`]
      : [];
    const server = startProcess([...serverNodeFlags, ...profileFlags, serverEntry], {
      ...serverProcessEnv,
      ...benchServerEnv(
        { port, dataDir: path.join(workDir, `data-${backend.label}`), databaseUrl, projectId, authPort, workDir },
        { SEED_DEMO_DATA: 'false' },
      ),
    });
    try {
      const base = `http://127.0.0.1:${port}`;
      await waitFor(async () => (await fetch(`${base}/api/healthz`)).ok, `API start (${backend.label})`);
      // Every student has an account, as after their first sign-in.
      await Promise.all(
        students.map((student) =>
          fetch(`${base}/api/auth/create-account`, {
            method: 'POST',
            headers: { authorization: `Bearer ${student.idToken}`, 'content-type': 'application/json' },
            body: JSON.stringify({ email: student.email }),
          }),
        ),
      );
      const one = performance.now();
      await fetch(`${base}/api/profile`, { headers: { authorization: `Bearer ${tokens[0]}` } });
      const single = performance.now() - one;
      const figures = await measure(`${base}/api/profile`, tokens, server.pid);
      // The answers are each student's own profile (a figure for wrong answers would be worthless).
      const checks = await Promise.all(
        students.slice(0, 5).map(async (student) => {
          const profile = await (
            await fetch(`${base}/api/profile`, { headers: { authorization: `Bearer ${student.idToken}` } })
          ).json();
          return profile.email === student.email;
        }),
      );
      if (!checks.every(Boolean))
        throw new Error(`GET /api/profile answered another student's profile (${backend.label})`);
      rows.push({ label: `GET /api/profile, ${backend.label}`, ...figures, single });
    } finally {
      await stop(server);
      if (backend.admin) {
        const client = new pg.Client({ connectionString: backend.admin });
        await client.connect();
        await client.query(`drop database if exists "${databaseName}" with (force)`).catch(() => {});
        await client.end();
      }
    }
  }
  await stop(emulator);

  console.log('');
  console.log(`${connections} connections, ${studentCount} students, ${duration} s per run`);
  console.log(
    '| run | requests/s | vs hello world | p50 ms | p99 ms | errors | bytes per answer | API CPU s per 1,000 requests |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    console.log(
      `| ${row.label} | ${row.requestsPerSecond.toFixed(0)} | ${(row.requestsPerSecond / helloFigures.requestsPerSecond).toFixed(2)} | ` +
        `${row.p50} | ${row.p99} | ${row.errors} | ${row.bytesPerResponse.toFixed(0)} | ${Number.isNaN(row.cpuPerThousand) ? '-' : row.cpuPerThousand.toFixed(2)} |`,
    );
  }
  const postgresRow = rows.find((row) => row.label.endsWith('PostgreSQL'));
  if (postgresRow) {
    const met =
      postgresRow.requestsPerSecond >= goals.requestsPerSecond &&
      postgresRow.p99 <= goals.p99Ms &&
      postgresRow.errors === 0;
    console.log(
      `Goal on PostgreSQL (>= ${goals.requestsPerSecond} requests/s, p99 <= ${goals.p99Ms} ms, 0 errors): ${met ? 'met' : 'MISSED'}`,
    );
  }
} catch (error) {
  console.error(`[bench:api] failed: ${error instanceof Error ? error.stack : error}`);
  process.exitCode = 1;
} finally {
  await stopAll();
  hello.close();
  rmSync(workDir, { recursive: true, force: true });
}

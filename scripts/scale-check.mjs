#!/usr/bin/env node
// `npm run scale:check`: two real API processes (the built server, started as the README's "Running at scale" says)
// on one fresh PostgreSQL database, with one S3-compatible store, one SMTP server, one Auth emulator and a stand-in
// for GitHub shared by both. Checks, and prints a figure for each:
//   1. both start together on the empty database and become ready; each migration is applied once;
//   2. a job published through instance A is on instance B's board (the delay, through LISTEN/NOTIFY);
//   3. the GitHub-connect limit (10 per account, counted in the database) holds over requests alternated on A and B;
//   4. SIGTERM on A while a slow upload is in progress: no new connection, readiness 503, the upload completes, exit 0
//      (and B serves the uploaded file from the shared store);
//   5. the invitation e-mail queued by the operator's command goes out once over SMTP (two senders share the outbox).
// Exit code 1 when a check fails.
// SCALE_CHECK_POSTGRES_URL: a database of the server where `scale_check_<random>` is created and dropped
// (default postgresql://postgres@127.0.0.1:5432/postgres). SCALE_CHECK_PORTS="auth,apiA,apiB" (default 4510,4520,4521;
// the Auth emulator also takes auth+1 and auth+2).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  benchServerEnv,
  buildPdf,
  createEmulatorGoogleUser,
  waitFor,
  writeAuthEmulatorConfig,
} from './bench-support.mjs';
import { childProcesses } from './child-processes.mjs';
import { ensureServerBuild } from './ensure-server-build.mjs';
import { serverEnv, serverNodeFlags } from './server-node-flags.mjs';
import { startFakeGithub } from '../tests/api-setup/fake-github.ts';
import { startLocalS3Server } from '../tests/api-setup/local-s3-server.ts';
import { startSmtpStub } from '../tests/api-setup/smtp-stub.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (message) => console.log(`[scale:check] ${message}`);
const entry = path.join(root, 'dist', 'server', 'server', 'index.js');
const began = Date.now();
ensureServerBuild(root, entry, log);

const [authPort, portA, portB] = (process.env.SCALE_CHECK_PORTS ?? '4510,4520,4521').split(',').map(Number);
const adminUrl = process.env.SCALE_CHECK_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const databaseName = `scale_check_${randomBytes(6).toString('hex')}`;
const databaseUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();
const projectId = 'demo-scale-check';
const workDir = mkdtempSync(path.join(tmpdir(), 'scale-check-'));
const processes = childProcesses(root, 'scale:check');
const githubToken = 'gho_scalecheck0123456789';
const connectLimit = 10; // src/server/modules/profile/github.routes.ts
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
/** `promise`, or `fallback` after `ms` (the timer does not keep the process alive afterwards). */
async function within(promise, ms, fallback) {
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(resolve, ms, fallback);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

const rows = [];
function check(what, ok, figure) {
  rows.push({ what, ok, figure });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}: ${figure}`);
}

// ------------------------------------------------------------------------------------------------- instances

const instances = [];
function startInstance(name, port, env) {
  const dataDir = path.join(workDir, name);
  mkdirSync(dataDir, { recursive: true });
  const startedAt = Date.now();
  // As the README's "Running at scale" starts each instance (no launcher: this process gets the server's exit code).
  const child = spawn(process.execPath, [...serverNodeFlags, entry], {
    cwd: root,
    env: {
      ...process.env,
      ...serverEnv,
      ...benchServerEnv({ port, dataDir, databaseUrl, projectId, authPort, workDir }, env),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      instance.exitedAt = performance.now();
      resolve(signal ?? code);
    }),
  );
  const instance = { name, port, child, startedAt, exited, output: () => output, url: `http://127.0.0.1:${port}` };
  instances.push(instance);
  return instance;
}

async function ready(instance) {
  await waitFor(
    async () => {
      if (instance.child.exitCode !== null) throw new Error(`${instance.name} exited (${instance.child.exitCode})`);
      return (await fetch(`${instance.url}/api/readyz`)).status === 200;
    },
    `${instance.name} ready`,
    180_000,
  ).catch((error) => {
    if (instance.child.exitCode !== null)
      throw new Error(`${instance.name} exited with code ${instance.child.exitCode}`);
    throw error;
  });
  return Date.now() - instance.startedAt;
}

async function call(instance, method, url, { token, body } = {}) {
  const response = await fetch(`${instance.url}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: response.status, json, text };
}

const listening = (port) =>
  new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

// ------------------------------------------------------------------------------------------------- raw HTTP

/**
 * A socket to `port` whose responses are read in order (HTTP/1.1 pipelining): `nextResponse()` resolves with the
 * next one's status, headers and body (Content-Length or chunked).
 */
function rawConnection(port) {
  const socket = createConnection({ host: '127.0.0.1', port });
  let buffer = Buffer.alloc(0);
  let closed = false;
  let wake = () => {};
  socket.on('data', (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    wake();
  });
  socket.on('close', () => {
    closed = true;
    wake();
  });
  socket.on('error', () => {});
  const more = () =>
    new Promise((resolve, reject) => {
      if (closed) return reject(new Error('connection closed before the response ended'));
      wake = resolve;
    });

  async function nextResponse() {
    let end;
    while ((end = buffer.indexOf('\r\n\r\n')) === -1) await more();
    const [statusLine, ...headerLines] = buffer.subarray(0, end).toString('latin1').split('\r\n');
    const headers = Object.fromEntries(
      headerLines.map((line) => [
        line.slice(0, line.indexOf(':')).toLowerCase(),
        line.slice(line.indexOf(':') + 1).trim(),
      ]),
    );
    buffer = buffer.subarray(end + 4);
    let body;
    if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
      const parts = [];
      for (;;) {
        let lineEnd;
        while ((lineEnd = buffer.indexOf('\r\n')) === -1) await more();
        const size = parseInt(buffer.subarray(0, lineEnd).toString('latin1'), 16);
        while (buffer.length < lineEnd + 2 + size + 2) await more();
        parts.push(buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
        buffer = buffer.subarray(lineEnd + 2 + size + 2);
        if (size === 0) break;
      }
      body = Buffer.concat(parts);
    } else {
      const length = Number(headers['content-length'] ?? 0);
      while (buffer.length < length) await more();
      body = buffer.subarray(0, length);
      buffer = buffer.subarray(length);
    }
    return { status: Number(statusLine.split(' ')[1]), headers, body: body.toString('utf8') };
  }

  return {
    connected: new Promise((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    }),
    write: (data) => new Promise((resolve) => socket.write(data, resolve)),
    nextResponse,
    close: () => socket.destroy(),
  };
}

function multipartResume(file) {
  const boundary = `----scalecheck${randomBytes(8).toString('hex')}`;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="resume"; filename="resume.pdf"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

// ------------------------------------------------------------------------------------------------- the checks

const admin = new pg.Client({ connectionString: adminUrl });
let database = null;
let s3 = null;
let smtp = null;
let github = null;
try {
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();
  log(`database ${databaseName} created`);

  [s3, smtp, github] = await Promise.all([
    startLocalS3Server({ bucket: 'scale-check' }),
    startSmtpStub(),
    startFakeGithub([{ token: githubToken, login: 'scale-check-student' }]),
  ]);
  const emulator = await processes.startAuthEmulator({
    projectId,
    config: writeAuthEmulatorConfig(workDir, { auth: authPort }),
    port: authPort,
  });
  log(`Auth emulator, S3 store (${s3.endpoint}), SMTP server (${smtp.url}) and GitHub stand-in up`);

  const shared = {
    SEED_DEMO_DATA: 'false',
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: s3.region,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    SMTP_URL: smtp.url,
    GITHUB_GRAPHQL_URL: github.graphqlUrl,
    GITHUB_API_URL: github.apiUrl,
    PUBLIC_URL: 'http://jobs.scale-check.test',
  };

  // 1. Both at once on the empty database.
  const a = startInstance('A', portA, shared);
  const b = startInstance('B', portB, shared);
  const [readyA, readyB] = await Promise.all([ready(a), ready(b)]);
  const journal = JSON.parse(readFileSync(path.join(root, 'migrations', 'meta', '_journal.json'), 'utf8')).entries;
  const applied = (
    await database.query(
      'select count(*)::int as rows, count(distinct hash)::int as files from drizzle.__drizzle_migrations',
    )
  ).rows[0];
  check(
    'both instances start together on an empty database and become ready',
    a.child.exitCode === null && b.child.exitCode === null,
    `/api/readyz 200 after ${seconds(readyA)} (A) and ${seconds(readyB)} (B)`,
  );
  check(
    'each migration applied once',
    applied.rows === journal.length && applied.files === journal.length,
    `${applied.rows} rows in drizzle.__drizzle_migrations for ${journal.length} files`,
  );

  // 5 (set-up). The operator's command creates an organization straight in the database: its owner's invitation goes
  // into the outbox, for whichever instance's sender takes it.
  const owner = await createEmulatorGoogleUser(emulator.url, 'owner');
  const org = spawnSync(
    process.execPath,
    [
      path.join(root, 'dist', 'server', 'server', 'cli', 'org.js'),
      'create',
      '--name',
      'Scale Check Robotics',
      '--owner',
      owner.email,
    ],
    {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, PUBLIC_URL: shared.PUBLIC_URL, LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    },
  );
  const invitation = /\/company\/join\/(\S+)/.exec(org.stdout)?.[1];
  if (org.status !== 0 || !invitation) throw new Error(`npm run org failed (${org.status}): ${org.stderr}`);
  const joined = await call(a, 'POST', `/api/company/join/${invitation}`, { token: owner.idToken });
  if (joined.status !== 200) throw new Error(`joining the organization on A: ${joined.status} ${joined.text}`);
  const organizationId = joined.json.id;

  // 2. A job published through A, looked for on B's board.
  const delays = [];
  for (let round = 1; round <= 5; round++) {
    const posted = await call(a, 'POST', '/api/company/jobs', {
      token: owner.idToken,
      body: {
        organizationId,
        title: `Scale Check Engineer ${round}`,
        type: 'Internship',
        location: 'Montreal, QC, Canada',
        description: 'Keep two instances of the job board in step.',
        requirements: '- PostgreSQL',
        postingDate: new Date(Date.now() - 86_400_000).toISOString(),
        skills: ['SQL'],
        family: 'software',
        visibility: 'public',
        status: 'published',
      },
    });
    if (posted.status !== 201) throw new Error(`publishing on A: ${posted.status} ${posted.text}`);
    const publishedAt = performance.now();
    for (;;) {
      const page = await call(b, 'GET', '/api/public/board?type=featured&limit=100');
      if (page.json?.jobs?.some((job) => job.id === posted.json.id)) break;
      if (performance.now() - publishedAt > 60_000) throw new Error(`job ${round} not on B's board within 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    delays.push(performance.now() - publishedAt);
  }
  // The version poll is every 15 s: only the notice explains delays well under it, five times out of five.
  check(
    "a job published on A is on B's board",
    delays.every((delay) => delay < 5_000),
    `${delays.map((delay) => `${Math.round(delay)} ms`).join(', ')} after A's 201 (median ${Math.round(median(delays))} ms; poll alone: up to 15 s)`,
  );

  // 3. One account's GitHub connections alternated between A and B: the limit counts both.
  const student = await createEmulatorGoogleUser(emulator.url, 'student');
  const statuses = [];
  for (let attempt = 0; attempt < connectLimit + 2; attempt++) {
    const instance = attempt % 2 === 0 ? a : b;
    const answer = await call(instance, 'POST', '/api/github/profile', {
      token: student.idToken,
      body: { githubToken },
    });
    statuses.push(`${instance.name}:${answer.status}`);
  }
  const accepted = statuses.filter((status) => status.endsWith(':200')).length;
  const limited = statuses.slice(connectLimit).every((status) => status.endsWith(':429'));
  check(
    'the GitHub-connect limit holds across A and B',
    accepted === connectLimit && limited,
    `${accepted} accepted (${statuses.filter((status) => status === 'A:200').length} on A, ${
      statuses.filter((status) => status === 'B:200').length
    } on B), then ${statuses.slice(connectLimit).join(', ')}`,
  );

  // 4. SIGTERM on A during a slow upload (the resume goes to the shared S3 store).
  const resume = multipartResume(buildPdf('scale-check', 400_000));
  const upload = rawConnection(a.port);
  await upload.connected;
  await upload.write(
    `PATCH /api/profile/main-resume HTTP/1.1\r\nHost: 127.0.0.1:${a.port}\r\nAuthorization: Bearer ${student.idToken}\r\n` +
      `Content-Type: ${resume.contentType}\r\nContent-Length: ${resume.body.length}\r\n\r\n`,
  );
  const pieces = 10;
  const pieceSize = Math.ceil(resume.body.length / pieces);
  const uploadStart = performance.now();
  await upload.write(resume.body.subarray(0, pieceSize * 2));
  await new Promise((resolve) => setTimeout(resolve, 300));
  const objectsBefore = s3.objects.size;
  a.child.kill('SIGTERM');
  const signalledAt = performance.now();
  await waitFor(async () => !(await listening(a.port)), 'A closing its listener', 30_000);
  const refusedAfter = performance.now() - signalledAt;
  // The slow client goes on: the rest of the body over about two more seconds.
  for (let piece = 2; piece < pieces; piece++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    await upload.write(resume.body.subarray(piece * pieceSize, (piece + 1) * pieceSize));
  }
  // A readiness probe on the same kept-alive connection, right behind the upload (pipelined).
  await upload.write(`GET /api/readyz HTTP/1.1\r\nHost: 127.0.0.1:${a.port}\r\n\r\n`);
  let uploaded;
  try {
    uploaded = await upload.nextResponse();
  } catch (error) {
    uploaded = { status: `none (${error.message})`, body: '' };
  }
  const uploadMs = performance.now() - uploadStart;
  let readiness;
  try {
    readiness = await upload.nextResponse();
  } catch (error) {
    readiness = { status: `none (${error.message})`, body: '' };
  }
  upload.close();
  const exitCode = await within(a.exited, 60_000, 'still running');
  const exitMs = (a.exitedAt ?? performance.now()) - signalledAt;
  check(
    'SIGTERM on A: new connections refused',
    refusedAfter < 5_000,
    `listener closed ${Math.round(refusedAfter)} ms after the signal`,
  );
  check(
    'SIGTERM on A: readiness answers 503 on a connection still open',
    readiness.status === 503,
    `GET /api/readyz ${readiness.status} ${readiness.body.slice(0, 80)}`,
  );
  check(
    'SIGTERM on A: the upload in progress completes',
    uploaded.status === 200 && s3.objects.size === objectsBefore + 1,
    `PATCH /api/profile/main-resume ${uploaded.status} after ${seconds(uploadMs)} (${Math.round(
      resume.body.length / 1024,
    )} KB, ended ${seconds(uploadStart + uploadMs - signalledAt)} after the signal); ${s3.objects.size - objectsBefore} object stored`,
  );
  check('SIGTERM on A: exit code 0', exitCode === 0, `exit ${exitCode} ${Math.round(exitMs)} ms after the signal`);
  const served = await fetch(`${b.url}/api/profile/resume`, {
    headers: { authorization: `Bearer ${student.idToken}` },
  });
  const servedBytes = (await served.arrayBuffer()).byteLength;
  check(
    'B serves the resume uploaded through A (shared store)',
    served.status === 200 && servedBytes > 0,
    `GET /api/profile/resume on B ${served.status}, ${Math.round(servedBytes / 1024)} KB`,
  );

  // 5. The invitation e-mail: sent once, by one of the two senders.
  await waitFor(
    async () => smtp.messages.some((message) => message.to.join().includes(owner.email)),
    'invitation e-mail',
    60_000,
  );
  // The sender marks the row sent once the SMTP server has answered: the message can arrive a moment before.
  const sentQuery = () =>
    database.query(`select smtp_queue_id from mail_outbox where recipient = $1 and sent_at is not null`, [owner.email]);
  await waitFor(async () => (await sentQuery()).rows.length > 0, 'invitation e-mail marked sent', 60_000);
  const sentRows = (await sentQuery()).rows;
  const delivered = smtp.messages.filter((message) => message.to.join().includes(owner.email));
  check(
    'the invitation e-mail goes out once over SMTP',
    delivered.length === 1 && sentRows.length === 1 && sentRows[0].smtp_queue_id === delivered[0].queueId,
    `${delivered.length} SMTP message, outbox row sent with queue id ${sentRows[0]?.smtp_queue_id ?? 'none'}`,
  );
} catch (error) {
  check('scale check ran to the end', false, error instanceof Error ? error.message : String(error));
  for (const instance of instances)
    console.error(`--- instance ${instance.name} (last output) ---\n${instance.output().slice(-4000)}`);
} finally {
  await Promise.all(
    instances.map(async (instance) => {
      if (instance.child.exitCode === null && instance.child.signalCode === null) {
        instance.child.kill('SIGTERM');
        await within(instance.exited, 15_000, null);
        if (instance.child.exitCode === null) instance.child.kill('SIGKILL');
      }
    }),
  );
  await processes.stopAll();
  await Promise.all([s3?.close(), smtp?.close(), github?.close()]);
  await database?.end().catch(() => {});
  await admin.query(`drop database if exists ${databaseName} with (force)`).catch((error) => {
    console.error(`[scale:check] could not drop ${databaseName}: ${error.message}`);
  });
  await admin.end().catch(() => {});
  rmSync(workDir, { recursive: true, force: true });
}

const failed = rows.filter((row) => !row.ok);
console.log(
  `\n${failed.length === 0 ? 'scale:check passed' : `scale:check FAILED (${failed.length} of ${rows.length})`} in ${seconds(
    Date.now() - began,
  )}`,
);
process.exitCode = failed.length === 0 ? 0 : 1;

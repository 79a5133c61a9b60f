#!/usr/bin/env node
// `npm run check:instances`: two `npm start` on one machine (different ports and data folders, the same default
// Firebase project id) each keep their own sign-in users across restarts, a session started before a restart is
// still valid after it, and a second `npm start` on a folder in use is refused before it starts anything.
// Ports: INSTANCE_PORTS="apiA,authA,apiB,authB,apiC,authC" (default 3310,9310,3320,9320,3330,9330).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitFor } from './bench-support.mjs';
import { ensureServerBuild } from './ensure-server-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (message) => console.log(`[check:instances] ${message}`);
ensureServerBuild(root, path.join(root, 'dist', 'server', 'server', 'index.js'), log);
const [apiA, authA, apiB, authB, apiC, authC] = (process.env.INSTANCE_PORTS ?? '3310,9310,3320,9320,3330,9330')
  .split(',')
  .map(Number);
const projectId = 'demo-campus-jobs';
const workDir = mkdtempSync(path.join(tmpdir(), 'i13-instances-'));
const running = new Set();
const started = [];
// The local default, whatever this shell has set.
const inheritedEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) => !['FIREBASE_PROJECT_ID', 'FIREBASE_AUTH_EMULATOR_HOST', 'DATABASE_URL', 'NODE_ENV'].includes(name),
  ),
);

function start(name, port, authPort, dataDir) {
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs'), '--no-build'], {
    cwd: root,
    env: {
      ...inheritedEnv,
      PORT: String(port),
      AUTH_EMULATOR_PORT: String(authPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  running.add(child);
  const instance = { name, child, port, authPort, dataDir, exited, output: () => output };
  started.push(instance);
  return instance;
}
async function ready(instance) {
  await waitFor(
    async () => (await fetch(`http://127.0.0.1:${instance.port}/api/healthz`)).ok,
    `${instance.name} start`,
    180_000,
  );
}
async function stop(instance) {
  instance.child.kill('SIGINT');
  return instance.exited;
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

async function identity(authPort, method, body) {
  const response = await fetch(
    `http://127.0.0.1:${authPort}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=local`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
  );
  return { status: response.status, json: await response.json() };
}
async function emails(authPort) {
  const response = await fetch(
    `http://127.0.0.1:${authPort}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:batchGet?maxResults=1000`,
    {
      headers: { authorization: 'Bearer owner' },
    },
  );
  const { users = [] } = await response.json();
  return users.map((user) => user.email).sort();
}
async function profileStatus(port, idToken) {
  const response = await fetch(`http://127.0.0.1:${port}/api/profile`, {
    headers: { authorization: `Bearer ${idToken}` },
  });
  return response.status;
}

const rows = [];
const check = (what, ok, detail) => rows.push({ what, ok, detail });
try {
  const dirA = path.join(workDir, 'a');
  const dirB = path.join(workDir, 'b');
  let a = start('instance A', apiA, authA, dirA);
  let b = start('instance B', apiB, authB, dirB);
  await Promise.all([ready(a), ready(b)]);
  log('both instances ready');
  const userA = await identity(authA, 'signUp', {
    email: 'ada@a.test',
    password: 'correct-horse-1',
    returnSecureToken: true,
  });
  const userB = await identity(authB, 'signUp', {
    email: 'grace@b.test',
    password: 'correct-horse-1',
    returnSecureToken: true,
  });
  check(
    'a user signs up on each instance',
    userA.status === 200 && userB.status === 200,
    `${userA.status}, ${userB.status}`,
  );

  // A third `npm start` on A's folder: refused before its emulator starts or A's firebase.json changes.
  const firebaseJsonBefore = readFileSync(path.join(dirA, 'firebase.json'), 'utf8');
  const c = start('instance C (A’s folder)', apiC, authC, dirA);
  const codeC = await c.exited;
  check(
    'a second npm start on a folder in use is refused',
    codeC !== 0 && /is using DATA_DIR/.test(c.output()),
    `exit ${codeC}`,
  );
  check(
    '…before starting its emulator',
    !(await listening(authC)),
    `port ${authC} ${(await listening(authC)) ? 'open' : 'closed'}`,
  );
  check(
    '…and without touching the folder',
    readFileSync(path.join(dirA, 'firebase.json'), 'utf8') === firebaseJsonBefore,
    'firebase.json unchanged',
  );

  // Ctrl-C both (B first, as in the report), then restart both.
  await stop(b);
  await stop(a);
  a = start('instance A', apiA, authA, dirA);
  b = start('instance B', apiB, authB, dirB);
  await Promise.all([ready(a), ready(b)]);
  log('both instances restarted');
  const usersA = await emails(authA);
  const usersB = await emails(authB);
  check('A keeps exactly its own users', JSON.stringify(usersA) === JSON.stringify(['ada@a.test']), usersA.join(' '));
  check('B keeps exactly its own users', JSON.stringify(usersB) === JSON.stringify(['grace@b.test']), usersB.join(' '));
  const lookupA = await identity(authA, 'lookup', { idToken: userA.json.idToken });
  check(
    'a token from before the restart is still valid for the emulator (no sign-out)',
    lookupA.status === 200,
    lookupA.status === 200 ? 'same uid' : JSON.stringify(lookupA.json.error?.message),
  );
  const apiStatus = await profileStatus(apiA, userA.json.idToken);
  check('…and for the API', apiStatus === 200, `GET /api/profile ${apiStatus}`);
  const refreshed = await fetch(`http://127.0.0.1:${authA}/securetoken.googleapis.com/v1/token?key=local`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: userA.json.refreshToken }),
  });
  const refreshedJson = await refreshed.json();
  check(
    'the refresh token still works and gives the same uid',
    refreshed.ok && refreshedJson.user_id === userA.json.localId,
    `${refreshed.status}`,
  );
  // Command-line tools find the server that `npm start` launched (the launcher holds the folder's lock).
  const { jobs } = await (await fetch(`http://127.0.0.1:${apiA}/api/public/jobs`)).json();
  const shareLink = spawnSync(process.execPath, [path.join(root, 'scripts', 'share-link.mjs'), '--job', jobs[0].id], {
    cwd: root,
    env: { ...inheritedEnv, DATA_DIR: dirA, PORT: String(apiA) },
    encoding: 'utf8',
  });
  check(
    'npm run share-link goes through the running server',
    shareLink.status === 0 && /through the running server/.test(shareLink.stdout + shareLink.stderr),
    `exit ${shareLink.status}`,
  );
  await Promise.all([stop(a), stop(b)]);

  console.log('');
  console.log('| check | result | detail |');
  console.log('|---|---|---|');
  for (const row of rows) console.log(`| ${row.what} | ${row.ok ? 'ok' : 'FAILED'} | ${row.detail} |`);
  const ok = rows.every((row) => row.ok);
  console.log(ok ? 'Instances: each keeps its own users and sessions.' : 'Instances: FAILED');
  if (!ok) process.exitCode = 1;
} catch (error) {
  console.error(`[check:instances] failed: ${error instanceof Error ? error.stack : error}`);
  for (const instance of started)
    console.error(`--- ${instance.name} (${instance.dataDir}) ---\n${instance.output().slice(-3000)}`);
  process.exitCode = 1;
} finally {
  for (const child of running) child.kill('SIGINT');
  await new Promise((resolve) => setTimeout(resolve, running.size ? 5000 : 0));
  rmSync(workDir, { recursive: true, force: true });
}

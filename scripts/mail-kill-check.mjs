#!/usr/bin/env node
// `npm run bench:mail-kill`: how many e-mails a stopped instance makes someone receive twice. One built API process
// on a fresh PostgreSQL database sends a burst of MAILS (100) queued in its outbox to a slow SMTP server (it takes each
// message when its final `.` arrives and answers REPLY_DELAY_MS later, so sends are in flight most of the time); when
// KILL_AFTER (30) messages have arrived the instance is stopped (kill -9, or SIGTERM), a second instance starts on
// the same database, and the script waits until the outbox has sent everything. It counts the messages the SMTP
// server received by Message-ID: duplicates = received - distinct.
//
// The burst is written by SQL, 100 rows of the outbox table's own shape in one insert (kind, recipient, subject,
// body; the columns every version of the table has), as one transaction of a producer would write them: no product
// path queues 100 e-mails at once in every version measured (the operator's `npm run org` queues one per run).
//
// Options:
//   --root DIR        the checkout whose built server (DIR/dist/server/server/index.js, its own migrations) is run;
//                     default this one (built when older than its sources); another one must be built already
//   --signals LIST    kill,term (default both, in that order); --runs N runs of each (default 3)
//   --mails N (100), --kill-after N (30), --reply-delay-ms N (200), --port N (default a free one)
//   MAIL_KILL_POSTGRES_URL: a database of the server where `mail_kill_<random>` is created and dropped
//   (default postgresql://postgres@127.0.0.1:5432/postgres).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { benchServerEnv, freePort, waitFor } from './bench-support.mjs';
import { ensureServerBuild } from './ensure-server-build.mjs';
import { serverEnv, serverNodeFlags } from './server-node-flags.mjs';
import { startSmtpStub } from '../tests/api-setup/smtp-stub.ts';

const own = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (message) => console.log(`[mail-kill] ${message}`);
const { values: options } = parseArgs({
  options: {
    root: { type: 'string', default: own },
    signals: { type: 'string', default: 'kill,term' },
    runs: { type: 'string', default: '3' },
    mails: { type: 'string', default: '100' },
    'kill-after': { type: 'string', default: '30' },
    'reply-delay-ms': { type: 'string', default: '200' },
    port: { type: 'string' },
  },
});
const root = path.resolve(options.root);
const entry = path.join(root, 'dist', 'server', 'server', 'index.js');
if (root === own) ensureServerBuild(root, entry, log);
else if (!existsSync(entry))
  throw new Error(`${entry} is missing: build that checkout (npx tsc -p tsconfig.server.json)`);
const signals = options.signals.split(',').map((name) => {
  if (name !== 'kill' && name !== 'term') throw new Error(`--signals: kill or term, not ${name}`);
  return name === 'kill' ? 'SIGKILL' : 'SIGTERM';
});
const runs = Number(options.runs);
const mailCount = Number(options.mails);
const killAfter = Number(options['kill-after']);
const replyDelayMs = Number(options['reply-delay-ms']);
const port = options.port ? Number(options.port) : await freePort();

const adminUrl = process.env.MAIL_KILL_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const databaseName = `mail_kill_${randomBytes(6).toString('hex')}`;
const databaseUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();
const workDir = mkdtempSync(path.join(tmpdir(), 'mail-kill-'));
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** The built server at `root`, as the README's "Running at scale" starts an instance; its output is kept. */
function startInstance(name, smtpUrl) {
  const dataDir = path.join(workDir, name);
  mkdirSync(dataDir, { recursive: true });
  const child = spawn(process.execPath, [...serverNodeFlags, entry], {
    cwd: root,
    env: {
      ...process.env,
      ...serverEnv,
      ...benchServerEnv(
        { port, dataDir, databaseUrl, projectId: 'demo-mail-kill', authPort: 9, workDir },
        { SEED_DEMO_DATA: 'false', SMTP_URL: smtpUrl, PUBLIC_URL: 'http://jobs.mail-kill.test' },
      ),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-200_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  return { name, child, exited, output: () => output };
}

async function ready(instance) {
  await waitFor(async () => {
    if (instance.child.exitCode !== null) throw new Error(`${instance.name} exited (${instance.child.exitCode})`);
    // /api/healthz answers in every version measured (/api/readyz came with decision 029).
    return (await fetch(`http://127.0.0.1:${port}/api/healthz`)).status === 200;
  }, `${instance.name} ready`);
}

async function stop(instance) {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  instance.child.kill('SIGTERM');
  const timer = setTimeout(() => instance.child.kill('SIGKILL'), 30_000);
  await instance.exited;
  clearTimeout(timer);
}

const messageIdOf = (data) => /^Message-ID:\s*(<[^>\s]+>)/im.exec(data.slice(0, data.indexOf('\r\n\r\n')))?.[1];

async function oneRun(database, signal, run) {
  const smtp = await startSmtpStub({ replyDelayMs });
  const instances = [];
  try {
    const first = startInstance(`run${run}-${signal}-1`, smtp.url);
    instances.push(first);
    await ready(first);
    await database.query('delete from mail_outbox'); // the previous run's, all sent
    const body = `Hello,\n\n${'This is one of the messages of a burst. '.repeat(40)}\n\nCampus Jobs`;
    await database.query(
      `insert into mail_outbox (kind, recipient, subject, body)
       select 'mail-kill-check', 'student-' || i || '@example.test', 'Burst message ' || i, $1
       from generate_series(1, $2::int) as i`,
      [body, mailCount],
    );
    const queuedAt = performance.now();
    // The sender polls every 5 s: the burst starts at its next round.
    while (smtp.messages.length < killAfter) {
      if (performance.now() - queuedAt > 120_000) throw new Error(`${killAfter} messages not received within 120 s`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const receivedAtKill = smtp.messages.length;
    first.child.kill(signal);
    const killedAt = performance.now();
    const exit = await first.exited;
    const exitMs = performance.now() - killedAt;
    const columns = new Set(
      (
        await database.query(
          `select column_name from information_schema.columns where table_name = 'mail_outbox' and table_schema = 'public'`,
        )
      ).rows.map((row) => row.column_name),
    );
    const atExit = (
      await database.query(
        `select count(*) filter (where sent_at is not null)::int as sent,
                count(*) filter (where sent_at is null and locked_until > now())::int as leased,
                ${columns.has('send_started_at') ? 'count(*) filter (where send_started_at is not null)::int' : 'null::int'} as started
         from mail_outbox`,
      )
    ).rows[0];

    const second = startInstance(`run${run}-${signal}-2`, smtp.url);
    instances.push(second);
    await ready(second);
    await waitFor(
      async () =>
        (await database.query('select count(*)::int as left from mail_outbox where sent_at is null')).rows[0].left ===
        0,
      'the outbox sent',
      240_000,
    );
    const emptyMs = performance.now() - killedAt;
    await stop(second);
    const ids = smtp.messages.map((message) => messageIdOf(message.data));
    const distinct = new Set(ids.filter(Boolean));
    const result = {
      signal,
      run,
      receivedAtKill,
      exit,
      exitMs,
      sentAtExit: atExit.sent,
      leasedAtExit: atExit.leased,
      startedAtExit: atExit.started,
      sent: (await database.query('select count(*)::int as n from mail_outbox where sent_at is not null')).rows[0].n,
      received: smtp.messages.length,
      distinct: distinct.size,
      duplicates: smtp.messages.length - distinct.size,
      unacknowledged: smtp.messages.filter((message) => message.acknowledged === false).length,
      resendWarnings: second.output().split('e-mail sent again after a cut send').length - 1,
      emptyMs,
      burstMs: killedAt - queuedAt,
    };
    log(
      `${signal} run ${run}: ${receivedAtKill} received when signalled (${seconds(result.burstMs)} after queuing), ` +
        `exit ${exit} after ${Math.round(exitMs)} ms; at exit ${atExit.sent} marked sent, ${atExit.leased} still leased` +
        `${atExit.started === null ? '' : `, ${atExit.started} with a send started`}; outbox empty ` +
        `${seconds(emptyMs)} after the signal; ${result.sent} sent, ${result.received} received, ${result.distinct} ` +
        `distinct Message-IDs, ${result.duplicates} duplicates (${result.unacknowledged} taken but never answered; ` +
        `${result.resendWarnings} "sent again" warnings)`,
    );
    if (result.distinct !== mailCount) log(`  ${mailCount - result.distinct} messages never arrived`);
    return result;
  } finally {
    for (const instance of instances) await stop(instance);
    await smtp.close();
  }
}

const admin = new pg.Client({ connectionString: adminUrl });
const results = [];
let failed = false;
try {
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  const database = new pg.Client({ connectionString: databaseUrl });
  // The first instance migrates the empty database; later runs reuse it (the outbox is emptied before each).
  log(
    `${path.relative(process.cwd(), entry) || entry} on ${databaseName}: ${mailCount} e-mails, stopped after ` +
      `${killAfter} arrive, SMTP reply ${replyDelayMs} ms after each message; ${runs} run(s) of ${signals.join(', ')}`,
  );
  try {
    await database.connect();
    for (const signal of signals) {
      for (let run = 1; run <= runs; run++) {
        results.push(await oneRun(database, signal, run));
      }
    }
  } finally {
    await database.end().catch(() => {});
  }
} catch (error) {
  failed = true;
  console.error(`[mail-kill] failed: ${error instanceof Error ? error.message : error}`);
} finally {
  await admin.query(`drop database if exists ${databaseName} with (force)`).catch((error) => {
    console.error(`[mail-kill] could not drop ${databaseName}: ${error.message}`);
  });
  await admin.end().catch(() => {});
  rmSync(workDir, { recursive: true, force: true });
}

if (results.length > 0) {
  console.log('');
  console.log(
    '| signal | run | received when signalled | exit | marked sent at exit | sent | received | distinct Message-IDs | duplicates | taken, never answered | outbox empty after |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    console.log(
      `| ${r.signal} | ${r.run} | ${r.receivedAtKill} | ${r.exit} | ${r.sentAtExit} | ${r.sent} | ${r.received} | ` +
        `${r.distinct} | ${r.duplicates} | ${r.unacknowledged} | ${seconds(r.emptyMs)} |`,
    );
  }
  for (const signal of signals) {
    const mine = results.filter((r) => r.signal === signal);
    const total = mine.reduce((sum, r) => sum + r.duplicates, 0);
    console.log(
      `${signal}: ${total} duplicates in ${mine.length} runs (${mine.map((r) => r.duplicates).join(', ')}); ` +
        `every message arrived: ${mine.every((r) => r.distinct === mailCount) ? 'yes' : 'NO'}`,
    );
  }
}
process.exitCode = failed ? 1 : 0;

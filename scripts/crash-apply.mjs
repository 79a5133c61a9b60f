#!/usr/bin/env node
// `npm run crash:apply`: kill -9 in the middle of CRASH_USERS (100) concurrent applications, restart, and check that
// nothing acknowledged was lost, nothing doubled, every resend with the same Idempotency-Key replays, and every
// application's confirmation e-mail arrives exactly once (the durable outbox), then count orphan files before and
// after a sweep. Embedded PGlite by default; a temporary database on CRASH_DATABASE_URL for PostgreSQL.
// Ports: PORT (API, default a free one) and AUTH_EMULATOR_PORT (Auth emulator; its hub and logging use the next two).
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import {
  benchServerEnv,
  buildPdf,
  createEmulatorGoogleUser,
  freePort,
  multipart,
  waitFor,
  writeAuthEmulatorConfig,
} from './bench-support.mjs';
import { childProcesses } from './child-processes.mjs';
import { ensureServerBuild } from './ensure-server-build.mjs';
import { serverEnv as serverProcessEnv, serverNodeFlags } from './server-node-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const userCount = Number(process.env.CRASH_USERS ?? 100);
const killAfter = Number(process.env.CRASH_KILL_AFTER ?? Math.ceil(userCount / 3));
const pdfBytes = Number(process.env.CRASH_PDF_BYTES ?? 256 * 1024);
const projectId = 'demo-campus-jobs-crash';
const log = (message) => console.log(`[crash:apply] ${message}`);
const serverEntry = path.join(root, 'dist', 'server', 'server', 'index.js');
ensureServerBuild(root, serverEntry, log);

const { start: startProcess, stop, stopAll, startAuthEmulator } = childProcesses(root, 'crash:apply');

/** A mail server that accepts everything and remembers each message's recipient and Message-ID. */
async function startSmtpSink() {
  const messages = [];
  const server = createServer((socket) => {
    socket.on('error', () => {});
    let buffer = '';
    let inData = false;
    let to = [];
    const reply = (line) => socket.write(`${line}\r\n`);
    reply('220 sink ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          const data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          messages.push({ to: to.join(','), messageId: /^Message-ID:\s*(.*)$/im.exec(data)?.[1]?.trim() ?? null });
          to = [];
          reply('250 ok');
          continue;
        }
        const lineEnd = buffer.indexOf('\r\n');
        if (lineEnd === -1) return;
        const line = buffer.slice(0, lineEnd);
        buffer = buffer.slice(lineEnd + 2);
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO') reply('250-sink\r\n250 8BITMIME');
        else if (command === 'RCPT') {
          to.push(line.slice(8).trim().replace(/[<>]/g, ''));
          reply('250 ok');
        } else if (command === 'DATA') {
          inData = true;
          reply('354 go');
        } else if (command === 'QUIT') {
          reply('221 bye');
          socket.end();
          return;
        } else reply('250 ok');
      }
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${server.address().port}`,
    messages,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const workDir = mkdtempSync(path.join(tmpdir(), 'i13-crash-apply-'));
const adminDatabaseUrl = process.env.CRASH_DATABASE_URL || null;
const databaseName = `campus_jobs_crash_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
let databaseUrl = null;
async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const smtp = await startSmtpSink();
try {
  if (adminDatabaseUrl) {
    await withClient(adminDatabaseUrl, (client) => client.query(`create database "${databaseName}"`));
    const url = new URL(adminDatabaseUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
  const authPort = Number(process.env.AUTH_EMULATOR_PORT || (await freePort()));
  const port = Number(process.env.PORT || (await freePort()));
  const firebaseConfig = writeAuthEmulatorConfig(workDir, { auth: authPort });
  const { child: emulatorProcess, url: emulator } = await startAuthEmulator({
    projectId,
    config: firebaseConfig,
    port: authPort,
  });

  const dataDir = path.join(workDir, 'data');
  const storageDir = path.join(workDir, 'files');
  const serverArgs = [...serverNodeFlags, serverEntry];
  const serverEnv = {
    ...serverProcessEnv,
    ...benchServerEnv(
      { port, dataDir, databaseUrl, projectId, authPort, workDir },
      { SEED_DEMO_DATA: 'true', STORAGE_DIR: storageDir, SMTP_URL: smtp.url },
    ),
  };
  const base = `http://127.0.0.1:${port}`;
  const startServer = async () => {
    const child = startProcess(serverArgs, serverEnv, { label: 'API server' });
    await waitFor(async () => (await fetch(`${base}/api/healthz`)).ok, 'API start');
    return child;
  };

  let server = await startServer();
  const { jobs } = await (await fetch(`${base}/api/public/jobs`)).json();
  const job = jobs[0];
  if (!job) throw new Error('no featured job: the demo data was not seeded');

  const users = [];
  for (let i = 0; i < userCount; i += 20) {
    users.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(20, userCount - i) }, (_, j) =>
          createEmulatorGoogleUser(emulator, `crash-${i + j}`),
        ),
      )),
    );
  }
  const plans = users.map((user, i) => {
    const { body, contentType } = multipart(
      {
        firstName: 'Crash',
        lastName: `Student ${i}`,
        email: user.email,
        phone: '+1 (514) 555-0199',
        university: 'McGill University',
        major: 'Computer Science',
        graduationYear: '2027',
        coverLetter: `Cover letter ${i}.`,
        devpost: 'null',
      },
      { name: `Student ${i}.pdf`, data: buildPdf(`crash-${i}`, pdfBytes) },
    );
    return { user, body, contentType, key: randomUUID() };
  });
  const send = async (plan) => {
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
      return { status: response.status, replayed: response.headers.get('idempotent-replayed') === 'true', body: text };
    } catch (error) {
      return { status: 0, error: error.message };
    }
  };

  log(
    `${userCount} concurrent applications; kill -9 after ${killAfter} acknowledgements (${databaseUrl ? 'PostgreSQL' : 'PGlite'})`,
  );
  const acknowledged = new Set();
  let killed = false;
  await Promise.all(
    plans.map(async (plan, i) => {
      const result = await send(plan);
      if (result.status === 201 && !killed) acknowledged.add(i);
      if (!killed && acknowledged.size >= killAfter) {
        killed = true;
        process.kill(server.pid, 'SIGKILL');
      }
    }),
  );
  if (!killed) process.kill(server.pid, 'SIGKILL');
  await new Promise((resolve) =>
    server.exitCode !== null || server.signalCode !== null ? resolve() : server.once('exit', resolve),
  );
  const mailsBeforeRestart = smtp.messages.length;
  log(
    `killed; ${acknowledged.size} acknowledged, ${mailsBeforeRestart} e-mails had reached the mail server; restarting`,
  );

  server = await startServer();
  // Present and duplicated, read through each person's own list.
  const appliedCounts = await Promise.all(
    plans.map(async (plan) => {
      const applied = await (
        await fetch(`${base}/api/job/applied-jobs`, { headers: { authorization: `Bearer ${plan.user.idToken}` } })
      ).json();
      return applied.filter((id) => id === job.id).length;
    }),
  );
  const present = appliedCounts.filter((count) => count > 0).length;
  const duplicated = appliedCounts.filter((count) => count > 1).length;
  const acknowledgedPresent = [...acknowledged].filter((i) => appliedCounts[i] > 0).length;
  const presentBeforeResend = new Set(plans.map((_, i) => i).filter((i) => appliedCounts[i] > 0));
  const presentEmails = new Set(plans.filter((_, i) => presentBeforeResend.has(i)).map((plan) => plan.user.email));
  const mailedBeforeRestart = new Set(smtp.messages.slice(0, mailsBeforeRestart).map((m) => m.to));
  // Committed applications whose confirmation had not reached the mail server when the process died.
  const owed = [...presentEmails].filter((email) => !mailedBeforeRestart.has(email)).length;
  await waitFor(
    () => [...presentEmails].every((email) => smtp.messages.some((m) => m.to === email)),
    'the owed e-mails',
    90_000,
  ).catch(() => {});
  const sentAfterRestart = smtp.messages.length - mailsBeforeRestart;
  const owedArrived = [...presentEmails].filter(
    (email) => !mailedBeforeRestart.has(email) && smtp.messages.some((m) => m.to === email),
  ).length;

  // Every request is sent again with its key: the acknowledged ones must replay, the others may now be created.
  const resends = await Promise.all(plans.map((plan) => send(plan)));
  const replayed = [...acknowledged].filter((i) => resends[i].status === 201 && resends[i].replayed).length;
  const resendErrors = resends.filter((result) => result.status !== 201).length;
  await waitFor(() => new Set(smtp.messages.map((m) => m.to)).size >= userCount, 'every e-mail', 60_000).catch(
    () => {},
  );
  const finalCounts = await Promise.all(
    plans.map(async (plan) => {
      const applied = await (
        await fetch(`${base}/api/job/applied-jobs`, { headers: { authorization: `Bearer ${plan.user.idToken}` } })
      ).json();
      return applied.filter((id) => id === job.id).length;
    }),
  );
  const byRecipient = new Map();
  for (const message of smtp.messages) {
    const ids = byRecipient.get(message.to) ?? new Set();
    ids.add(message.messageId);
    byRecipient.set(message.to, ids);
  }
  const differentMailsToOne = [...byRecipient.values()].filter((ids) => ids.size > 1).length;
  const sameMailTwice = smtp.messages.length - [...byRecipient.values()].reduce((sum, ids) => sum + ids.size, 0);
  const withMail = plans.filter((plan) => byRecipient.has(plan.user.email)).length;
  await stop(server, 'SIGTERM');

  // Orphans: files of applications that were never committed (written before the kill). The server's sweep leaves
  // files younger than an hour alone; run it here with no grace to show what it removes.
  const applicationsDir = path.join(storageDir, 'applications');
  const files = existsSync(applicationsDir) ? readdirSync(applicationsDir).filter((name) => name.endsWith('.pdf')) : [];
  const dist = (module) => pathToFileURL(path.join(root, 'dist', 'server', 'server', module)).href;
  const { openDatabase } = await import(dist('db/client.js'));
  const { createLocalDiskStorage } = await import(dist('storage/local-disk-storage.js'));
  const { sweepOrphanFiles } = await import(dist('storage/orphan-sweeper.js'));
  const database = await openDatabase({ databaseUrl, dataDir });
  const quiet = { info() {}, warn() {}, error() {} };
  const sweep = await sweepOrphanFiles({
    database,
    storage: createLocalDiskStorage(storageDir),
    log: quiet,
    graceMs: 0,
  });
  await database.close();
  const filesAfter = existsSync(applicationsDir)
    ? readdirSync(applicationsDir).filter((name) => name.endsWith('.pdf')).length
    : 0;
  const finalPresent = finalCounts.filter((count) => count > 0).length;

  console.log('');
  console.log(
    `| database | applications | acknowledged | present (of acknowledged) | duplicated | replayed on resend | ` +
      'e-mails sent before the kill | e-mails owed at restart | owed e-mails arrived | sent after restart | people with e-mail (final) | same message twice | ' +
      'two different e-mails | files before sweep | orphans removed | files after |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  console.log(
    `| ${databaseUrl ? 'PostgreSQL' : 'PGlite'} | ${userCount} | ${acknowledged.size} | ${present} (${acknowledgedPresent}) | ` +
      `${duplicated} | ${replayed}/${acknowledged.size} | ${mailsBeforeRestart} | ${owed} | ${owedArrived} | ${sentAfterRestart} | ${withMail}/${finalPresent} | ` +
      `${sameMailTwice} | ${differentMailsToOne} | ${files.length} | ${sweep.ran ? sweep.removed : 'not run'} | ${filesAfter} |`,
  );
  const ok =
    acknowledgedPresent === acknowledged.size &&
    duplicated === 0 &&
    replayed === acknowledged.size &&
    owedArrived === owed &&
    differentMailsToOne === 0 &&
    withMail === finalPresent &&
    resendErrors === 0 &&
    filesAfter === finalPresent &&
    finalCounts.every((count) => count === 1);
  console.log(
    ok
      ? 'Crash safety: met (nothing acknowledged lost, nothing doubled, every key replayed, every e-mail once).'
      : `Crash safety: MISSED (resend errors ${resendErrors}, final applications ${finalPresent}/${userCount})`,
  );
  if (!ok) process.exitCode = 1;
  await stop(emulatorProcess);
} catch (error) {
  console.error(`[crash:apply] failed: ${error instanceof Error ? error.stack : error}`);
  process.exitCode = 1;
} finally {
  await stopAll();
  await smtp.close();
  if (adminDatabaseUrl && databaseUrl) {
    await withClient(adminDatabaseUrl, (client) =>
      client.query(`drop database if exists "${databaseName}" with (force)`),
    ).catch(() => {});
  }
  rmSync(workDir, { recursive: true, force: true });
}

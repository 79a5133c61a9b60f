import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apply, applicationWithPdf } from '../../../tests/api-setup/applications.ts';
import { createGoogleUser } from '../../../tests/api-setup/emulator-users.ts';
import { insertFeaturedJob, insertOrganization } from '../../../tests/api-setup/job-board.ts';
import { type SmtpStub, startSmtpStub } from '../../../tests/api-setup/smtp-stub.ts';
import { buildEnv, buildTestApp } from '../../../tests/api-setup/test-app.ts';
import { createTestClock } from '../../../tests/api-setup/test-clock.ts';
import { openTestDatabase, type TestDatabase, testDatabaseUrl } from '../../../tests/api-setup/test-database.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { applications, mailOutbox } from '../db/schema.ts';
import { createMailer, type Mailer } from './mailer.ts';
import { createMailSender, enqueueMail, enqueueMails, messageIdOf } from './outbox.ts';

// The durable outbox: a message exists exactly when the change that causes it committed, and the sender delivers
// it at least once, with a stable Message-ID, with retries, one sender at a time per message.

const log = pino({ level: 'silent' });
let testDatabase: TestDatabase;
/** "Another instance": a second connection pool to the same PostgreSQL database (none with PGlite). */
let otherInstance: DatabaseHandle | null = null;
let smtp: SmtpStub;
let workDir: string;

// PGlite is one embedded session: there is no second connection to it, so no other instance can hold a row lock.
const onPglite = testDatabaseUrl() === null;
const postgresOnly = 'PostgreSQL only: one PGlite database is one session, with no second connection';

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  if (testDatabase.url) {
    // A claim never waits for a lock (SKIP LOCKED); were it to wait, this turns the wait into a failed round.
    const url = new URL(testDatabase.url);
    url.searchParams.set('options', '-c lock_timeout=2000');
    otherInstance = await openDatabase({ databaseUrl: url.toString() });
  }
  smtp = await startSmtpStub();
  workDir = mkdtempSync(join(tmpdir(), 'campus-jobs-outbox-'));
});

afterAll(async () => {
  await smtp.close();
  await otherInstance?.close();
  await testDatabase.dispose();
  rmSync(workDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await testDatabase.database.db.delete(mailOutbox);
  smtp.messages.length = 0;
});

const db = () => testDatabase.database.db;

function smtpSender(url = smtp.url, overrides: Partial<Parameters<typeof createMailSender>[0]> = {}) {
  const mailer = createMailer({ smtpUrl: url, from: 'Campus Jobs <no-reply@campusjobs.dev>', outboxDir: workDir, log });
  const sender = createMailSender({
    db: db(),
    mailer,
    log,
    messageIdDomain: 'campusjobs.dev',
    pollIntervalMs: 60_000,
    ...overrides,
  });
  return { mailer, sender };
}

const message = (to: string) => ({ kind: 'test', causeId: 'cause-1', to, subject: 'Hello', text: 'Body' });

describe('enqueueMail inside a transaction', () => {
  it('a rolled-back change leaves no message; a committed one leaves exactly one', async () => {
    await expect(
      db().transaction(async (tx) => {
        await enqueueMail(tx, message('rolled-back@example.test'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await db().transaction(async (tx) => {
      await enqueueMail(tx, message('committed@example.test'));
    });
    const rows = await db().select().from(mailOutbox);
    expect(rows.map((row) => row.recipient)).toEqual(['committed@example.test']);
  });
});

describe('the sender', () => {
  it('delivers a queued message once, with the Message-ID derived from its row, and marks it sent', async () => {
    const id = await enqueueMail(db(), message('ada@example.test'));
    const { sender, mailer } = smtpSender();
    expect(await sender.drain()).toBe(1);
    expect(await sender.drain()).toBe(0);
    await mailer.close();
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]!.data).toMatch(new RegExp(`^Message-ID: ${messageIdOf({ id }, 'campusjobs.dev')}`, 'mi'));
    const [row] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.attempts).toBe(1);
    // The server's final reply and the queue id it named, to look the message up in its logs; the send is over.
    expect(row).toMatchObject({ smtpReply: '250 2.0.0', smtpQueueId: smtp.messages[0]!.queueId, sendStartedAt: null });
  });

  it('a crash between send and mark: the resend carries the same Message-ID (the same message, not a new one)', async () => {
    const id = await enqueueMail(db(), message('grace@example.test'));
    const { sender, mailer } = smtpSender();
    await sender.drain();
    // As if the process died after the SMTP server accepted it but before the row was marked, and the lease ran out.
    await db()
      .update(mailOutbox)
      .set({ sentAt: null, lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.id, id));
    await sender.drain();
    await mailer.close();
    const ids = smtp.messages.map((sent) => /^Message-ID: (.*)$/im.exec(sent.data)?.[1]?.trim());
    expect(ids).toEqual([messageIdOf({ id }, 'campusjobs.dev'), messageIdOf({ id }, 'campusjobs.dev')]);
  });

  it('without SMTP, a resend replaces the same .eml file instead of adding one', async () => {
    const outboxDir = join(workDir, 'eml');
    const mailer = createMailer({ smtpUrl: null, from: 'no-reply@campusjobs.dev', outboxDir, log });
    const sender = createMailSender({ db: db(), mailer, log, messageIdDomain: 'campusjobs.dev' });
    const id = await enqueueMail(db(), message('linus@example.test'));
    await sender.drain();
    await db().update(mailOutbox).set({ sentAt: null, lockedUntil: null }).where(eq(mailOutbox.id, id));
    await sender.drain();
    expect(readdirSync(outboxDir).filter((name) => name.endsWith('.eml'))).toEqual([`${id}@campusjobs.dev.eml`]);
  });

  it('a message with an HTML part and headers goes out as multipart/alternative with those headers, by SMTP and to the folder', async () => {
    const headers = {
      'List-Unsubscribe': '<https://campusjobs.dev/api/unsubscribe/abc.def>, <mailto:support@campusjobs.dev>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
    const rich = { ...message('margaret@example.test'), html: '<p>Bonjour <b>Margaret</b></p>', headers };
    const smtpId = await enqueueMail(db(), rich);
    const [stored] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, smtpId));
    expect(stored).toMatchObject({ html: rich.html, headers });
    const { sender, mailer } = smtpSender();
    expect(await sender.drain()).toBe(1);
    await mailer.close();

    const outboxDir = join(workDir, 'rich');
    const folderMailer = createMailer({ smtpUrl: null, from: 'no-reply@campusjobs.dev', outboxDir, log });
    const folderSender = createMailSender({ db: db(), mailer: folderMailer, log, messageIdDomain: 'campusjobs.dev' });
    const [folderId] = await enqueueMails(db(), [rich]);
    expect(await folderSender.drain()).toBe(1);
    const file = readFileSync(join(outboxDir, `${folderId}@campusjobs.dev.eml`), 'utf8');

    for (const data of [smtp.messages[0]!.data.replaceAll('\r\n', '\n'), file]) {
      const unfolded = data.replace(/\n[ \t]+/g, ' ');
      expect(unfolded).toContain(`List-Unsubscribe: ${headers['List-Unsubscribe']}`);
      expect(unfolded).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      expect(unfolded).toMatch(/Content-Type: multipart\/alternative/);
      expect(data).toMatch(
        /Content-Type: text\/plain[\s\S]*Body[\s\S]*Content-Type: text\/html[\s\S]*Bonjour <b>Margaret<\/b>/,
      );
    }
  });

  it('a refusing mail server: the message is kept, retried later with backoff, its error code recorded (no address)', async () => {
    const refusing = await startSmtpStub({ failWith: '451 4.3.0 Try again later' });
    try {
      const id = await enqueueMail(db(), message('barbara@example.test'));
      const clock = createTestClock();
      const { sender, mailer } = smtpSender(refusing.url, { backoffMs: () => 60_000, now: clock.now });
      expect(await sender.drain()).toBe(0);
      await mailer.close();
      const [row] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(row).toMatchObject({ attempts: 1, sentAt: null, failedAt: null, lockedUntil: null });
      expect(row?.lastError).toMatch(/^SMTP 451$/);
      expect(row!.nextAttemptAt.getTime()).toBe(clock.now() + 60_000);
      // Not due yet: nothing is tried.
      const working = smtpSender();
      expect(await working.sender.drain()).toBe(0);
      // Once due, the working server gets it.
      await db().update(mailOutbox).set({ nextAttemptAt: new Date() }).where(eq(mailOutbox.id, id));
      expect(await working.sender.drain()).toBe(1);
      await working.mailer.close();
      expect(smtp.messages).toHaveLength(1);
    } finally {
      await refusing.close();
    }
  });

  it('gives up after the last attempt and keeps the message as failed', async () => {
    const refusing = await startSmtpStub({ failWith: '550 5.1.1 No such user' });
    try {
      const id = await enqueueMail(db(), message('nobody@example.test'));
      const clock = createTestClock();
      const { sender, mailer } = smtpSender(refusing.url, { maxAttempts: 2, backoffMs: () => 0, now: clock.now });
      await sender.drain();
      await sender.drain();
      await mailer.close();
      const [row] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(row?.attempts).toBe(2);
      expect(row?.failedAt?.getTime()).toBe(clock.now());
    } finally {
      await refusing.close();
    }
  });

  it('two senders sharing one database handle, draining at once, send each message exactly once', async () => {
    for (let index = 0; index < 30; index += 1) await enqueueMail(db(), message(`student-${index}@example.test`));
    const first = smtpSender(smtp.url, { batchSize: 3 });
    const second = smtpSender(smtp.url, { batchSize: 3 });
    const [a, b] = await Promise.all([first.sender.drain(), second.sender.drain()]);
    await first.mailer.close();
    await second.mailer.close();
    expect(a + b).toBe(30);
    expect(smtp.messages).toHaveLength(30);
    expect(new Set(smtp.messages.map((sent) => sent.to[0])).size).toBe(30);
  });
});

describe('two instances: two senders on two connection pools', () => {
  it.skipIf(onPglite)(`draining at once, they send each of 30 messages exactly once (${postgresOnly})`, async () => {
    const recipients = Array.from({ length: 30 }, (_, index) => `<student-${index}@example.test>`);
    for (const recipient of recipients) await enqueueMail(db(), message(recipient.slice(1, -1)));
    const first = smtpSender(smtp.url, { batchSize: 3 });
    const second = smtpSender(smtp.url, { batchSize: 3, db: otherInstance!.db });
    const [a, b] = await Promise.all([first.sender.drain(), second.sender.drain()]);
    await first.mailer.close();
    await second.mailer.close();
    expect(a + b).toBe(30);
    expect(smtp.messages.map((sent) => sent.to[0]).sort()).toEqual([...recipients].sort());
    const rows = await db().select().from(mailOutbox);
    expect(rows.map((row) => row.attempts)).toEqual(Array(30).fill(1));
  });

  it.skipIf(onPglite)(
    `a sender skips the message another instance holds locked, sends the rest without waiting, and sends the held one once it is free (${postgresOnly})`,
    async () => {
      const held = await enqueueMail(db(), message('held@example.test'));
      await enqueueMail(db(), message('free-1@example.test'));
      await enqueueMail(db(), message('free-2@example.test'));
      const { sender, mailer } = smtpSender(smtp.url, { db: otherInstance!.db });
      // The other instance is in the middle of claiming `held`: its row lock lasts until this transaction ends.
      await db().transaction(async (tx) => {
        await tx.execute(sql`select id from ${mailOutbox} where id = ${held} for update`);
        expect(await sender.drain()).toBe(2);
      });
      expect(smtp.messages.map((sent) => sent.to[0]).sort()).toEqual([
        '<free-1@example.test>',
        '<free-2@example.test>',
      ]);
      const [heldRow] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, held));
      expect(heldRow).toMatchObject({ attempts: 0, sentAt: null, lockedUntil: null });
      expect(await sender.drain()).toBe(1);
      await mailer.close();
      expect(smtp.messages.map((sent) => sent.to[0]).sort()).toEqual([
        '<free-1@example.test>',
        '<free-2@example.test>',
        '<held@example.test>',
      ]);
    },
  );
});

describe('stopping and the lease', () => {
  /** A mailer over the SMTP stub whose sends wait until `open()`: a send in progress, held there. */
  function heldMailer() {
    const inner = createMailer({ smtpUrl: smtp.url, from: 'no-reply@campusjobs.dev', outboxDir: workDir, log });
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let started!: () => void;
    const firstStarted = new Promise<void>((resolve) => (started = resolve));
    const mailer: Mailer = {
      ...inner,
      async send(mail) {
        started();
        await gate;
        return inner.send(mail);
      },
    };
    return { mailer, open, firstStarted, close: () => inner.close() };
  }
  const rows = () => db().select().from(mailOutbox).orderBy(mailOutbox.createdAt);

  it('stop() lets the send in progress finish and gives the claimed, unstarted messages back, due at once', async () => {
    for (const to of ['one@example.test', 'two@example.test', 'three@example.test'])
      await enqueueMail(db(), message(to));
    const held = heldMailer();
    const sender = createMailSender({
      db: db(),
      mailer: held.mailer,
      log,
      messageIdDomain: 'campusjobs.dev',
      sendConcurrency: 1,
    });
    sender.start();
    await held.firstStarted;
    const stopping = sender.stop();
    held.open();
    await stopping;
    const afterStop = await rows();
    expect(afterStop.filter((row) => row.sentAt !== null)).toHaveLength(1);
    // The other two: not leased, no attempt counted, nothing recorded as started: another sender takes them now.
    expect(afterStop.filter((row) => row.sentAt === null)).toEqual([
      expect.objectContaining({ lockedUntil: null, attempts: 0, sendStartedAt: null }),
      expect.objectContaining({ lockedUntil: null, attempts: 0, sendStartedAt: null }),
    ]);
    const { sender: next, mailer } = smtpSender();
    expect(await next.drain()).toBe(2);
    await mailer.close();
    await held.close();
    expect(smtp.messages.map((sent) => sent.to[0]).sort()).toEqual([
      '<one@example.test>',
      '<three@example.test>',
      '<two@example.test>',
    ]);
  });

  it('a lease too short for a whole send: nothing is started, the messages go back to the queue unattempted', async () => {
    await enqueueMail(db(), message('short@example.test'));
    // The SMTP mailer's sends may take 30 s (three 10 s timeouts): a 20 s lease would run out under one.
    const { sender, mailer } = smtpSender(smtp.url, { leaseMs: 20_000 });
    expect(await sender.drain()).toBe(0);
    await mailer.close();
    expect(smtp.messages).toHaveLength(0);
    expect(await rows()).toEqual([expect.objectContaining({ lockedUntil: null, attempts: 0, sentAt: null })]);
  });

  it('a send that was cut (its process died in the middle) is sent again once its lease ran out, and recorded', async () => {
    const id = await enqueueMail(db(), message('cut@example.test'));
    await db()
      .update(mailOutbox)
      .set({
        attempts: 1,
        sendStartedAt: sql`now() - interval '61 seconds'`,
        lockedUntil: sql`now() - interval '1 second'`,
      })
      .where(eq(mailOutbox.id, id));
    const { sender, mailer } = smtpSender();
    expect(await sender.drain()).toBe(1);
    await mailer.close();
    expect(smtp.messages).toHaveLength(1);
    expect((await rows())[0]).toMatchObject({
      attempts: 2,
      sendStartedAt: null,
      smtpQueueId: smtp.messages[0]!.queueId,
    });
  });
});

describe('a lease left by a run that died (claimed, never marked sent)', () => {
  async function leasedByDeadRun(to: string): Promise<string> {
    const id = await enqueueMail(db(), message(to));
    // As the claim of a process killed mid-send leaves it: one attempt counted, the lease running for a minute.
    await db()
      .update(mailOutbox)
      .set({ attempts: 1, lockedUntil: sql`now() + interval '60 seconds'` })
      .where(eq(mailOutbox.id, id));
    return id;
  }

  const appEnv = () => buildEnv({ STORAGE_DIR: join(workDir, 'files'), SMTP_URL: smtp.url });
  const rowOf = async (id: string) => (await db().select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];

  it('releaseLeasesOnStart on: start() clears the lease and the message is sent at once, once', async () => {
    const id = await leasedByDeadRun('orphaned@example.test');
    const { sender, mailer } = smtpSender(smtp.url, { releaseLeasesOnStart: true });
    sender.start();
    expect(await sender.drain()).toBe(1);
    await sender.stop();
    await mailer.close();
    expect(smtp.messages.map((sent) => sent.to)).toEqual([['<orphaned@example.test>']]);
    expect(await rowOf(id)).toMatchObject({ attempts: 2, lockedUntil: null, sentAt: expect.any(Date) });
  });

  it('releaseLeasesOnStart off: start() leaves the lease alone; the message is sent once the lease has run out', async () => {
    const id = await leasedByDeadRun('waiting@example.test');
    const leased = await rowOf(id);
    const { sender, mailer } = smtpSender(smtp.url, { releaseLeasesOnStart: false });
    sender.start();
    expect(await sender.drain()).toBe(0);
    await sender.stop();
    expect(smtp.messages).toHaveLength(0);
    expect(await rowOf(id)).toEqual(leased);
    // The lease runs out (moved back rather than waited for): the next round takes the message over.
    await db()
      .update(mailOutbox)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.id, id));
    expect(await sender.drain()).toBe(1);
    await mailer.close();
    expect(smtp.messages.map((sent) => sent.to)).toEqual([['<waiting@example.test>']]);
  });

  // app.ts turns the release on for PGlite only: its data folder is locked by one process, so a lease found at start
  // is a dead process's. With PostgreSQL another instance may be alive and sending that very message.
  it.skipIf(!onPglite)(
    'an app on PGlite releases it when it starts and sends the message at once (PGlite only: PostgreSQL keeps leases)',
    async () => {
      const id = await leasedByDeadRun('restarted@example.test');
      const app = await buildTestApp({ database: testDatabase.database, env: appEnv() });
      try {
        expect(await app.mailSender.drain()).toBe(1);
      } finally {
        await app.close();
      }
      expect(smtp.messages.map((sent) => sent.to)).toEqual([['<restarted@example.test>']]);
      expect(await rowOf(id)).toMatchObject({ attempts: 2, sentAt: expect.any(Date) });
    },
  );

  it.skipIf(onPglite)(
    'an app on PostgreSQL leaves it to run out, as another instance may still be sending it (PostgreSQL only: PGlite releases)',
    async () => {
      const id = await leasedByDeadRun('elsewhere@example.test');
      const leased = await rowOf(id);
      const app = await buildTestApp({ database: testDatabase.database, env: appEnv() });
      try {
        expect(await app.mailSender.drain()).toBe(0);
      } finally {
        await app.close();
      }
      expect(smtp.messages).toHaveLength(0);
      expect(await rowOf(id)).toEqual(leased);
    },
  );
});

describe('an application and its confirmation', () => {
  it('are committed together; a server that stopped before sending leaves it to the next one, which sends it once', async () => {
    const organization = await insertOrganization(db(), { name: 'Contoso Robotics' });
    const job = await insertFeaturedJob(db(), { organizationId: organization.id, title: 'Robotics Intern' });
    const env = buildEnv({ STORAGE_DIR: join(workDir, 'files'), SMTP_URL: smtp.url });
    const first = await buildTestApp({ database: testDatabase.database, env });
    // This instance never gets to send: its sender is stopped, as a process killed right after the commit.
    await first.mailSender.stop();
    const user = await createGoogleUser();
    const response = await apply(first, user, job.id, applicationWithPdf());
    expect(response.statusCode, response.body).toBe(201);
    await first.close();
    const queued = await db().select().from(mailOutbox).where(eq(mailOutbox.causeId, response.json().applicationId));
    expect(queued).toMatchObject([{ kind: 'application-confirmation', recipient: user.email, sentAt: null }]);
    expect(smtp.messages).toHaveLength(0);

    const second = await buildTestApp({ database: testDatabase.database, env });
    try {
      // Its sender starts on ready; drain() waits for whatever it has not finished yet.
      await second.mailSender.drain();
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]!.data).toMatch(/^Subject: Application received: Robotics Intern at Contoso Robotics$/m);
    } finally {
      await second.close();
    }
    const counts = await db().execute(sql`select count(*)::int as n from ${applications}`);
    expect((counts as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });
});

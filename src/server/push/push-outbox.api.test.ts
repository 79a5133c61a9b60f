import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import webpush from 'web-push';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LocalPushService, startLocalPushService } from '../../../tests/api-setup/local-push-service.ts';
import { createTestClock } from '../../../tests/api-setup/test-clock.ts';
import { openTestDatabase, type TestDatabase, testDatabaseUrl } from '../../../tests/api-setup/test-database.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { pushOutbox, pushSubscriptions, users } from '../db/schema.ts';
import { createPushSender, enqueuePush, pushTopicOf, type PushSenderOptions } from './push-outbox.ts';

// The durable push outbox end to end without the internet: web-push sends to a local HTTPS push service, which
// decrypts each message with the subscription's keys (aes128gcm, RFC 8291), so the tests read what a browser would.

const log = pino({ level: 'silent' });
const vapidKeys = webpush.generateVAPIDKeys();
let testDatabase: TestDatabase;
let otherInstance: DatabaseHandle | null = null;
let service: LocalPushService;
const onPglite = testDatabaseUrl() === null;
const postgresOnly = 'PostgreSQL only: one PGlite database is one session, with no second connection';

const db = () => testDatabase.database.db;

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  if (testDatabase.url) otherInstance = await openDatabase({ databaseUrl: testDatabase.url });
  service = await startLocalPushService();
});

afterAll(async () => {
  await service.close();
  await otherInstance?.close();
  await testDatabase.dispose();
});

beforeEach(async () => {
  await db().delete(pushOutbox);
  await db().delete(pushSubscriptions);
  service.received.length = 0;
});

async function insertStudent(): Promise<string> {
  const uid = `push-${randomUUID()}`;
  await db()
    .insert(users)
    .values({ uid, email: `${uid}@example.test`, emailVerified: true, signInProvider: 'password' });
  return uid;
}

/** A browser of `uid` subscribed on the local push service (stored as the subscriptions route stores it). */
async function subscribeBrowser(uid: string) {
  const subscription = service.subscribe();
  const [row] = await db()
    .insert(pushSubscriptions)
    .values({
      userUid: uid,
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
    })
    .returning();
  return row!;
}

function sender(overrides: Partial<PushSenderOptions> = {}) {
  return createPushSender({
    db: db(),
    log,
    vapidKeys,
    subject: 'mailto:support@campusjobs.dev',
    extraAllowedHosts: [service.host],
    agent: service.agent,
    pollIntervalMs: 60_000,
    ...overrides,
  });
}

const payload = { title: 'Application update', body: 'Interview', url: '/jobs/applied#application-1', tag: 'app-1' };

const rowOf = async (id: string) => (await db().select().from(pushOutbox).where(eq(pushOutbox.id, id)))[0]!;

describe('enqueuePush inside a transaction', () => {
  it('a rolled-back change leaves no push; a committed one leaves exactly one', async () => {
    const uid = await insertStudent();
    await expect(
      db().transaction(async (tx) => {
        await enqueuePush(tx, { userUid: uid, kind: 'test', payload: { ...payload, title: 'rolled back' } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await db().transaction(async (tx) => {
      await enqueuePush(tx, { userUid: uid, kind: 'test', causeId: 'cause-1', payload });
    });
    const rows = await db().select().from(pushOutbox);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userUid: uid, kind: 'test', causeId: 'cause-1', payload, attempts: 0 });
  });

  it('refuses a payload whose url leaves the app, or without a title, writing nothing', async () => {
    const uid = await insertStudent();
    for (const url of ['https://evil.example/phish', '//evil.example/x', 'javascript:alert(1)', 'jobs/applied']) {
      await expect(enqueuePush(db(), { userUid: uid, kind: 'test', payload: { ...payload, url } })).rejects.toThrow(
        /path of this app/,
      );
    }
    await expect(
      enqueuePush(db(), { userUid: uid, kind: 'test', payload: { ...payload, title: '' } }),
    ).rejects.toThrow();
    expect(await db().select().from(pushOutbox)).toEqual([]);
  });
});

describe('the push sender', () => {
  it("delivers a message to every browser of the student, encrypted for each, signed with the app's VAPID key", async () => {
    const uid = await insertStudent();
    const phone = await subscribeBrowser(uid);
    const laptop = await subscribeBrowser(uid);
    const someoneElse = await subscribeBrowser(await insertStudent());
    const clock = createTestClock();
    const id = await enqueuePush(db(), { userUid: uid, kind: 'status-change', causeId: 'app-1', payload });

    expect(await sender({ now: clock.now }).drain()).toBe(1);

    expect(service.received.map((push) => push.endpoint).sort()).toEqual([phone.endpoint, laptop.endpoint].sort());
    expect(service.received.map((push) => push.endpoint)).not.toContain(someoneElse.endpoint);
    for (const push of service.received) {
      expect(push.payload).toEqual(payload);
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(push.headers.ttl).toBe(String(3 * 24 * 3600));
      expect(push.headers.urgency).toBe('normal');
      expect(push.headers.topic).toBe(pushTopicOf('app-1'));
      expect(push.headers.authorization).toMatch(
        new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapidKeys.publicKey}$`),
      );
    }
    expect(await rowOf(id)).toMatchObject({
      attempts: 1,
      sentAt: new Date(clock.now()),
      lockedUntil: null,
      lastError: null,
    });
    const stored = await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userUid, uid));
    expect(stored.map((row) => row.lastSuccessAt?.getTime())).toEqual([clock.now(), clock.now()]);
    // Delivered once: nothing left to send.
    expect(await sender().drain()).toBe(0);
    expect(service.received).toHaveLength(2);
  });

  it('a student without a subscription: the message is done, nothing is sent', async () => {
    const id = await enqueuePush(db(), { userUid: await insertStudent(), kind: 'test', payload });
    expect(await sender().drain()).toBe(1);
    expect(service.received).toEqual([]);
    expect(await rowOf(id)).toMatchObject({ sentAt: expect.any(Date), lastError: null });
  });

  it.each([404, 410])(
    'a push service answering %i: that subscription is deleted, the other browser still gets the message',
    async (status) => {
      const uid = await insertStudent();
      const expired = await subscribeBrowser(uid);
      const alive = await subscribeBrowser(uid);
      service.answerNext(expired.endpoint, status);
      const id = await enqueuePush(db(), { userUid: uid, kind: 'test', payload });
      expect(await sender().drain()).toBe(1);
      const left = await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userUid, uid));
      expect(left.map((row) => row.endpoint)).toEqual([alive.endpoint]);
      expect(service.received.map((push) => [push.endpoint, push.status])).toEqual(
        expect.arrayContaining([
          [expired.endpoint, status],
          [alive.endpoint, 201],
        ]),
      );
      expect(await rowOf(id)).toMatchObject({ sentAt: expect.any(Date), lastError: null });
      // The next message goes to the live browser only.
      await enqueuePush(db(), { userUid: uid, kind: 'test', payload: { ...payload, tag: 'next' } });
      service.received.length = 0;
      await sender().drain();
      expect(service.received.map((push) => push.endpoint)).toEqual([alive.endpoint]);
    },
  );

  it.each([500, 503, 429])(
    'a push service answering %i: the message is kept and retried with backoff, then delivered',
    async (status) => {
      const uid = await insertStudent();
      const browser = await subscribeBrowser(uid);
      service.answerNext(browser.endpoint, status);
      const clock = createTestClock();
      const id = await enqueuePush(db(), { userUid: uid, kind: 'test', payload });
      const retrying = sender({ now: clock.now, backoffMs: (attempt) => attempt * 60_000 });
      expect(await retrying.drain()).toBe(0);
      expect(await rowOf(id)).toMatchObject({
        attempts: 1,
        sentAt: null,
        failedAt: null,
        lockedUntil: null,
        lastError: `HTTP ${status}`,
        nextAttemptAt: new Date(clock.now() + 60_000),
      });
      // Not due yet: nothing is tried.
      expect(await retrying.drain()).toBe(0);
      expect(service.received).toHaveLength(1);
      // Once due, the browser gets it; the subscription is kept.
      await db().update(pushOutbox).set({ nextAttemptAt: new Date() }).where(eq(pushOutbox.id, id));
      expect(await retrying.drain()).toBe(1);
      expect(service.received.map((push) => push.status)).toEqual([status, 201]);
      expect(service.received[1]!.payload).toEqual(payload);
      expect(await rowOf(id)).toMatchObject({ attempts: 2, sentAt: expect.any(Date), lastError: null });
      expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.id, browser.id))).toHaveLength(1);
    },
  );

  it('a push service that cannot be reached: retried; given up as failed after the last attempt', async () => {
    const uid = await insertStudent();
    // A port nothing listens on (the allowed host, so only the connection fails).
    const closed = await startLocalPushService();
    const subscription = closed.subscribe();
    await closed.close();
    await db()
      .insert(pushSubscriptions)
      .values({ userUid: uid, ...subscription, ...subscription.keys });
    const clock = createTestClock();
    const id = await enqueuePush(db(), { userUid: uid, kind: 'test', payload });
    const giving = sender({ now: clock.now, maxAttempts: 2, backoffMs: () => 60_000 });
    expect(await giving.drain()).toBe(0);
    expect(await rowOf(id)).toMatchObject({ attempts: 1, failedAt: null, lastError: 'ECONNREFUSED' });
    await db().update(pushOutbox).set({ nextAttemptAt: new Date() }).where(eq(pushOutbox.id, id));
    expect(await giving.drain()).toBe(0);
    expect(await rowOf(id)).toMatchObject({ attempts: 2, failedAt: new Date(clock.now()), sentAt: null });
    // Failed messages are not claimed again.
    expect(await giving.drain()).toBe(0);
    expect((await rowOf(id)).attempts).toBe(2);
  });

  it('a push service refusing the request (403): not retried, recorded, the subscription kept', async () => {
    const uid = await insertStudent();
    const browser = await subscribeBrowser(uid);
    service.answerNext(browser.endpoint, 403);
    const id = await enqueuePush(db(), { userUid: uid, kind: 'test', payload });
    expect(await sender().drain()).toBe(1);
    expect(await rowOf(id)).toMatchObject({ attempts: 1, sentAt: expect.any(Date), lastError: 'HTTP 403' });
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.id, browser.id))).toHaveLength(1);
  });

  it('never sends to a stored endpoint on a host that is not allowed (any more)', async () => {
    const uid = await insertStudent();
    const browser = await subscribeBrowser(uid);
    const id = await enqueuePush(db(), { userUid: uid, kind: 'test', payload });
    // The local service's host is no longer in PUSH_ALLOWED_HOSTS.
    expect(await sender({ extraAllowedHosts: [] }).drain()).toBe(1);
    expect(service.received).toEqual([]);
    expect(await rowOf(id)).toMatchObject({ sentAt: expect.any(Date), lastError: 'endpoint_not_allowed' });
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.id, browser.id))).toHaveLength(1);
  });

  it('a message whose lease a dead run left is taken over once the lease ends, and sent once', async () => {
    const uid = await insertStudent();
    await subscribeBrowser(uid);
    const id = await enqueuePush(db(), { userUid: uid, kind: 'test', payload });
    await db()
      .update(pushOutbox)
      .set({ attempts: 1, lockedUntil: sql`now() + interval '60 seconds'` })
      .where(eq(pushOutbox.id, id));
    expect(await sender().drain()).toBe(0);
    expect(service.received).toEqual([]);
    await db()
      .update(pushOutbox)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(pushOutbox.id, id));
    expect(await sender().drain()).toBe(1);
    expect(service.received).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({ attempts: 2, sentAt: expect.any(Date) });
  });

  it("releaseLeasesOnStart (the embedded database): start() clears a dead run's lease and sends at once", async () => {
    const uid = await insertStudent();
    await subscribeBrowser(uid);
    const id = await enqueuePush(db(), { userUid: uid, kind: 'test', payload });
    await db()
      .update(pushOutbox)
      .set({ attempts: 1, lockedUntil: sql`now() + interval '60 seconds'` })
      .where(eq(pushOutbox.id, id));
    const starting = sender({ releaseLeasesOnStart: true });
    starting.start();
    expect(await starting.drain()).toBe(1);
    await starting.stop();
    expect(service.received).toHaveLength(1);
  });

  it('two senders on one database handle, draining at once, send each of 20 messages exactly once', async () => {
    const uid = await insertStudent();
    await subscribeBrowser(uid);
    for (let index = 0; index < 20; index += 1) {
      await enqueuePush(db(), { userUid: uid, kind: 'test', payload: { ...payload, tag: `tag-${index}` } });
    }
    const [a, b] = await Promise.all([sender({ batchSize: 3 }).drain(), sender({ batchSize: 3 }).drain()]);
    expect(a + b).toBe(20);
    const tags = service.received.map((push) => (push.payload as { tag: string }).tag);
    expect(tags.sort()).toEqual(Array.from({ length: 20 }, (_, index) => `tag-${index}`).sort());
  });

  it.skipIf(onPglite)(
    `two instances (two connection pools) send each of 20 messages exactly once (${postgresOnly})`,
    async () => {
      const uid = await insertStudent();
      await subscribeBrowser(uid);
      for (let index = 0; index < 20; index += 1) {
        await enqueuePush(db(), { userUid: uid, kind: 'test', payload: { ...payload, tag: `tag-${index}` } });
      }
      const [a, b] = await Promise.all([
        sender({ batchSize: 3 }).drain(),
        sender({ batchSize: 3, db: otherInstance!.db }).drain(),
      ]);
      expect(a + b).toBe(20);
      expect(service.received).toHaveLength(20);
      const rows = await db().select().from(pushOutbox);
      expect(rows.map((row) => row.attempts)).toEqual(Array(20).fill(1));
    },
  );
});

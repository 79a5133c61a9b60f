import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { watchAppState } from '../../../../tests/api-setup/app-state.ts';
import {
  createAnonymousUser,
  createPasswordUser,
  type EmulatorUser,
  expiredToken,
} from '../../../../tests/api-setup/emulator-users.ts';
import { type LocalPushService, startLocalPushService } from '../../../../tests/api-setup/local-push-service.ts';
import { buildEnv, buildTestApp } from '../../../../tests/api-setup/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../../../tests/api-setup/test-database.ts';
import { pushSubscriptions } from '../../db/schema.ts';
import { enqueuePush } from '../../push/push-outbox.ts';
import { maxSubscriptionsPerStudent } from './push.repository.ts';

// GET /api/push/public-key and POST/DELETE /api/push/subscriptions: a student subscribes their own browsers, only on
// the push services' hosts; then what the app enqueues reaches those browsers.

let testDatabase: TestDatabase;
let app: FastifyInstance;
let service: LocalPushService;
let ada: EmulatorUser;
let bob: EmulatorUser;
const env = () => buildEnv({ PUSH_ALLOWED_HOSTS: '127.0.0.1' });

function call(user: EmulatorUser | string | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  const token = typeof user === 'string' ? user : user?.idToken;
  return app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });
}

async function createAccount(user: EmulatorUser): Promise<void> {
  const response = await call(user, 'POST', '/api/auth/create-account', { email: user.email });
  expect(response.statusCode).toBeLessThan(300);
}

const endpointsOf = async (uid: string) =>
  (await testDatabase.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userUid, uid)))
    .map((row) => row.endpoint)
    .sort();

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  service = await startLocalPushService();
  app = await buildTestApp({ database: testDatabase.database, env: env(), pushAgent: service.agent });
  [ada, bob] = await Promise.all([createPasswordUser(), createPasswordUser()]);
  await createAccount(ada);
  await createAccount(bob);
});

afterAll(async () => {
  await app.close();
  await service.close();
  await testDatabase.dispose();
});

beforeEach(async () => {
  await testDatabase.database.db.delete(pushSubscriptions);
  service.received.length = 0;
});

describe('GET /api/push/public-key', () => {
  it("answers the app's VAPID public key to anyone, without a token", async () => {
    const response = await call(null, 'GET', '/api/push/public-key');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ publicKey: env().push.vapidKeys!.publicKey });
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});

describe('/api/push/subscriptions: who may call', () => {
  it('answers 401 without a token or with an expired one, 403 for an anonymous session or without an account, changing nothing', async () => {
    const anonymous = await createAnonymousUser();
    const stranger = await createPasswordUser();
    const body = service.subscribe();
    const unchanged = await watchAppState({ db: testDatabase.database.db });
    const refusals: [string, EmulatorUser | string | null, 'POST' | 'DELETE', object | undefined, number, string][] = [
      ['POST, no token', null, 'POST', body, 401, 'unauthenticated'],
      ['POST, no token, bad body', null, 'POST', { endpoint: 'nope' }, 401, 'unauthenticated'],
      ['DELETE, no token', null, 'DELETE', { endpoint: body.endpoint }, 401, 'unauthenticated'],
      ['POST, expired token', expiredToken(ada.idToken), 'POST', body, 401, 'token_invalid'],
      ['DELETE, expired token', expiredToken(ada.idToken), 'DELETE', { endpoint: body.endpoint }, 401, 'token_invalid'],
      ['POST, anonymous', anonymous, 'POST', body, 403, 'identified_account_required'],
      ['DELETE, anonymous', anonymous, 'DELETE', { endpoint: body.endpoint }, 403, 'identified_account_required'],
      ['POST, no account', stranger, 'POST', body, 403, 'account_required'],
      ['DELETE, no account', stranger, 'DELETE', { endpoint: body.endpoint }, 403, 'account_required'],
    ];
    for (const [label, user, method, payload, status, code] of refusals) {
      const response = await call(user, method, '/api/push/subscriptions', payload);
      expect(response.statusCode, label).toBe(status);
      expect(response.json(), label).toMatchObject({ code });
    }
    await unchanged.expectUnchanged('push subscriptions refused');
  });

  it("another student can neither unsubscribe a student's browser nor see it; their own DELETE of it changes nothing", async () => {
    const adaBrowser = service.subscribe();
    expect((await call(ada, 'POST', '/api/push/subscriptions', adaBrowser)).statusCode).toBe(204);
    const unchanged = await watchAppState({ db: testDatabase.database.db });
    const response = await call(bob, 'DELETE', '/api/push/subscriptions', { endpoint: adaBrowser.endpoint });
    expect(response.statusCode).toBe(204);
    await unchanged.expectUnchanged("Bob's DELETE of Ada's endpoint");
    expect(await endpointsOf(ada.uid)).toEqual([adaBrowser.endpoint]);
    // Ada's own DELETE removes it.
    expect((await call(ada, 'DELETE', '/api/push/subscriptions', { endpoint: adaBrowser.endpoint })).statusCode).toBe(
      204,
    );
    expect(await endpointsOf(ada.uid)).toEqual([]);
  });
});

describe('POST /api/push/subscriptions: which endpoints', () => {
  const keys = () => service.subscribe().keys;

  it.each([
    ['plain http', 'http://fcm.googleapis.com/fcm/send/abc'],
    ['a host that is not a push service', 'https://example.com/push/abc'],
    ['a private address', 'https://10.0.0.5/push/abc'],
    ['the cloud metadata address', 'https://169.254.169.254/latest/meta-data'],
    ['localhost (not in PUSH_ALLOWED_HOSTS)', 'https://localhost:8443/push/abc'],
    ['a look-alike of FCM', 'https://fcm.googleapis.com.evil.example/fcm/send/abc'],
    ['credentials in the URL', 'https://user:pw@fcm.googleapis.com/fcm/send/abc'],
  ])('refuses %s with 400 push_endpoint_not_allowed, storing nothing', async (_label, endpoint) => {
    const unchanged = await watchAppState({ db: testDatabase.database.db });
    const response = await call(ada, 'POST', '/api/push/subscriptions', { endpoint, keys: keys() });
    expect(response.statusCode).toBe(400);
    // http is refused by the schema already (invalid_request); every other address by the host rule.
    expect(response.json()).toMatchObject({
      code: endpoint.startsWith('http:') ? 'invalid_request' : 'push_endpoint_not_allowed',
    });
    await unchanged.expectUnchanged(`subscription to ${endpoint}`);
  });

  it('refuses malformed keys and bodies with 400 invalid_request, storing nothing', async () => {
    const good = service.subscribe();
    const unchanged = await watchAppState({ db: testDatabase.database.db });
    for (const body of [
      {},
      { endpoint: good.endpoint },
      { endpoint: good.endpoint, keys: { p256dh: 'short', auth: good.keys.auth } },
      { endpoint: good.endpoint, keys: { p256dh: good.keys.p256dh, auth: 'x' } },
      { endpoint: 'not a url', keys: good.keys },
      { endpoint: `${good.endpoint}/${'a'.repeat(2100)}`, keys: good.keys },
    ]) {
      const response = await call(ada, 'POST', '/api/push/subscriptions', body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_request' });
    }
    await unchanged.expectUnchanged('malformed subscriptions');
  });

  it('accepts the known push services (FCM, Mozilla, Apple, Windows)', async () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGuQyavXutnMgTBJs6Q',
      'https://wns2-by3p.notify.windows.com/w/?token=abc',
    ]) {
      const response = await call(ada, 'POST', '/api/push/subscriptions', { endpoint, keys: keys() });
      expect(response.statusCode, endpoint).toBe(204);
    }
    expect(await endpointsOf(ada.uid)).toHaveLength(4);
  });
});

describe('POST /api/push/subscriptions: storing', () => {
  it('stores the browser once per endpoint: subscribing again replaces its keys (as the browser sends PushSubscription JSON)', async () => {
    const browser = service.subscribe();
    const first = await call(ada, 'POST', '/api/push/subscriptions', { ...browser, expirationTime: null });
    expect(first.statusCode).toBe(204);
    expect(first.body).toBe('');
    const renewed = { endpoint: browser.endpoint, keys: service.subscribe().keys };
    expect((await call(ada, 'POST', '/api/push/subscriptions', renewed)).statusCode).toBe(204);
    const rows = await testDatabase.database.db.select().from(pushSubscriptions);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userUid: ada.uid, endpoint: browser.endpoint, ...renewed.keys });
  });

  it('a shared browser belongs to the student who subscribed it last', async () => {
    const browser = service.subscribe();
    await call(ada, 'POST', '/api/push/subscriptions', browser);
    await call(bob, 'POST', '/api/push/subscriptions', browser);
    expect(await endpointsOf(ada.uid)).toEqual([]);
    expect(await endpointsOf(bob.uid)).toEqual([browser.endpoint]);
  });

  it(`keeps a student's ${maxSubscriptionsPerStudent} most recent browsers`, async () => {
    const browsers = Array.from({ length: maxSubscriptionsPerStudent + 2 }, () => service.subscribe());
    for (const browser of browsers) {
      expect((await call(ada, 'POST', '/api/push/subscriptions', browser)).statusCode).toBe(204);
    }
    expect(await endpointsOf(ada.uid)).toEqual(
      browsers
        .slice(2)
        .map((browser) => browser.endpoint)
        .sort(),
    );
  });
});

describe('from subscription to browser', () => {
  it('a push the app enqueues for a student reaches each browser they subscribed through the API, decrypted as sent', async () => {
    const phone = service.subscribe();
    const laptop = service.subscribe();
    const bobs = service.subscribe();
    await call(ada, 'POST', '/api/push/subscriptions', phone);
    await call(ada, 'POST', '/api/push/subscriptions', laptop);
    await call(bob, 'POST', '/api/push/subscriptions', bobs);
    const payload = { title: 'Hello Ada', body: 'A test notification', url: '/jobs/applied', tag: 'hello' };
    await enqueuePush(testDatabase.database.db, { userUid: ada.uid, kind: 'test', payload });
    expect(await app.pushSender.drain()).toBe(1);
    expect(service.received.map((push) => push.endpoint).sort()).toEqual([phone.endpoint, laptop.endpoint].sort());
    expect(service.received.map((push) => push.payload)).toEqual([payload, payload]);
    // After Ada unsubscribes her phone, only the laptop gets the next one.
    await call(ada, 'DELETE', '/api/push/subscriptions', { endpoint: phone.endpoint });
    service.received.length = 0;
    await enqueuePush(testDatabase.database.db, { userUid: ada.uid, kind: 'test', payload: { ...payload, tag: 'b' } });
    await app.pushSender.drain();
    expect(service.received.map((push) => push.endpoint)).toEqual([laptop.endpoint]);
  });
});

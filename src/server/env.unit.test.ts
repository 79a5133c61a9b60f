import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyFirebaseAdminEnvironment, EnvError, isLoopbackHost, loadEnv, loadIngestCliEnv } from './env.ts';
import { packageRoot } from './package-root.ts';

// A VAPID key pair's shape (web-push generate-vapid-keys): not a real key.
const vapid = {
  VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`,
  VAPID_PRIVATE_KEY: 'k'.repeat(43),
};
/** What every instance on one PostgreSQL database must share besides the key pair. */
const unsubscribeSecret = { UNSUBSCRIBE_SECRET: 'u'.repeat(64) };
const emulator = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };
const production = {
  NODE_ENV: 'production',
  FIREBASE_API_KEY: 'AIza-real-key',
  FIREBASE_PROJECT_ID: 'campus-jobs-prod',
};

describe('loadEnv', () => {
  it('fills every setting with its default in emulator mode', () => {
    const env = loadEnv({ ...emulator, HOST: 'localhost' });
    expect(env).toMatchObject({
      port: 3000,
      host: 'localhost',
      nodeEnv: 'development',
      logLevel: 'info',
      databaseUrl: null,
      firebase: {
        projectId: 'demo-campus-jobs',
        apiKey: 'demo-api-key',
        authDomain: 'demo-campus-jobs.firebaseapp.com',
        authEmulatorHost: '127.0.0.1:9099',
      },
      publicLinks: {
        companyPortalUrl: '/company/sign-in',
        supportEmail: 'support@campusjobs.dev',
        feedbackEmail: 'feedback@campusjobs.dev',
      },
      github: { graphqlUrl: 'https://api.github.com/graphql', apiUrl: 'https://api.github.com' },
      devpost: { baseUrl: 'https://devpost.com' },
      warnings: [],
    });
    expect(env.dataDir).toBe(resolve('data'));
    expect(env.outboxDir).toBe(join(env.dataDir, 'outbox'));
    expect(env.storageDir).toBe(join(env.dataDir, 'files'));
    expect(env.staticDir).toBe(join(packageRoot, 'dist', 'client'));
  });

  it('derives the auth domain from the project id and keeps explicit paths', () => {
    const env = loadEnv({
      ...production,
      DATA_DIR: '/srv/campus',
      STORAGE_DIR: '/mnt/files',
      DATABASE_URL: 'postgresql://app@db.internal:5432/campus',
      ...vapid,
      ...unsubscribeSecret,
      PORT: '8080',
    });
    expect(env.firebase.authDomain).toBe('campus-jobs-prod.firebaseapp.com');
    expect(env.firebase.authEmulatorHost).toBeNull();
    expect(env.host).toBe('0.0.0.0');
    expect(env.port).toBe(8080);
    expect(env.storageDir).toBe('/mnt/files');
    expect(env.outboxDir).toBe('/srv/campus/outbox');
    expect(env.databaseUrl).toBe('postgresql://app@db.internal:5432/campus');
  });

  it('seeds demo data by default except in production, and SEED_DEMO_DATA overrides both ways', () => {
    expect(loadEnv({ ...emulator, HOST: 'localhost' }).seedDemoData).toBe(true);
    expect(loadEnv(production).seedDemoData).toBe(false);
    expect(loadEnv({ ...production, SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
    expect(loadEnv({ ...emulator, HOST: 'localhost', SEED_DEMO_DATA: 'false' }).seedDemoData).toBe(false);
    expect(() => loadEnv({ ...emulator, SEED_DEMO_DATA: 'yes' })).toThrow(/SEED_DEMO_DATA/);
  });

  it('treats empty values as unset', () => {
    const env = loadEnv({ ...emulator, PORT: '', DATABASE_URL: '', HOST: '127.0.0.1' });
    expect(env.port).toBe(3000);
    expect(env.databaseUrl).toBeNull();
  });

  it('refuses to start in production with the Auth emulator, whose unsigned tokens anyone can forge', () => {
    expect(() => loadEnv({ ...production, ...emulator })).toThrow(EnvError);
    expect(() => loadEnv({ ...production, ...emulator })).toThrow(/FIREBASE_AUTH_EMULATOR_HOST.*NODE_ENV=production/);
  });

  it('forces loopback with a warning when the emulator is used and HOST is public', () => {
    const env = loadEnv({ ...emulator, HOST: '0.0.0.0' });
    expect(env.host).toBe('localhost');
    expect(env.warnings).toEqual([expect.stringContaining('HOST=0.0.0.0 ignored')]);
  });

  it.each(['127.0.0.1', '::1', 'localhost'])('keeps loopback HOST=%s in emulator mode without a warning', (host) => {
    const env = loadEnv({ ...emulator, HOST: host });
    expect(env.host).toBe(host);
    expect(env.warnings).toEqual([]);
  });

  it('requires a real API key when the emulator is not used', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/FIREBASE_API_KEY: required/);
  });

  it('lists every invalid variable in one readable message', () => {
    let message = '';
    try {
      loadEnv({ ...emulator, PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x@y/z', SUPPORT_EMAIL: 'nope' });
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid environment configuration:/);
    for (const name of ['PORT', 'LOG_LEVEL', 'DATABASE_URL', 'SUPPORT_EMAIL']) expect(message).toContain(`- ${name}:`);
    expect(message).toContain('- PORT: expected a port number (0-65535)');
  });

  it('rejects an emulator host that is not host:port', () => {
    expect(() => loadEnv({ FIREBASE_AUTH_EMULATOR_HOST: 'http://127.0.0.1:9099' })).toThrow(/host:port/);
  });
});

describe('isLoopbackHost', () => {
  it.each([
    ['localhost', true],
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['[::1]', true],
    ['::ffff:127.0.0.1', true],
    ['0.0.0.0', false],
    ['::', false],
    ['192.168.1.20', false],
    ['example.com', false],
    ['localhost.example.com', false],
  ])('%s -> %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });
});

describe('applyFirebaseAdminEnvironment', () => {
  const saved = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  afterEach(() => {
    if (saved === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    else process.env.FIREBASE_AUTH_EMULATOR_HOST = saved;
  });

  it('exposes the emulator host to firebase-admin, and removes a stray one when the emulator is off', () => {
    applyFirebaseAdminEnvironment(loadEnv({ ...emulator, HOST: '127.0.0.1' }));
    expect(process.env.FIREBASE_AUTH_EMULATOR_HOST).toBe('127.0.0.1:9099');
    applyFirebaseAdminEnvironment(loadEnv(production));
    expect(process.env.FIREBASE_AUTH_EMULATOR_HOST).toBeUndefined();
  });
});

describe('job feed settings', () => {
  it('fetches the two community feeds hourly by default, but not in tests unless enabled', () => {
    expect(loadEnv({ ...emulator, HOST: 'localhost' }).feeds).toEqual({
      enabled: true,
      internshipsUrl:
        'https://raw.githubusercontent.com/tailed-community/tech-internships-2025-2026/main/data/current.json',
      newGradsUrl: 'https://raw.githubusercontent.com/tailed-community/tech-new-grads-2025-2026/main/data/current.json',
      refreshMinutes: 60,
    });
    expect(loadEnv({ ...emulator, HOST: 'localhost', NODE_ENV: 'test' }).feeds.enabled).toBe(false);
    expect(loadEnv({ ...emulator, HOST: 'localhost', NODE_ENV: 'test', FEEDS_ENABLED: 'true' }).feeds.enabled).toBe(
      true,
    );
    expect(loadEnv({ ...production, FEEDS_ENABLED: 'false' }).feeds.enabled).toBe(false);
  });

  it('refuses a feed URL that is not http(s) and a refresh interval out of range', () => {
    expect(() => loadEnv({ ...emulator, FEED_INTERNSHIPS_URL: 'file:///etc/passwd' })).toThrow(/FEED_INTERNSHIPS_URL/);
    expect(() => loadEnv({ ...emulator, FEED_REFRESH_MINUTES: '0' })).toThrow(/FEED_REFRESH_MINUTES/);
    expect(() => loadEnv({ ...emulator, FEED_REFRESH_MINUTES: 'hourly' })).toThrow(/FEED_REFRESH_MINUTES/);
    expect(() => loadEnv({ ...emulator, FEEDS_ENABLED: 'yes' })).toThrow(/FEEDS_ENABLED/);
  });

  it('gives the ingest command its database settings without any Firebase setting', () => {
    expect(loadIngestCliEnv({ DATA_DIR: '/srv/campus' })).toEqual({
      logLevel: 'info',
      dataDir: '/srv/campus',
      databaseUrl: null,
    });
    expect(loadIngestCliEnv({ DATABASE_URL: 'postgresql://app@db/campus' }).databaseUrl).toBe(
      'postgresql://app@db/campus',
    );
    expect(() => loadIngestCliEnv({ DATABASE_URL: 'mysql://x@y/z' })).toThrow(EnvError);
  });
});

describe('Web Push settings', () => {
  it('embedded default: no keys (made in DATA_DIR at start), the support address as subject, no extra hosts', () => {
    expect(loadEnv({ ...emulator }).push).toEqual({
      vapidKeys: null,
      subject: 'mailto:support@campusjobs.dev',
      extraAllowedHosts: [],
    });
  });

  it('takes the key pair, subject and extra push hosts from the environment', () => {
    const env = loadEnv({
      ...emulator,
      ...vapid,
      VAPID_SUBJECT: 'https://campusjobs.dev/contact',
      PUSH_ALLOWED_HOSTS: ' LocalHost, 127.0.0.1 ,',
    });
    expect(env.push).toEqual({
      vapidKeys: { publicKey: vapid.VAPID_PUBLIC_KEY, privateKey: vapid.VAPID_PRIVATE_KEY },
      subject: 'https://campusjobs.dev/contact',
      extraAllowedHosts: ['localhost', '127.0.0.1'],
    });
  });

  it('with DATABASE_URL (several instances), refuses to start without the key pair, saying how to make one', () => {
    const start = () => loadEnv({ ...production, DATABASE_URL: 'postgresql://app@db/campus' });
    expect(start).toThrow(EnvError);
    expect(start).toThrow(/VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: required when DATABASE_URL is set/);
    expect(start).toThrow(/npx web-push generate-vapid-keys/);
    const withBoth = { ...production, DATABASE_URL: 'postgresql://app@db/campus', ...vapid, ...unsubscribeSecret };
    expect(loadEnv(withBoth).push.vapidKeys).toEqual({
      publicKey: vapid.VAPID_PUBLIC_KEY,
      privateKey: vapid.VAPID_PRIVATE_KEY,
    });
  });

  it('digests: DIGEST_HOUR defaults to 7 and takes an hour of the day only', () => {
    expect(loadEnv(emulator).digests).toEqual({ hour: 7 });
    expect(loadEnv({ ...emulator, DIGEST_HOUR: '0' }).digests).toEqual({ hour: 0 });
    for (const hour of ['24', '-1', '7.5', 'seven']) {
      expect(() => loadEnv({ ...emulator, DIGEST_HOUR: hour }), hour).toThrow(/- DIGEST_HOUR: expected an hour/);
    }
  });

  it('unsubscribe links: UNSUBSCRIBE_SECRET is optional alone, required with DATABASE_URL, and at least 32 characters', () => {
    expect(loadEnv(emulator).unsubscribeSecret).toBeNull();
    const shared = () => loadEnv({ ...production, DATABASE_URL: 'postgresql://app@db/campus', ...vapid });
    expect(shared).toThrow(EnvError);
    expect(shared).toThrow(/UNSUBSCRIBE_SECRET: required when DATABASE_URL is set/);
    expect(loadEnv({ ...emulator, ...unsubscribeSecret }).unsubscribeSecret).toBe(unsubscribeSecret.UNSUBSCRIBE_SECRET);
    expect(() => loadEnv({ ...emulator, UNSUBSCRIBE_SECRET: 'short' })).toThrow(
      /- UNSUBSCRIBE_SECRET: expected at least 32/,
    );
  });

  it('refuses half a key pair, malformed keys, a bad subject and a bad host list', () => {
    expect(() => loadEnv({ ...emulator, VAPID_PUBLIC_KEY: vapid.VAPID_PUBLIC_KEY })).toThrow(
      /VAPID_PRIVATE_KEY: required with VAPID_PUBLIC_KEY/,
    );
    expect(() => loadEnv({ ...emulator, VAPID_PRIVATE_KEY: vapid.VAPID_PRIVATE_KEY })).toThrow(
      /VAPID_PUBLIC_KEY: required with VAPID_PRIVATE_KEY/,
    );
    expect(() => loadEnv({ ...emulator, ...vapid, VAPID_PUBLIC_KEY: 'not-a-key' })).toThrow(/- VAPID_PUBLIC_KEY:/);
    expect(() => loadEnv({ ...emulator, ...vapid, VAPID_PRIVATE_KEY: 'short' })).toThrow(/- VAPID_PRIVATE_KEY:/);
    expect(() => loadEnv({ ...emulator, VAPID_SUBJECT: 'support@campusjobs.dev' })).toThrow(/- VAPID_SUBJECT:/);
    expect(() => loadEnv({ ...emulator, PUSH_ALLOWED_HOSTS: 'https://evil.example/' })).toThrow(
      /- PUSH_ALLOWED_HOSTS:/,
    );
  });
});

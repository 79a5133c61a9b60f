import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { buildEnv } from '../../../tests/api-setup/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../../tests/api-setup/test-database.ts';
import { logSerializers } from './log-serializers.ts';
import { parseRequestLogSetting } from './request-log.ts';

let testDatabase: TestDatabase;
beforeAll(async () => {
  testDatabase = await openTestDatabase();
});
afterAll(async () => {
  await testDatabase.dispose();
});

/** An app whose log lines (JSON) are collected. */
async function appLogging(env: Record<string, string>) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const logger = pino({ level: env.LOG_LEVEL ?? 'info', serializers: logSerializers }, stream);
  const app = await buildApp({ env: buildEnv(env), database: testDatabase.database, logger, scheduledTasks: false });
  await app.ready();
  return { app, requestLines: () => lines.filter((line) => line.msg === 'request') };
}

describe('request logs', () => {
  it('one line per request at info: method, route pattern, status, time; no path ids, query text or address', async () => {
    const { app, requestLines } = await appLogging({ LOG_LEVEL: 'info' });
    try {
      await app.inject({ method: 'GET', url: '/api/public/jobs/ada-lovelace-secret?q=ada%40example.test' });
      await app.inject({ method: 'GET', url: '/api/healthz' });
      const lines = requestLines();
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ level: 30, method: 'GET', route: '/api/public/jobs/:idOrSlug', status: 404 });
      expect(lines[0]!.ms).toEqual(expect.any(Number));
      expect(JSON.stringify(lines[0])).not.toMatch(/ada|127\.0\.0\.1|remoteAddress/);
    } finally {
      await app.close();
    }
  });

  it('LOG_REQUESTS=debug moves the line to debug; off writes none', async () => {
    const atInfo = await appLogging({ LOG_LEVEL: 'info', LOG_REQUESTS: 'debug' });
    const off = await appLogging({ LOG_LEVEL: 'debug', LOG_REQUESTS: 'off' });
    try {
      await atInfo.app.inject({ method: 'GET', url: '/api/public/config' });
      await off.app.inject({ method: 'GET', url: '/api/public/config' });
      expect(atInfo.requestLines()).toEqual([]);
      expect(off.requestLines()).toEqual([]);
    } finally {
      await atInfo.app.close();
      await off.app.close();
    }
  });

  it('LOG_REQUESTS accepts info, debug, off and a fraction; anything else is refused at start', () => {
    expect(parseRequestLogSetting(undefined)).toEqual({ level: 'info', sample: 1 });
    expect(parseRequestLogSetting('0.25')).toEqual({ level: 'info', sample: 0.25 });
    expect(parseRequestLogSetting('off')).toEqual({ level: 'off', sample: 1 });
    expect(parseRequestLogSetting('2')).toBeNull();
    expect(() => buildEnv({ LOG_REQUESTS: 'verbose' })).toThrow(/LOG_REQUESTS/);
  });
});

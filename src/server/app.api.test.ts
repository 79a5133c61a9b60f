import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEnv, buildStaticSite, buildTestApp, type StaticSite } from '../../tests/api-setup/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../tests/api-setup/test-database.ts';
import { buildApp } from './app.ts';
import { EnvError, loadEnv } from './env.ts';

let testDatabase: TestDatabase;
let site: StaticSite;
let app: FastifyInstance;
let apiOnly: FastifyInstance;

const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  site = buildStaticSite();
  app = await buildTestApp({ database: testDatabase.database, env: buildEnv({ STATIC_DIR: site.dir }) });
  apiOnly = await buildTestApp({ database: testDatabase.database });
});

afterAll(async () => {
  await app.close();
  await apiOnly.close();
  await testDatabase.dispose();
  site.remove();
});

describe('serving the built client', () => {
  it('serves index.html at / without caching', async () => {
    const response = await app.inject({ method: 'GET', url: '/', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  // (/jobs/{slug} of a job that does not exist answers 404 now: public-job-page.api.test.ts.)
  it.each(['/dashboard', '/jobs/applied', '/auth/callback?apiKey=x&mode=signIn'])(
    'answers the client route %s with index.html and 200 (SPA fallback)',
    async (url) => {
      const response = await app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('caches hashed assets for a year as immutable', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-3f9a1c2b.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each([
    ['/sw.js', /^(text|application)\/javascript/],
    ['/manifest.webmanifest', /^application\/manifest\+json/],
  ])('serves %s with its type and no-cache, so updates are seen', async (url, type) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(type);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves other files with revalidation', async () => {
    const response = await app.inject({ method: 'GET', url: '/icons/icon-192.png' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it('answers a missing asset with 404, not with index.html', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/missing-0000.js', headers: { accept: '*/*' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not found', code: 'not_found' });
  });

  it('compresses what it serves when the browser accepts gzip', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/index-3f9a1c2b.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toContain('console.log');
  });

  it('does not serve dotfiles', async () => {
    const withSecret = buildStaticSite({ '.env': 'SECRET=1' });
    const secretApp = await buildTestApp({
      database: testDatabase.database,
      env: buildEnv({ STATIC_DIR: withSecret.dir }),
    });
    try {
      const response = await secretApp.inject({ method: 'GET', url: '/.env' });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('SECRET');
    } finally {
      await secretApp.close();
      withSecret.remove();
    }
  });
});

describe('the API namespace', () => {
  it.each([
    ['GET', '/api/nope'],
    ['POST', '/api/jobs/apply'],
    ['GET', '/api'],
  ])('answers unknown %s %s with 404 JSON even when the browser asks for HTML', async (method, url) => {
    const response = await app.inject({ method: method as 'GET' | 'POST', url, headers: html });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ error: `No API route ${method} ${url}`, code: 'route_not_found' });
  });

  it('sets the security headers on API and page responses, and a Content-Security-Policy on pages only', async () => {
    for (const url of ['/api/healthz', '/', '/dashboard']) {
      const response = await app.inject({ method: 'GET', url, headers: html });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['permissions-policy']).toMatch(/(^|, )camera=\(\)(,|$)/);
      expect(response.headers['permissions-policy']).toMatch(/(^|, )geolocation=\(\)(,|$)/);
      // PUBLIC_URL is http here: no HSTS (it would pin a development host to https).
      expect(response.headers['strict-transport-security']).toBeUndefined();
      const policy = response.headers['content-security-policy'];
      if (url.startsWith('/api')) expect(policy).toBeUndefined();
      else expect(policy).toMatch(/frame-ancestors 'none'/);
    }
  });

  it('tells browsers to keep to https when PUBLIC_URL is https', async () => {
    const secure = await buildTestApp({
      database: testDatabase.database,
      env: buildEnv({ STATIC_DIR: site.dir, PUBLIC_URL: 'https://jobs.example.org' }),
    });
    try {
      for (const url of ['/api/healthz', '/']) {
        const response = await secure.inject({ method: 'GET', url, headers: html });
        expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      }
    } finally {
      await secure.close();
    }
  });
});

describe('without a built client', () => {
  it('answers page requests with 404 JSON instead of a missing index.html', async () => {
    const response = await apiOnly.inject({ method: 'GET', url: '/dashboard', headers: html });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not found', code: 'not_found' });
  });
});

describe('emulator-mode guard', () => {
  it('refuses to build a configuration for production with the Auth emulator', () => {
    expect(() =>
      loadEnv({ NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', FIREBASE_API_KEY: 'k' }),
    ).toThrow(EnvError);
  });
});

describe('buildApp without a database', () => {
  it('opens, migrates and on close releases the database DATA_DIR names', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'campus-jobs-app-data-'));
    try {
      const selfContained = await buildApp({ env: buildEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }) });
      expect((await selfContained.inject({ method: 'GET', url: '/api/healthz' })).statusCode).toBe(200);
      expect(existsSync(join(dataDir, 'campus-jobs.lock'))).toBe(true);
      await selfContained.close();
      expect(existsSync(join(dataDir, 'campus-jobs.lock'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEnv, buildTestApp } from '../../../../tests/api-setup/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../../../tests/api-setup/test-database.ts';

// A build as `vite build` leaves it: the client in <root>/client, the prerendered pages in <root>/pages.
let root: string;
let testDatabase: TestDatabase;
let app: FastifyInstance;

const html = { accept: 'text/html' };
const page = (label: string) =>
  `<!doctype html><html lang="x"><head><title>${label}</title></head><body><div id="root" data-prerendered><h1>${label}</h1></div></body></html>`;
const startUpScript = "(function () { document.documentElement.dataset.started = 'yes'; })();";
const asset = `console.log(${JSON.stringify('x'.repeat(4000))})`;

function write(path: string, content: string | Buffer) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), content);
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'campus-jobs-build-'));
  write(
    'client/index.html',
    '<!doctype html><html><head><title>Shell</title></head><body><div id="root"></div></body></html>',
  );
  write('client/assets/index-3f9a1c2b.js', asset);
  write('client/assets/index-3f9a1c2b.js.br', brotliCompressSync(asset));
  for (const locale of ['en', 'fr']) {
    write(`pages/${locale}/index.html`, page(`landing ${locale}`));
    write(
      `pages/${locale}/privacy.html`,
      page(`privacy ${locale}`).replace(
        '</body>',
        `<script type="application/ld+json">{"@type":"WebPage"}</script><script>${startUpScript}</script></body>`,
      ),
    );
    write(`pages/${locale}/404.html`, page(`not found ${locale}`));
    write(
      `pages/${locale}/sign-in.html`,
      page(`sign-in ${locale}`).replace(
        '</h1>',
        '</h1><a href="/sign-in?mode=email&amp;redirectUrl=%2F__redirect-url__">Sign up</a>',
      ),
    );
    write(`pages/${locale}/dashboard.shell.html`, page(`dashboard shell ${locale}`));
    write(`pages/${locale}/jobs.shell.html`, page(`jobs shell ${locale}`));
  }
  write(
    'pages/pages.json',
    JSON.stringify({
      locales: ['en', 'fr'],
      pages: { '/': 'index.html', '/privacy': 'privacy.html', '/sign-in': 'sign-in.html' },
      notFound: '404.html',
      shells: { '/dashboard': 'dashboard.shell.html', '/jobs': 'jobs.shell.html' },
    }),
  );
  testDatabase = await openTestDatabase();
  app = await buildTestApp({ database: testDatabase.database, env: buildEnv({ STATIC_DIR: join(root, 'client') }) });
});

afterAll(async () => {
  await app.close();
  await testDatabase.dispose();
  rmSync(root, { recursive: true, force: true });
});

describe('prerendered pages', () => {
  it('answers English by default, never cached stale, varying on the cookie and the browser languages', async () => {
    const response = await app.inject({ method: 'GET', url: '/', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1>landing en</h1>');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toMatch(/Cookie, Accept-Language/);
    expect(response.headers['content-language']).toBe('en');
  });

  it('picks the locale cookie first, then Accept-Language', async () => {
    const byCookie = await app.inject({
      method: 'GET',
      url: '/privacy',
      headers: { ...html, cookie: 'a=1; locale=fr', 'accept-language': 'en' },
    });
    expect(byCookie.body).toContain('<h1>privacy fr</h1>');
    const byBrowser = await app.inject({
      method: 'GET',
      url: '/privacy',
      headers: { ...html, 'accept-language': 'fr-CA,fr;q=0.9' },
    });
    expect(byBrowser.body).toContain('<h1>privacy fr</h1>');
    const unsupportedCookie = await app.inject({
      method: 'GET',
      url: '/privacy',
      headers: { ...html, cookie: 'locale=de' },
    });
    expect(unsupportedCookie.body).toContain('<h1>privacy en</h1>');
  });

  it('writes the locale and the runtime config into the page, so the app needs no request for them', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/',
      headers: { ...html, cookie: 'locale=fr', host: '127.0.0.1:3000' },
    });
    const script = /<head><script>window\.__LOCALE__=("[a-z]+");window\.__RUNTIME_CONFIG__=(\{.*?\})<\/script>/.exec(
      response.body,
    );
    expect(script?.[1]).toBe('"fr"');
    const config = JSON.parse(script![2]!);
    expect(config.firebase.projectId).toBeTruthy();
    expect(config.repositoryUrl).toMatch(/^https:\/\//);
    expect(config.authEmulatorUrl).toMatch(/^http:\/\/127\.0\.0\.1:/);
  });

  it('gives a URL with a query string the shell, which the app renders itself', async () => {
    const response = await app.inject({ method: 'GET', url: '/?mode=email', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Shell</title>');
    expect(response.body).toContain('window.__RUNTIME_CONFIG__=');
  });
});

describe('the Content-Security-Policy of a page', () => {
  const sha256 = (source: string) => `'sha256-${createHash('sha256').update(source).digest('base64')}'`;
  const directive = (policy: string, name: string) =>
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .find(([key]) => key === name)
      ?.slice(1);

  it('lets exactly its inline scripts run (the globals and the start-up script, by hash), never unsafe-inline', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/privacy',
      headers: { ...html, cookie: 'locale=fr', host: '127.0.0.1:3000' },
    });
    const policy = String(response.headers['content-security-policy']);
    const globals = /<head><script>(.*?)<\/script>/.exec(response.body)![1]!;
    const scriptSrc = directive(policy, 'script-src')!;
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).toContain(sha256(globals));
    expect(scriptSrc).toContain(sha256(startUpScript));
    expect(scriptSrc.filter((source) => source.startsWith("'sha256-"))).toHaveLength(2);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    // The page reaches the Auth emulator under the host name it was loaded from (development and tests).
    expect(directive(policy, 'connect-src')).toContain(
      JSON.parse(/__RUNTIME_CONFIG__=(\{.*\})/.exec(globals)![1]!).authEmulatorUrl,
    );
  });

  it('changes its globals hash with the language, and the shell and the 404 page carry one too', async () => {
    const english = await app.inject({ method: 'GET', url: '/', headers: html });
    const french = await app.inject({ method: 'GET', url: '/', headers: { ...html, cookie: 'locale=fr' } });
    expect(english.headers['content-security-policy']).not.toBe(french.headers['content-security-policy']);
    for (const url of ['/dashboard?tab=x', '/no-such-page']) {
      const response = await app.inject({ method: 'GET', url, headers: html });
      const globals = /<head><script>(.*?)<\/script>/.exec(response.body)![1]!;
      expect(directive(String(response.headers['content-security-policy']), 'script-src')).toContain(sha256(globals));
    }
  });
});

describe('the sign-in page a guard sends to', () => {
  const signUpLink = (body: string) => /href="(\/sign-in\?mode=email&amp;redirectUrl=[^"]*)"/.exec(body)?.[1];

  it('is the prerendered page with the redirect target written into its links', async () => {
    const response = await app.inject({ method: 'GET', url: '/sign-in?redirectUrl=%2Fjobs%3Fq%3Drust', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1>sign-in en</h1>');
    expect(signUpLink(response.body)).toBe('/sign-in?mode=email&amp;redirectUrl=%2Fjobs%3Fq%3Drust');
  });

  it('writes the default target without a query, and never another site', async () => {
    const plain = await app.inject({ method: 'GET', url: '/sign-in', headers: html });
    expect(signUpLink(plain.body)).toBe('/sign-in?mode=email&amp;redirectUrl=%2Fdashboard');
    for (const target of ['%2F%2Fevil.example', 'https%3A%2F%2Fevil.example', '%2F%5Cevil.example', '"><script>']) {
      const response = await app.inject({ method: 'GET', url: `/sign-in?redirectUrl=${target}`, headers: html });
      expect(response.body, target).toContain('<h1>sign-in en</h1>');
      expect(signUpLink(response.body), target).toBe('/sign-in?mode=email&amp;redirectUrl=%2Fdashboard');
      expect(response.body, target).not.toContain('evil.example');
    }
  });

  it('leaves other queries to the app (the shell)', async () => {
    const response = await app.inject({ method: 'GET', url: '/sign-in?mode=email&redirectUrl=%2Fjobs', headers: html });
    expect(response.body).toContain('<title>Shell</title>');
  });
});

describe('signed-in shells', () => {
  it('answer /dashboard and /jobs with their shell in the visitor language', async () => {
    const dashboard = await app.inject({ method: 'GET', url: '/dashboard', headers: html });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.body).toContain('<h1>dashboard shell en</h1>');
    expect(dashboard.headers['cache-control']).toBe('no-cache');
    const jobs = await app.inject({ method: 'GET', url: '/jobs', headers: { ...html, cookie: 'locale=fr' } });
    expect(jobs.body).toContain('<h1>jobs shell fr</h1>');
    expect(jobs.body).toContain('window.__RUNTIME_CONFIG__=');
  });

  it('leave a URL with a query string, and every other signed-in page, to the app', async () => {
    const filtered = await app.inject({ method: 'GET', url: '/jobs?q=rust', headers: html });
    expect(filtered.body).toContain('<title>Shell</title>');
  });
});

describe('other page addresses', () => {
  it('answers client routes with the shell and 200', async () => {
    // (/jobs/{slug} of an unknown job answers 404 itself: public-job-page.api.test.ts.)
    for (const url of ['/account', '/jobs/applied', '/jobs/some-job/apply', '/privacy/']) {
      const response = await app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<title>Shell</title>');
    }
  });

  it('answers unknown addresses with the 404 page in the visitor language and status 404', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/no/such/page',
      headers: { ...html, cookie: 'locale=fr' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<h1>not found fr</h1>');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('keeps answering JSON 404 to API and non-page requests', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/nope', headers: html })).statusCode).toBe(404);
    const missingAsset = await app.inject({ method: 'GET', url: '/assets/missing.js', headers: { accept: '*/*' } });
    expect(missingAsset.statusCode).toBe(404);
    expect(missingAsset.json()).toEqual({ error: 'Not found', code: 'not_found' });
  });
});

describe('assets', () => {
  it('sends the brotli copy written at build to browsers that accept it, cached as immutable', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/index-3f9a1c2b.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(asset);
  });
});

import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isClientRoute, redirectUrlPlaceholder, signedInShellPaths } from '../../../shared/client-routes.ts';
import { safeRedirectPath } from '../../../shared/safe-redirect.ts';
import { defaultLocale, isLocale, localeCookieName, type Locale } from '../../../shared/locale.ts';
import type { Env } from '../../env.ts';
import { contentAnswer } from '../../http/route-schemas.ts';
import { inlineScriptHashes, type PagePolicyOptions, scriptHash, setPagePolicy } from '../../http/security-headers.ts';
import { emulatorUrlFor, toPublicConfig } from '../config/index.ts';

// The HTML of the client's pages (decision record 012). Public pages (/, /sign-in, /privacy, the menu pages) were
// rendered at build time, one file per language in PAGES (dist/pages, beside the client build): the visitor's
// language picks the file. Every other client route gets the SPA shell (index.html); an address no client route
// matches gets the prerendered 404 page with status 404. Each answer carries the runtime config and the language in
// a small inline script, so the app never waits for /api/public/config before its first render.

type PagesManifest = {
  locales: Locale[];
  pages: Record<string, string>;
  notFound: string;
  shells?: Record<string, string>;
};

/** JSON inside <script>: "</script>" and "<!--" must not end or change the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator !== -1 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}

/** The first supported language of an Accept-Language header, by its q weights ("fr-CA,fr;q=0.9,en;q=0.8"). */
export function localeFromAcceptLanguage(header: string | undefined): Locale | undefined {
  const ranked = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { language: tag.trim().toLowerCase().split('-')[0] ?? '', weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked.map((entry) => entry.language).find(isLocale);
}

/** The client's read order (i18n/locale.ts): the locale cookie first, then the browser's languages, then English. */
export function pageLocale(request: FastifyRequest): Locale {
  const fromCookie = cookieValue(request.headers.cookie, localeCookieName);
  if (isLocale(fromCookie)) return fromCookie;
  return localeFromAcceptLanguage(request.headers['accept-language']) ?? defaultLocale;
}

/** No query string, or only `redirectUrl` (the sign-in page shows it only in links the server fills in). */
function onlyRedirectQuery(url: string): boolean {
  const query = url.split('?')[1];
  if (query === undefined) return true;
  const keys = [...new URLSearchParams(query).keys()];
  return keys.length === 1 && keys[0] === 'redirectUrl';
}

export type AppPagesOptions = { env: Env; staticDir: string; pagesDir: string; pagePolicy: PagePolicyOptions };

type PageFile = { html: string; scriptHashes: string[] };

/**
 * Registers the page routes on `app` and answers the handler for page requests no route matched: the SPA shell for
 * a client route, the 404 page otherwise.
 */
export function registerAppPages(app: FastifyInstance, { env, staticDir, pagesDir, pagePolicy }: AppPagesOptions) {
  const config = toPublicConfig(env);
  const encodedPlaceholder = encodeURIComponent(redirectUrlPlaceholder);
  const manifestFile = join(pagesDir, 'pages.json');
  const manifest: PagesManifest | null = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as PagesManifest)
    : null;
  if (!manifest) app.log.info({ pagesDir }, 'no prerendered pages found; every page gets the SPA shell');

  // Each file is read and its inline start-up scripts hashed once (for the Content-Security-Policy).
  const files = new Map<string, Promise<PageFile>>();
  const read = (file: string) => {
    let page = files.get(file);
    if (!page) {
      page = readFile(file, 'utf8').then((html) => ({ html, scriptHashes: inlineScriptHashes(html) }));
      page.catch(() => files.delete(file));
      files.set(file, page);
    }
    return page;
  };
  // The globals script differs by language and host name only: a handful of hashes, kept.
  const globalsHashes = new Map<string, string>();
  const globalsHash = (script: string) => {
    let hash = globalsHashes.get(script);
    if (!hash) {
      hash = scriptHash(script);
      if (globalsHashes.size < 64) globalsHashes.set(script, hash);
    }
    return hash;
  };

  /** The query's redirect target (safe, as the client reads it) where a prerendered page shows it (sign-in's links). */
  function withRedirectUrl(html: string, request: FastifyRequest): string {
    if (!html.includes(encodedPlaceholder)) return html;
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    return html.replaceAll(encodedPlaceholder, encodeURIComponent(safeRedirectPath(query.get('redirectUrl'))));
  }

  /** The inline script that gives the page its language and runtime config. */
  function pageGlobals(request: FastifyRequest, locale: Locale): string {
    const runtimeConfig = {
      ...config,
      authEmulatorUrl: emulatorUrlFor(env.firebase.authEmulatorHost, request.hostname),
    };
    return `window.__LOCALE__=${scriptJson(locale)};window.__RUNTIME_CONFIG__=${scriptJson(runtimeConfig)}`;
  }

  async function sendPage(request: FastifyRequest, reply: FastifyReply, statusCode: number, page: string | null) {
    const locale = pageLocale(request);
    const prerendered = page && manifest?.locales.includes(locale) ? join(pagesDir, locale, page) : null;
    const file = await read(prerendered ?? join(staticDir, 'index.html'));
    const globals = pageGlobals(request, locale);
    const html = withRedirectUrl(file.html, request).replace(/<head>/i, () => `<head><script>${globals}</script>`);
    setPagePolicy(request, reply, pagePolicy, [globalsHash(globals), ...file.scriptHashes]);
    return (
      reply
        .code(statusCode)
        .type('text/html; charset=utf-8')
        // Never a stale page after a deploy (the service worker's update prompt relies on fresh HTML).
        .header('cache-control', 'no-cache')
        .header('vary', 'Cookie, Accept-Language')
        .header('content-language', locale)
        .send(html)
    );
  }

  const prerenderedPaths = Object.keys(manifest?.pages ?? {});
  const schema = {
    summary: 'A page of the app (prerendered where it can be)',
    tags: ['pages'],
    response: { 200: contentAnswer('The page', 'text/html') },
  };
  for (const path of new Set(['/', ...prerenderedPaths])) {
    // A query string can change what the page shows (/sign-in?mode=email): the app renders those itself from the
    // shell, so the HTML it hydrates always matches. The one exception is a lone redirectUrl, which the server writes
    // into the page where it appears (withRedirectUrl): where the guard sends a signed-out visitor.
    app.get(path, { schema }, (request, reply) =>
      sendPage(request, reply, 200, onlyRedirectQuery(request.url) ? (manifest?.pages[path] ?? null) : null),
    );
  }

  return async function sendClientPage(request: FastifyRequest, reply: FastifyReply) {
    const path = request.url.split('?')[0] ?? '/';
    // The router's own list (src/shared/client-routes.ts): /dashboard, /jobs/x, ... boot the SPA; the rest is 404.
    if (isClientRoute(path)) {
      // /dashboard and /jobs: the signed-in shell, a picture of the page for the app to replace (decision 016).
      const shell =
        !request.url.includes('?') && signedInShellPaths.includes(path) ? manifest?.shells?.[path] : undefined;
      return sendPage(request, reply, 200, shell ?? null);
    }
    return sendPage(request, reply, 404, manifest?.notFound ?? null);
  };
}

// The service worker's copies of the signed-in shells (decision record 016): on a repeat visit /dashboard and /jobs
// paint from the server's picture of the page, kept per language, instead of the blank SPA shell. A copy is kept
// only when it starts this worker's own build (its entry script is the precached index.html's), so the worker never
// serves a page whose scripts it does not hold; it is refreshed in the background on every use, and dropped with the
// worker's version.
import { defaultLocale, isLocale, localeCookieName, type Locale } from '../shared/locale.ts';
import { signedInShellPaths } from '../shared/client-routes.ts';
import { entryScriptOf } from './lib/entry-script.ts';

declare const self: ServiceWorkerGlobalScope & {
  cookieStore?: { get(name: string): Promise<{ value: string } | null | undefined> };
};

const cachePrefix = 'signed-in-shells-';

/** The language the server would answer this browser in: the locale cookie, else its languages, else English. */
async function wantedLocale(): Promise<Locale | null> {
  if (!self.cookieStore) return null; // the cookie cannot be read here: no shell rather than the wrong language
  const cookie = (await self.cookieStore.get(localeCookieName).catch(() => null))?.value;
  if (isLocale(cookie)) return cookie;
  const fromBrowser = self.navigator.languages.map((tag) => tag.toLowerCase().split('-')[0]).find(isLocale);
  return fromBrowser ?? defaultLocale;
}

export function isSignedInShellNavigation(url: URL): boolean {
  return url.search === '' && signedInShellPaths.includes(url.pathname);
}

export function signedInShells(version: string, entryOfBuild: () => Promise<string | null>) {
  const cacheName = `${cachePrefix}${version}`;
  const keyFor = (path: string, locale: Locale) => new URL(`${path}?shell-locale=${locale}`, self.location.origin).href;

  /** Fetches the server's shell of `path` and keeps it if it starts this build. */
  async function refresh(path: string): Promise<void> {
    const response = await fetch(path, { credentials: 'same-origin', headers: { accept: 'text/html' } });
    const locale = response.headers.get('content-language');
    if (!response.ok || !isLocale(locale)) return;
    const html = await response.clone().text();
    const entry = entryScriptOf(html);
    if (!html.includes('id="signed-in-shell"') || !entry || entry !== (await entryOfBuild())) return;
    await (await caches.open(cacheName)).put(keyFor(path, locale), response);
  }

  return {
    /** On activation: the shells of the current language, so the very next visit paints from them. */
    async prefetch(): Promise<void> {
      await Promise.all(signedInShellPaths.map((path) => refresh(path).catch(() => undefined)));
    },
    /** The kept shell for this navigation, refreshed for next time; null when there is none in the right language. */
    async match(url: URL, waitUntil: (promise: Promise<unknown>) => void): Promise<Response | null> {
      const locale = await wantedLocale();
      if (!locale) return null;
      const cached = await (await caches.open(cacheName)).match(keyFor(url.pathname, locale));
      waitUntil(refresh(url.pathname).catch(() => undefined));
      return cached ?? null;
    },
    /** Drops the copies kept by earlier versions of the worker. */
    async dropOthers(): Promise<void> {
      const names = await caches.keys();
      await Promise.all(
        names.filter((name) => name.startsWith(cachePrefix) && name !== cacheName).map((name) => caches.delete(name)),
      );
    },
  };
}

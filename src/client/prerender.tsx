// Build-time rendering of the public pages (run in Node by the `prerender` plugin in vite.config.ts, never shipped
// to browsers): the same tree as main.tsx, in a memory router, with Emotion's styles collected for the page's
// <head>. The browser hydrates this HTML (main.tsx).
import createCache from '@emotion/cache';
import { CacheProvider, css } from '@emotion/react';
// eslint-disable-next-line no-restricted-imports -- Emotion's package named "server", not src/server
import createEmotionServer from '@emotion/server/create-instance';
import { StrictMode, Suspense } from 'react';
import { prerender } from 'react-dom/static';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { Locale } from '../shared/locale.ts';
import { Providers } from './app/providers.tsx';
import { prerenderedCssAttribute, styleCacheKey } from './app/style-cache.ts';
import { appSystem, prerenderedGlobalCssAttribute } from './app/theme.ts';
import { routes } from './app/router.tsx';
import { RouteFallback } from './components/ui/route-fallback.tsx';
import { i18n } from './i18n/i18n.ts';
import { setPrerenderView, takeRecordedCrumbs, type PrerenderView } from './lib/prerender-view.ts';
import { setPrerenderSession, type Session } from './lib/session/session-store.ts';
import { signedInShellMarkers } from './lib/signed-in-shell.ts';

export type RenderedPage = {
  /** The markup of #root, without the tags React hoists to the start (see `head`). */
  body: string;
  /** <title>, <meta> and <link> tags the page rendered, for the document's <head>. */
  head: string;
  /** Emotion's <style data-emotion> tags for exactly the rules this page uses. */
  styles: string;
};

// React 19 hoists the page's <title> (and <meta>/<link>) to the start of its output.
const hoistedTag = /^\s*(<title>[\s\S]*?<\/title>|<meta\b[^>]*>|<link\b[^>]*>)/;

const signedOut: Session = { status: 'loading', user: null, isAnonymous: false };

/** The stand-in student the signed-in shell is drawn for: markers the build swaps for fill-in slots. */
const shellSession: Session = {
  status: 'identified',
  user: {
    uid: 'signed-in-shell',
    email: signedInShellMarkers.email,
    displayName: signedInShellMarkers.name,
    photoURL: null,
  },
  isAnonymous: false,
};

type EmotionCache = ReturnType<typeof createCache>;

function newStyleCache(): EmotionCache {
  // Same key as the app's cache in the browser (browserStyleCache), so the class names match on hydration. No vendor
  // prefixes: the browsers the app supports need none.
  const cache = createCache({ key: styleCacheKey, stylisPlugins: [] });
  cache.compat = true; // collect the styles for extraction instead of writing <style> tags into the markup
  return cache;
}

async function renderTree(url: string, locale: Locale, cache: EmotionCache): Promise<{ body: string; head: string }> {
  await i18n.changeLanguage(locale);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <CacheProvider value={cache}>
        <Providers>
          <Suspense fallback={<RouteFallback />}>
            <RouterProvider router={router} />
          </Suspense>
        </Providers>
      </CacheProvider>
    </StrictMode>,
    // One piece: large Suspense boundaries would otherwise come out as a fallback plus a script that swaps them in.
    {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // A component that throws on the server would leave its boundary's fallback (a spinner) in the page.
      onError: (error) => {
        errors.push(error);
      },
    },
  );
  if (errors.length > 0) {
    router.dispose();
    throw new Error(`prerender: ${url} (${locale}) failed to render`, { cause: errors[0] });
  }
  let body = await new Response(prelude).text();
  const headTags: string[] = [];
  for (let match = hoistedTag.exec(body); match; match = hoistedTag.exec(body)) {
    headTags.push(match[1]!);
    body = body.slice(match[0].length);
  }
  router.dispose();
  return { body, head: headTags.join('') };
}

/**
 * Emotion's <style> tags for exactly the rules of `cache` that `markup` uses, under the app's own attribute so that
 * Emotion in the browser leaves them where they are (`browserStyleCache`). The tag with Chakra's global CSS gets a
 * marker: the app then leaves that CSS in place instead of building it again (`appSystem`).
 */
function stylesFor(cache: EmotionCache, markup: string): string {
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  const tags = constructStyleTagsFromChunks(extractCriticalToChunks(markup));
  // The name Emotion's <Global> gives these styles (it serializes them the same way as `css`).
  const globalTag = `data-emotion="${cache.key}-global ${css(appSystem()._global as never).name}"`;
  if (!tags.includes(globalTag)) throw new Error(`prerender: no <style ${globalTag}> in the page's styles`);
  return tags
    .replace(globalTag, `${globalTag} ${prerenderedGlobalCssAttribute}`)
    .replaceAll('<style data-emotion=', `<style ${prerenderedCssAttribute}=`);
}

export async function renderPage(url: string, locale: Locale): Promise<RenderedPage> {
  setPrerenderSession(signedOut);
  const cache = newStyleCache();
  const { body, head } = await renderTree(url, locale, cache);
  return { body, head, styles: stylesFor(cache, body) };
}

/** The variants of the signed-in shell: the viewport and the desktop sidebar's state pick one in the browser. */
export const signedInShellViews = {
  mobile: { mobile: true, sidebarExpanded: true, shell: true },
  expanded: { mobile: false, sidebarExpanded: true, shell: true },
  collapsed: { mobile: false, sidebarExpanded: false, shell: true },
} as const satisfies Record<string, PrerenderView>;

export type SignedInShell = {
  /** One rendering of the page per view (see `signedInShellViews`). */
  views: Record<keyof typeof signedInShellViews, string>;
  head: string;
  styles: string;
};

/**
 * A signed-in page (the dashboard, the board) as it first paints for a returning student, before any data: layout,
 * headings, skeletons. Shown until the app's own render of the page replaces it (decision record 016).
 */
export async function renderSignedInShell(url: string, locale: Locale): Promise<SignedInShell> {
  setPrerenderSession(shellSession);
  const views = {} as Record<keyof typeof signedInShellViews, string>;
  let head = '';
  const cache = newStyleCache();
  try {
    // A first pass learns the page's breadcrumb, which the header (rendered before the page) then shows.
    setPrerenderView(signedInShellViews.expanded);
    takeRecordedCrumbs();
    await renderTree(url, locale, newStyleCache());
    const crumbs = takeRecordedCrumbs();
    for (const [name, view] of Object.entries(signedInShellViews)) {
      setPrerenderView({ ...view, crumbs });
      const rendered = await renderTree(url, locale, cache);
      views[name as keyof typeof signedInShellViews] = rendered.body;
      head = rendered.head;
    }
  } finally {
    setPrerenderView({ mobile: false, sidebarExpanded: true });
    setPrerenderSession(signedOut);
  }
  return { views, head, styles: stylesFor(cache, Object.values(views).join('')) };
}

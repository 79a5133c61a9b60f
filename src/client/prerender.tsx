// Build-time rendering of the public pages (run in Node by the `prerender` plugin in vite.config.ts, never shipped
// to browsers): the same tree as main.tsx, in a memory router, with Emotion's styles collected for the page's
// <head>. The browser hydrates this HTML (main.tsx).
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
// eslint-disable-next-line no-restricted-imports -- Emotion's package named "server", not src/server
import createEmotionServer from '@emotion/server/create-instance';
import { StrictMode, Suspense } from 'react';
import { prerender } from 'react-dom/static';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { Locale } from '../shared/locale.ts';
import { Providers } from './app/providers.tsx';
import { routes } from './app/router.tsx';
import { RouteFallback } from './components/ui/route-fallback.tsx';
import { i18n } from './i18n/i18n.ts';

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

export async function renderPage(url: string, locale: Locale): Promise<RenderedPage> {
  await i18n.changeLanguage(locale);
  // Same key as Emotion's default browser cache, which adopts these tags on hydration. No vendor prefixes: the
  // browsers the app supports need none, and the class names stay the same.
  const cache = createCache({ key: 'css', stylisPlugins: [] });
  cache.compat = true; // collect the styles for extraction instead of writing <style> tags into the markup
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
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
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let body = await new Response(prelude).text();
  const headTags: string[] = [];
  for (let match = hoistedTag.exec(body); match; match = hoistedTag.exec(body)) {
    headTags.push(match[1]!);
    body = body.slice(match[0].length);
  }
  router.dispose();
  return { body, head: headTags.join(''), styles: constructStyleTagsFromChunks(extractCriticalToChunks(body)) };
}

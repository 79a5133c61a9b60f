// Vite plugin run at the end of the client build: renders the public pages to static HTML (one file per page and
// language, with their critical CSS inlined) and brotli-compresses the built assets. Decision record 012.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { notFoundPagePath, prerenderedPaths } from '../src/shared/client-routes.ts';
import { supportedLocales, type Locale } from '../src/shared/locale.ts';

/** What the server reads (dist/pages/pages.json): which file answers which path, per language. */
export type PrerenderedPagesManifest = {
  locales: readonly Locale[];
  /** URL path -> file name inside `<locale>/`. */
  pages: Record<string, string>;
  /** The 404 page's file name inside `<locale>/`. */
  notFound: string;
};

type RenderPage = (url: string, locale: Locale) => Promise<{ body: string; head: string; styles: string }>;

const compressedExtensions = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.webmanifest', '.json', '.txt']);

function fileNameFor(urlPath: string): string {
  return urlPath === '/' ? 'index.html' : `${urlPath.slice(1)}.html`;
}

/**
 * The start-up script of a prerendered page. The page is readable and its links work without any JavaScript; the
 * app (React, Chakra, the router) is loaded on the first sign of interaction, or at once for a browser that had a
 * signed-in session (its header then shows "Dashboard"). A tap on a control before that is held and replayed by
 * main.tsx once the control is hydrated. The service worker (the offline shell) is registered after the load event
 * either way; the app's own registration, with its update prompt, takes the same worker over when it starts.
 * (No // comments inside: the script is joined into one line.)
 */
function startUpScript(entry: string, preloads: string[]): string {
  const source = `(function () {
  var d = document, started = false;
  function start() {
    if (started) return;
    started = true;
    ${JSON.stringify(preloads)}.forEach(function (href) {
      var link = d.createElement('link'); link.rel = 'modulepreload'; link.href = href; d.head.appendChild(link);
    });
    var script = d.createElement('script'); script.type = 'module'; script.src = ${JSON.stringify(entry)};
    d.head.appendChild(script);
  }
  d.addEventListener('click', function (event) {
    if (window.__appStarted) return;
    var control = event.target && event.target.closest &&
      event.target.closest('button, [role="button"], summary, label, input, select, textarea');
    if (!control) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    window.__heldClick = control;
    start();
  }, true);
  ['pointerdown', 'pointerover', 'touchstart', 'keydown', 'focusin'].forEach(function (type) {
    d.addEventListener(type, start, { capture: true, passive: true, once: true });
  });
  try { if (localStorage.getItem('signed-in-hint') === '1') start(); } catch (error) { /* storage disabled */ }
  window.addEventListener('load', function () {
    if ('serviceWorker' in navigator) navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(function () {});
  });
})();`;
  return `<script>${source.replace(/\n\s*/g, ' ')}</script>`;
}

/** The shell with one rendered page in it: head tags and styles in <head>, the markup in #root, no module script. */
export function composePage(
  shell: string,
  locale: Locale,
  page: { body: string; head: string; styles: string },
): string {
  const preloads: string[] = [];
  let entry: string | undefined;
  let html = shell
    .replace(/<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/, (_tag, src: string) => {
      entry = src;
      return '';
    })
    .replace(/<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g, (_tag, href: string) => {
      preloads.push(href);
      return '';
    });
  if (!entry) throw new Error('prerender: the built index.html has no module script');
  if (/<title>/.test(page.head)) html = html.replace(/<title>[\s\S]*?<\/title>/, '');
  html = html
    .replace(/<html lang="[^"]*"/, `<html lang="${locale}"`)
    .replace('</head>', `${page.head}${page.styles}</head>`)
    .replace(/<noscript>[\s\S]*?<\/noscript>\s*/, '')
    .replace(/<div id="root"><\/div>/, () => `<div id="root" data-prerendered>${page.body}</div>`)
    .replace('</body>', `${startUpScript(entry, preloads)}</body>`);
  return html;
}

function compressTree(dir: string): number {
  let count = 0;
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    const stats = statSync(full);
    if (stats.isDirectory()) {
      count += compressTree(full);
    } else if (compressedExtensions.has(path.extname(entry)) && stats.size > 1024) {
      const compressed = brotliCompressSync(readFileSync(full), {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: stats.size },
      });
      writeFileSync(`${full}.br`, compressed);
      count += 1;
    }
  }
  return count;
}

export function prerenderPages({ pagesDir }: { pagesDir: string }): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'campus-jobs:prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      const renderDir = path.join(path.dirname(pagesDir), '.prerender');
      const started = Date.now();
      // A separate server build of the same components (no PWA plugin), run in this process.
      await build({
        configFile: false,
        root: config.root,
        envDir: config.envDir,
        mode: config.mode,
        logLevel: 'warn',
        plugins: [react()],
        ssr: { noExternal: ['@chakra-ui/react', 'react-icons'] },
        build: {
          ssr: 'prerender.tsx',
          outDir: renderDir,
          emptyOutDir: true,
          rolldownOptions: { output: { entryFileNames: 'prerender.mjs' } },
        },
      });
      const { renderPage } = (await import(pathToFileURL(path.join(renderDir, 'prerender.mjs')).href)) as {
        renderPage: RenderPage;
      };
      const shell = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      rmSync(pagesDir, { recursive: true, force: true });
      const manifest: PrerenderedPagesManifest = { locales: supportedLocales, pages: {}, notFound: '404.html' };
      for (const locale of supportedLocales) {
        for (const urlPath of [...prerenderedPaths, notFoundPagePath]) {
          const file = urlPath === notFoundPagePath ? manifest.notFound : fileNameFor(urlPath);
          if (urlPath !== notFoundPagePath) manifest.pages[urlPath] = file;
          const target = path.join(pagesDir, locale, file);
          mkdirSync(path.dirname(target), { recursive: true });
          writeFileSync(target, composePage(shell, locale, await renderPage(urlPath, locale)));
        }
      }
      writeFileSync(path.join(pagesDir, 'pages.json'), `${JSON.stringify(manifest, null, 2)}\n`);
      rmSync(renderDir, { recursive: true, force: true });
      const compressed = compressTree(outDir);
      config.logger.info(
        `prerendered ${Object.keys(manifest.pages).length + 1} pages x ${supportedLocales.length} languages and ` +
          `compressed ${compressed} assets in ${Date.now() - started} ms`,
      );
    },
  };
}

// Vite plugin run at the end of the client build: renders the public pages to static HTML (one file per page and
// language, with their critical CSS inlined) and brotli-compresses the built assets. Decision record 012.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import {
  clientPaths,
  notFoundPagePath,
  prerenderedPaths,
  redirectUrlPlaceholder,
  signedInShellPaths,
} from '../src/shared/client-routes.ts';
import {
  shellCardsMaxAgeMs,
  signedInShellAttribute,
  signedInShellCardsKey,
  signedInShellId,
  signedInShellMarkers,
  signedInShellTextKey,
} from '../src/client/lib/signed-in-shell.ts';
import { reactPropsKeyPrefix } from '../src/client/lib/held-tap.ts';
import { signedInHintKey, signedInUserKey } from '../src/client/lib/session/session-keys.ts';
import { mobileBreakpointPx, sidebarCookieName } from '../src/client/features/dashboard/sidebar-state.ts';
import { supportedLocales, type Locale } from '../src/shared/locale.ts';

/** What the server reads (dist/pages/pages.json): which file answers which path, per language. */
export type PrerenderedPagesManifest = {
  locales: readonly Locale[];
  /** URL path -> file name inside `<locale>/`. */
  pages: Record<string, string>;
  /** The 404 page's file name inside `<locale>/`. */
  notFound: string;
  /** Signed-in pages' shells (decision record 016): URL path -> file name inside `<locale>/`. */
  shells: Record<string, string>;
};

type RenderPage = (url: string, locale: Locale) => Promise<{ body: string; head: string; styles: string }>;
type ShellView = 'mobile' | 'expanded' | 'collapsed';
type RenderSignedInShell = (
  url: string,
  locale: Locale,
) => Promise<{ views: Record<ShellView, string>; head: string; styles: string }>;

const compressedExtensions = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.webmanifest', '.json', '.txt']);

function fileNameFor(urlPath: string): string {
  return urlPath === '/' ? 'index.html' : `${urlPath.slice(1)}.html`;
}

/** An inline script joined into one line (no // comments inside). */
const oneLine = (source: string) => `<script>${source.replace(/\n\s*/g, ' ')}</script>`;

/** Modulepreload links appended per task: each costs the main thread about a millisecond on a slowed phone. */
const preloadsPerTask = 4;

/**
 * The statements that load the app: its entry module at once, then the modulepreloads of the modules it will import,
 * a few per task so that inserting them is never one long task (about a hundred links took 70 ms unthrottled, a
 * 280 ms block on the simulated phone). The preloads only start downloads early; the entry's imports need none of them.
 * A page the service worker controls gets none: its modules come from the worker's cache, where a request costs
 * less than inserting its link. (No '<' inside: a test reads the inline script up to the next tag.)
 */
function loadAppSource(entry: string, preloads: string[]): string {
  return `var script = d.createElement('script'); script.type = 'module'; script.src = ${JSON.stringify(entry)};
    d.head.appendChild(script);
    var controlled = 'serviceWorker' in navigator && navigator.serviceWorker.controller;
    var hrefs = controlled ? [] : ${JSON.stringify(preloads)};
    (function preload(from) {
      hrefs.slice(from, from + ${preloadsPerTask}).forEach(function (href) {
        var link = d.createElement('link'); link.rel = 'modulepreload'; link.href = href; d.head.appendChild(link);
      });
      if (hrefs.length > from + ${preloadsPerTask}) setTimeout(function () { preload(from + ${preloadsPerTask}); }, 0);
    })(0);`;
}

/**
 * The start-up script of a prerendered page. The page is readable and its links work without any JavaScript; the
 * app (React, Chakra, the router) is loaded on the first sign of interaction, or at once for a browser that had a
 * signed-in session (its header then shows "Dashboard"). A tap on a control React does not handle yet (before the app
 * starts, or while it hydrates) is held and given to the control once React does (lib/held-tap.ts). The service
 * worker (the offline shell) is registered after the load event either way; the app's own registration, with its
 * update prompt, takes the same worker over when it starts.
 * (No // comments inside: the script is joined into one line.)
 */
function startUpScript(entry: string, preloads: string[]): string {
  return oneLine(`(function () {
  var d = document, started = false;
  function start() {
    if (started) return;
    started = true;
    ${loadAppSource(entry, preloads)}
  }
  function handled(control) {
    return Object.keys(control).some(function (key) {
      return key.indexOf(${JSON.stringify(reactPropsKeyPrefix)}) === 0;
    });
  }
  d.addEventListener('click', function (event) {
    if (window.__releasingClick) return;
    var control = event.target && event.target.closest &&
      event.target.closest('button, [role="button"], summary, label, input, select, textarea');
    var root = d.getElementById('root');
    if (!control || !root || !root.contains(control) || handled(control)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    window.__heldClick = control;
    if (window.__replayHeldClick) window.__replayHeldClick(); else start();
  }, true);
  ['pointerdown', 'pointerover', 'touchstart', 'keydown', 'focusin'].forEach(function (type) {
    d.addEventListener(type, start, { capture: true, passive: true, once: true });
  });
  try { if (localStorage.getItem(${JSON.stringify(signedInHintKey)}) === '1') start(); } catch (error) { /* storage disabled */ }
  window.addEventListener('load', function () {
    if ('serviceWorker' in navigator) navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(function () {});
  });
})();`);
}

/** The built index.html without its module script and modulepreloads, and what they were. */
function withoutAppScripts(shell: string): { html: string; entry: string; preloads: string[] } {
  const preloads: string[] = [];
  let entry: string | undefined;
  const html = shell
    .replace(/<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/, (_tag, src: string) => {
      entry = src;
      return '';
    })
    .replace(/<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g, (_tag, href: string) => {
      preloads.push(href);
      return '';
    });
  if (!entry) throw new Error('prerender: the built index.html has no module script');
  return { html, entry, preloads };
}

/** The shell with one rendered page in it: head tags and styles in <head>, the markup in #root, no module script. */
export function composePage(
  shell: string,
  locale: Locale,
  page: { body: string; head: string; styles: string },
): string {
  const { html: bare, entry, preloads } = withoutAppScripts(shell);
  let html = bare;
  if (/<title>/.test(page.head)) html = html.replace(/<title>[\s\S]*?<\/title>/, '');
  html = html
    .replace(/<html lang="[^"]*"/, `<html lang="${locale}"`)
    // Functions, not strings: "$&" or "$'" in a page's text (a price, a job title) mean something to replace().
    .replace('</head>', () => `${page.head}${page.styles}</head>`)
    .replace(/<noscript>[\s\S]*?<\/noscript>\s*/, '')
    .replace(/<div id="root"><\/div>/, () => `<div id="root" data-prerendered>${page.body}</div>`)
    .replace('</body>', () => `${startUpScript(entry, preloads)}</body>`);
  return html;
}

/**
 * First thing in a signed-in shell's <head>: a visitor this browser never had signed in goes straight to the sign-in
 * page (the prerendered one, 0 KB of script), as the app's guard would send them after loading. The hint only spares
 * a detour; the app still checks the session. For a returning student it picks the desktop sidebar's remembered
 * state and keeps the shell unpainted until its name slots are filled (the browser may paint a long page before it
 * has parsed all of it, and a greeting that grows after its first paint would move the page).
 */
function shellGateScript(): string {
  return oneLine(`(function () {
  var d = document.documentElement, hinted = false;
  try { hinted = localStorage.getItem(${JSON.stringify(signedInHintKey)}) === '1'; } catch (error) { /* disabled */ }
  if (hinted) {
    d.setAttribute('data-shell-filling', '');
    if (/(^|;)\\s*${sidebarCookieName}=false(;|$)/.test(document.cookie)) d.setAttribute('data-shell-sidebar', 'collapsed');
    return;
  }
  d.style.display = 'none';
  location.replace('/sign-in?redirectUrl=' + encodeURIComponent(location.pathname + location.search));
})();`);
}

/**
 * Right after the shell's markup: keeps only the view of the shell this screen shows (removing the other two before
 * the first style pass), fills in the student's name from this browser's storage (what the app last showed,
 * else the stored account) and the first job cards the app last showed this student in this language (markup the app
 * rendered and kept, shown only for the same uid and the same build's list styles), then starts the app after the
 * first frame so its downloads never hold the paint.
 */
function shellStartScript(entry: string, preloads: string[]): string {
  return oneLine(`(function () {
  var d = document;
  try {
    var shown = matchMedia('(max-width: ${mobileBreakpointPx - 0.02}px)').matches ? 'mobile'
      : d.documentElement.getAttribute('data-shell-sidebar') === 'collapsed' ? 'collapsed' : 'expanded';
    d.querySelectorAll('#${signedInShellId} > [data-shell-view]').forEach(function (view) {
      if (view.getAttribute('data-shell-view') !== shown) view.remove();
    });
    d.getElementById('${signedInShellId}').setAttribute('data-shell-one-view', '');
  } catch (error) { /* the three views stay, chosen by the style sheet */ }
  try {
    var user = JSON.parse(localStorage.getItem(${JSON.stringify(signedInUserKey)}) || 'null') || {};
    var text = JSON.parse(localStorage.getItem(${JSON.stringify(signedInShellTextKey)}) || 'null');
    if (!text || text.uid !== user.uid) {
      var name = (user.displayName || '').trim() || (user.email || '').split('@')[0];
      var words = name.split(/[\\s._-]+/).filter(function (word) { return /^[^\\d\\W]/.test(word); });
      var initials = (words[0] || name).charAt(0) + (words.length > 1 ? words[words.length - 1].charAt(0) : '');
      text = { greeting: name, name: name, email: user.email || '', initials: initials.toUpperCase() };
    }
    d.querySelectorAll('[data-shell-fill]').forEach(function (slot) {
      slot.textContent = text[slot.getAttribute('data-shell-fill')] || '';
    });
    var cards = JSON.parse(localStorage.getItem(${JSON.stringify(signedInShellCardsKey)}) || 'null');
    if (cards && cards.uid === user.uid && cards.locale === d.documentElement.lang) {
      d.querySelectorAll('[data-shell-cards]').forEach(function (frame) {
        var key = frame.getAttribute('data-shell-cards'), list = cards.lists[key];
        if (!list || frame.className !== cards.listClass || !(list.savedAt > Date.now() - ${shellCardsMaxAgeMs})) return;
        frame.innerHTML = list.items;
        frame.setAttribute('data-shell-filled', '');
        d.querySelectorAll('[data-shell-count="' + key + '"]').forEach(function (count) { count.textContent = list.count; });
      });
    }
  } catch (error) { /* storage disabled: the slots stay empty */ }
  d.documentElement.removeAttribute('data-shell-filling');
  function start() {
    ${loadAppSource(entry, preloads)}
  }
  requestAnimationFrame(function () { setTimeout(start, 0); });
})();`);
}

/** Which view of the shell shows: the viewport, then the desktop sidebar's state; #root waits, invisible, above it. */
function shellStyles(): string {
  const view = `#${signedInShellId}>[data-shell-view]`;
  return (
    `<style>html[${signedInShellAttribute}] #root{display:none}` +
    `html[data-shell-filling] #${signedInShellId}{visibility:hidden}` +
    // The frame for the last cards shows once filled, in place of the skeletons that follow it.
    `#${signedInShellId} [data-shell-cards]:not([data-shell-filled]),` +
    `#${signedInShellId} [data-shell-filled]+[data-shell-skeletons]{display:none!important}` +
    `${view}{display:none}` +
    // The start script keeps only the view this screen shows (a third of the elements for every later style pass).
    `#${signedInShellId}[data-shell-one-view]>[data-shell-view]{display:block!important}` +
    `@media (max-width:${mobileBreakpointPx - 0.02}px){${view.replace('[data-shell-view]', '[data-shell-view=mobile]')}{display:block}}` +
    `@media (min-width:${mobileBreakpointPx}px){` +
    `html:not([data-shell-sidebar=collapsed]) ${view.replace('[data-shell-view]', '[data-shell-view=expanded]')}{display:block}` +
    `html[data-shell-sidebar=collapsed] ${view.replace('[data-shell-view]', '[data-shell-view=collapsed]')}{display:block}}` +
    `</style>`
  );
}

/** One view's markup as a picture: the stand-in student's texts become fill-in slots; no ids or test ids twice. */
export function shellMarkup(body: string): string {
  const slot = (name: string) => `<span data-shell-fill="${name}"></span>`;
  const paintIds = new Set([...body.matchAll(/url\(#([^)]+)\)/g)].map((match) => match[1]));
  // Only in text between tags: a stand-in text in an attribute has no slot and stops the build below.
  const inText = (html: string, marker: string, name: string) =>
    html.replace(/>[^<]+</g, (text) => text.replaceAll(marker, slot(name)));
  let markup = body.replace(
    new RegExp(`(data-testid="dashboard-greeting"[^>]*>[^<]*?)${signedInShellMarkers.name}`),
    (_all, before: string) => `${before}${slot('greeting')}`,
  );
  // A label naming the student (the user menu's button) goes: the shell's controls do nothing until the app is up.
  const markers = `(?:${signedInShellMarkers.name}|${signedInShellMarkers.email})`;
  markup = markup.replace(new RegExp(`\\s(?:aria-label|title|alt)="[^"]*${markers}[^"]*"`, 'g'), '');
  markup = inText(markup, signedInShellMarkers.name, 'name');
  markup = inText(markup, signedInShellMarkers.email, 'email');
  markup = markup
    .replaceAll(`>${signedInShellMarkers.initials}<`, `>${slot('initials')}<`)
    .replace(/\s(?:data-testid|for|aria-controls|aria-labelledby|aria-describedby)="[^"]*"/g, '')
    // Ids go too, but those an SVG paints with (the logo's gradient, `url(#...)`).
    .replace(/\sid="([^"]*)"/g, (attribute, id: string) => (paintIds.has(id) ? attribute : ''));
  if (/qshell/i.test(markup)) throw new Error('prerender: a stand-in text of the signed-in shell was left unfilled');
  return markup;
}

/** A signed-in page's shell: its views under #signed-in-shell, an empty #root, the app started after the paint. */
export function composeSignedInShell(
  shell: string,
  locale: Locale,
  page: { views: Record<ShellView, string>; head: string; styles: string },
  routeChunks: readonly string[] = [],
): string {
  const { html: bare, entry, preloads: shellPreloads } = withoutAppScripts(shell);
  // The page's own lazy chunks (layout, page) load with the app's, not one after the other once it runs.
  const preloads = [...new Set([...shellPreloads, ...routeChunks])];
  let html = bare;
  if (/<title>/.test(page.head)) html = html.replace(/<title>[\s\S]*?<\/title>/, '');
  const views = (Object.entries(page.views) as [ShellView, string][])
    .map(([name, body]) => `<div data-shell-view="${name}">${shellMarkup(body)}</div>`)
    .join('');
  return html
    .replace(/<html lang="[^"]*"/, `<html lang="${locale}" ${signedInShellAttribute}`)
    .replace(/<head>/i, () => `<head>${shellGateScript()}`)
    .replace('</head>', () => `${page.head}${page.styles}${shellStyles()}</head>`)
    .replace(/<noscript>[\s\S]*?<\/noscript>\s*/, '')
    .replace(
      /<div id="root"><\/div>/,
      () =>
        // inert: nothing in the picture can be used (a tap on its sidebar toggle would be lost), so pointers, focus
        // and assistive technology wait for the app's own page, which replaces it.
        `<div id="${signedInShellId}" aria-busy="true" inert>${views}</div>` +
        `${shellStartScript(entry, preloads)}<div id="root"></div>`,
    );
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

/**
 * The lazily loaded modules each signed-in shell's page renders (src/client/app/router.tsx): their chunks, and the
 * chunks those import, are preloaded with the app. A module missing from the build stops it (a renamed route).
 * Firebase is left to the app on purpose (decision record 020): preloaded here, its 150 KB module is compiled and run
 * while the page is still starting, which made a first visit's blocking time longer, not shorter.
 */
const shellRouteModules: Record<string, readonly string[]> = {
  '/dashboard': [
    'src/client/app/layouts/dashboard-layout.tsx',
    'src/client/features/dashboard/routes/dashboard-page.tsx',
  ],
  '/jobs': ['src/client/app/layouts/dashboard-layout.tsx', 'src/client/features/jobs/routes/job-board-page.tsx'],
};

type ChunkGraph = Map<string, { file: string; imports: string[]; moduleId: string | null }>;

/** `/assets/...` of the chunks of `modules` and everything they import statically. */
export function chunksFor(graph: ChunkGraph, modules: readonly string[], root: string): string[] {
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const imported of graph.get(file)?.imports ?? []) visit(imported);
  };
  for (const module of modules) {
    const wanted = path.resolve(root, '..', '..', module);
    const chunk = [...graph.values()].find((entry) => entry.moduleId === wanted);
    if (!chunk) throw new Error(`prerender: no chunk for ${module}; update shellRouteModules`);
    visit(chunk.file);
  }
  return [...files].map((file) => `/${file}`);
}

export function prerenderPages({ pagesDir }: { pagesDir: string }): Plugin {
  let config: ResolvedConfig;
  const chunkGraph: ChunkGraph = new Map();
  return {
    name: 'campus-jobs:prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') {
          chunkGraph.set(output.fileName, {
            file: output.fileName,
            imports: output.imports,
            moduleId: output.facadeModuleId,
          });
        }
      }
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
      const { renderPage, renderSignedInShell } = (await import(
        pathToFileURL(path.join(renderDir, 'prerender.mjs')).href
      )) as { renderPage: RenderPage; renderSignedInShell: RenderSignedInShell };
      const shell = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      rmSync(pagesDir, { recursive: true, force: true });
      const manifest: PrerenderedPagesManifest = {
        locales: supportedLocales,
        pages: {},
        notFound: '404.html',
        shells: {},
      };
      for (const locale of supportedLocales) {
        for (const urlPath of [...prerenderedPaths, notFoundPagePath]) {
          const file = urlPath === notFoundPagePath ? manifest.notFound : fileNameFor(urlPath);
          if (urlPath !== notFoundPagePath) manifest.pages[urlPath] = file;
          const target = path.join(pagesDir, locale, file);
          mkdirSync(path.dirname(target), { recursive: true });
          // The sign-in page's links carry the redirect target: rendered with a placeholder the server fills in.
          const url =
            urlPath === clientPaths.signIn
              ? `${urlPath}?redirectUrl=${encodeURIComponent(redirectUrlPlaceholder)}`
              : urlPath;
          writeFileSync(target, composePage(shell, locale, await renderPage(url, locale)));
        }
        for (const urlPath of signedInShellPaths) {
          const file = `${urlPath.slice(1)}.shell.html`;
          manifest.shells[urlPath] = file;
          const target = path.join(pagesDir, locale, file);
          const routeChunks = chunksFor(chunkGraph, shellRouteModules[urlPath] ?? [], config.root);
          const page = await renderSignedInShell(urlPath, locale);
          writeFileSync(target, composeSignedInShell(shell, locale, page, routeChunks));
        }
      }
      writeFileSync(path.join(pagesDir, 'pages.json'), `${JSON.stringify(manifest, null, 2)}\n`);
      rmSync(renderDir, { recursive: true, force: true });
      const compressed = compressTree(outDir);
      config.logger.info(
        `prerendered ${Object.keys(manifest.pages).length + 1} pages and ${signedInShellPaths.length} signed-in shells x ${supportedLocales.length} languages and ` +
          `compressed ${compressed} assets in ${Date.now() - started} ms`,
      );
    },
  };
}

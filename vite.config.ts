import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { lazyChakraGlobalCss } from './scripts/vite-plugin-lazy-chakra-global.ts';
import { prerenderPages } from './scripts/vite-plugin-prerender.ts';

const manifestPath = fileURLToPath(new URL('./manifest.webmanifest', import.meta.url));
// Public pages rendered at build time, one folder per language; the server picks the file (decision record 012).
const pagesDir = fileURLToPath(new URL('./dist/pages', import.meta.url));

/**
 * Ships the hand-written top-level manifest.webmanifest (vite-plugin-pwa's generated manifest is switched off so
 * the file stays readable and reviewable on its own): served in dev, emitted into the build (and so precached).
 */
function webManifest(): Plugin {
  const read = () => {
    const text = readFileSync(manifestPath, 'utf8');
    JSON.parse(text); // a syntax error fails the build instead of silently breaking installability
    return text;
  };
  return {
    name: 'campus-jobs:web-manifest',
    configureServer(server) {
      server.middlewares.use('/manifest.webmanifest', (_request, response) => {
        response.setHeader('Content-Type', 'application/manifest+json');
        response.end(read());
      });
    },
    buildStart() {
      this.addWatchFile(manifestPath);
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: read() });
    },
  };
}

/**
 * The company portal's own modules (its feature folders, their shared rules, its strings) and the drag and drop
 * library only its pipeline board uses.
 */
const portalModule =
  /[\\/]src[\\/](client[\\/]features|shared)[\\/](company|pipeline)[\\/]|locales[\\/](en|fr)[\\/]company\.json|[\\/]node_modules[\\/]@dnd-kit[\\/]/;

/**
 * The charting library and what it is built on: shared by the portal's job statistics and the student's weekly
 * applications chart, so one chunk outside assets/portal/, loaded only with a chart.
 */
const chartLibrary =
  /[\\/]node_modules[\\/](recharts|victory-vendor|d3-[^\\/]+|internmap|@reduxjs|redux|redux-thunk|react-redux|immer|reselect|decimal\.js-light|es-toolkit|eventemitter3|tiny-invariant)[\\/]/;

/** The UI libraries (Chakra and what it is built on, icons, i18n bindings): never Firebase, Dexie or zod. */
const uiLibrary =
  /[\\/]node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@floating-ui|@emotion|@internationalized|@swc|@pandacss|stylis|react-icons|proxy-compare|react-i18next|i18next)[\\/]/;

export default defineConfig({
  root: 'src/client',
  // Paths below are relative to `root`.
  publicDir: '../../public',
  envDir: '../..', // VITE_* variables live in .env files at the repository root, not inside src/client
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // The company portal's chunks go to assets/portal/ (a name no library chunk can take): the service worker leaves them out of its precache,
        // so no student device downloads the portal, and a test checks that student pages never request them.
        // A chunk that only re-exports another (no modules of its own) is named after the module it stands for.
        chunkFileNames: (chunk) =>
          (chunk.moduleIds.length > 0 ? chunk.moduleIds : [chunk.facadeModuleId ?? '']).some((id) =>
            portalModule.test(id),
          )
            ? 'assets/portal/[name]-[hash].js'
            : 'assets/[name]-[hash].js',
        // Routes are already lazy; these groups make sure the heavy libraries only the signed-in area needs get
        // their own chunks (never merged into one the landing page loads), and that React is cached separately
        // from our own code, which changes with every deploy.
        codeSplitting: {
          groups: [
            // Without includeDependenciesRecursively: false a group also takes in what its modules import: React
            // (imported by dexie-react-hooks) landed in "dexie", which every page then loaded.
            {
              name: 'firebase',
              test: /node_modules[\\/](firebase|@firebase)[\\/]/,
              priority: 3,
              includeDependenciesRecursively: false,
            },
            {
              name: 'dexie',
              test: /node_modules[\\/](dexie|dexie-react-hooks)[\\/]/,
              priority: 3,
              includeDependenciesRecursively: false,
            },
            // The board search's RE2 engine, loaded on the first regular-expression search (shared/jobs/regex-engine.ts).
            {
              name: 're2js',
              test: /node_modules[\\/]re2js[\\/]/,
              priority: 3,
              includeDependenciesRecursively: false,
            },
            {
              name: 'charts',
              test: chartLibrary,
              priority: 3,
              includeDependenciesRecursively: false,
            },
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
              priority: 2,
            },
            // Fewer, larger chunks for the start of a signed-in page (decision record 018): every module fetched
            // costs a modulepreload link and a request, about a hundred of them a long task on a phone. "ui" holds the
            // libraries the entry needs, "app" our own start-up modules, "ui-more" the UI libraries two or more lazy
            // pages share (never Firebase, Dexie or zod: a page that needs only those must not load it).
            {
              name: 'ui',
              test: /node_modules[\\/]/,
              tags: ['$initial'],
              priority: 1,
              includeDependenciesRecursively: false,
            },
            {
              name: 'ui-more',
              test: uiLibrary,
              minShareCount: 2,
              priority: 0,
              includeDependenciesRecursively: false,
            },
            {
              name: 'app',
              test: /[\\/]src[\\/]/,
              tags: ['$initial'],
              priority: 0,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  plugins: [
    react(),
    lazyChakraGlobalCss(),
    webManifest(),
    prerenderPages({ pagesDir }),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '.', // relative to `root`, i.e. src/client/sw.ts
      filename: 'sw.ts',
      registerType: 'prompt', // forms must never be reloaded under the user: src/client/pwa asks first
      injectRegister: false, // registered by src/client/pwa/register-service-worker.ts
      manifest: false, // we ship our own manifest.webmanifest (see webManifest above)
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The portal's chunks, and the charting library (430 kB, used by the portal and by the student's weekly chart
        // on My Applications only): fetched when needed, never precached on every student device. Offline, the
        // weekly chart gives way to its numbers in words.
        globIgnores: ['assets/portal/**', 'assets/charts-*.js'],
      },
    }),
  ],
});

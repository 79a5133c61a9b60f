import './lib/zod-without-eval.ts';
import { CacheProvider } from '@emotion/react';
import { StrictMode, Suspense, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { Providers } from './app/providers.tsx';
import { browserStyleCache } from './app/style-cache.ts';
import { appSystem, mergeAppSystemConfig } from './app/theme.ts';
import { createAppRouter } from './app/router.tsx';
import { RouteFallback } from './components/ui/route-fallback.tsx';
import { isProduction } from './env.ts';
import { replayHeldClick } from './lib/held-tap.ts';
import { nextTask } from './lib/yield-to-main.ts';
import { registerServiceWorker } from './pwa/register-service-worker.ts';

declare global {
  interface Window {
    /** Set once the app has started on a prerendered page (the browser tests read it). */
    __appStarted?: boolean;
  }
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/** The whole app around a router. */
function appWith(router: ReturnType<typeof createAppRouter>) {
  return (
    <StrictMode>
      <CacheProvider value={browserStyleCache()}>
        <Providers>
          {/* Outermost boundary; the layouts hold inner ones so headers stay on screen while a page loads. */}
          <Suspense fallback={<RouteFallback />}>
            <RouterProvider router={router} />
          </Suspense>
        </Providers>
      </CacheProvider>
    </StrictMode>
  );
}

/**
 * Starts the app in steps, one task each: on a phone, evaluating the modules, merging the Chakra config, creating the
 * Chakra system and creating the router each take tens of milliseconds, and together they made one task of 350-470 ms
 * that blocked any tap.
 */
async function start(root: HTMLElement): Promise<void> {
  await nextTask();
  mergeAppSystemConfig();
  await nextTask();
  appSystem();
  await nextTask();
  const app = appWith(createAppRouter());
  await nextTask();
  if (root.hasAttribute('data-prerendered')) {
    // A page rendered at build time (vite.config.ts, prerender): adopt its HTML instead of rendering it again. As a
    // transition, hydration yields to the browser between components instead of one long task.
    startTransition(() => {
      hydrateRoot(root, app, {
        onRecoverableError: (error) => console.warn('[hydration]', error),
      });
    });
    window.__appStarted = true;
    // Until React handles a control, the start-up script holds taps on it and hands them over from now on.
    window.__replayHeldClick = replayHeldClick;
    replayHeldClick();
  } else {
    // Signed-in pages render a lot (dashboard, board); as a transition the first render yields to the browser every
    // few milliseconds instead of blocking it for hundreds on a phone.
    const reactRoot = createRoot(root);
    startTransition(() => reactRoot.render(app));
  }
}

void start(container);

// The dev server serves modules that change on every save; a caching worker there only gets in the way.
// Registered after the page has loaded, so the worker's precache downloads never compete with the page's own.
if (isProduction) {
  if (document.readyState === 'complete') registerServiceWorker();
  else window.addEventListener('load', () => registerServiceWorker(), { once: true });
}

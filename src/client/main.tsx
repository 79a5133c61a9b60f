import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { Providers } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { RouteFallback } from './components/ui/route-fallback.tsx';
import { isProduction } from './env.ts';
import { registerServiceWorker } from './pwa/register-service-worker.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Providers>
      {/* Outermost boundary; the layouts hold inner ones so headers stay on screen while a page loads. */}
      <Suspense fallback={<RouteFallback />}>
        <RouterProvider router={router} />
      </Suspense>
    </Providers>
  </StrictMode>,
);

// The dev server serves modules that change on every save; a caching worker there only gets in the way.
if (isProduction) registerServiceWorker();

import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { RouteFallback } from '../../components/ui/route-fallback.tsx';

/** Shell shared by every route: scroll position per history entry (and #hash targets), and a loading boundary. */
export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Suspense fallback={<RouteFallback />}>
        <Outlet />
      </Suspense>
    </>
  );
}

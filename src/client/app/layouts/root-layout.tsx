import { Suspense, useLayoutEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { signedInShellPaths } from '../../../shared/client-routes.ts';
import { RouteFallback } from '../../components/ui/route-fallback.tsx';
import { releaseSignedInShell } from '../../lib/signed-in-shell.ts';

/** Shell shared by every route: scroll position per history entry (and #hash targets), and a loading boundary. */
export function RootLayout() {
  const { pathname } = useLocation();
  // The prerendered signed-in shell belongs to its page: anywhere else (sent to sign-in, say) it goes at once.
  useLayoutEffect(() => {
    if (!signedInShellPaths.includes(pathname)) releaseSignedInShell();
  }, [pathname]);
  return (
    <>
      <ScrollRestoration />
      <Suspense fallback={<RouteFallback />}>
        <Outlet />
      </Suspense>
    </>
  );
}

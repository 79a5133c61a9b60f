import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { RouteFallback } from '../../../components/ui/route-fallback.tsx';
import { useSession } from '../../../lib/session/use-session.ts';
import { signInPath } from '../sign-in-links.ts';

/**
 * Guards the signed-in area. An anonymous session does not count: these pages belong to an identified student.
 * Statically imported by the router, so it must not import Firebase (the session store loads it on demand).
 */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <RouteFallback />;
  if (session.status !== 'identified') {
    return <Navigate to={signInPath(`${location.pathname}${location.search}`)} replace />;
  }
  return <Outlet />;
}

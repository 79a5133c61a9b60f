import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { RouteFallback } from '../../../components/ui/route-fallback.tsx';
import { useSession } from '../../../lib/session/use-session.ts';

/**
 * A page both visitors and students open (a public job link): the signed-in version (the child routes) for an
 * identified student, `visitor` for everyone else. Statically imported by the router, so no Firebase import here.
 */
export function SignedInOr({ visitor }: { visitor: ReactNode }) {
  const session = useSession();
  if (session.status === 'loading') return <RouteFallback />;
  return session.status === 'identified' ? <Outlet /> : visitor;
}

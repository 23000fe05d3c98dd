import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../../lib/session.ts';
import { type Portal, portalHome, portalOfPath } from '../../lib/route-handle.ts';
import { FullPageLoader } from '../../ui/full-page-loader.tsx';

/** Where to go after signing in: the page the guard sent the user away from, if it is in this portal. */
function returnPath(state: unknown, portal: Portal): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from === 'string' && from.startsWith('/') && portalOfPath(from) === portal) return from;
  return portalHome(portal);
}

/** The sign-in pages: a user already signed in to this portal goes on to it. */
export function LoginGate({ portal }: { portal: Portal }) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <FullPageLoader />;
  const user = session.data?.user;
  if (user?.portal === portal) return <Navigate to={returnPath(location.state, portal)} replace />;
  return <Outlet />;
}

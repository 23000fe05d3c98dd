import { Navigate, Outlet, useLocation } from 'react-router';
import { type Portal, portalHome, portalOfPath } from '../../lib/route-handle.ts';
import { useSession } from '../../lib/session.ts';
import { FullPageLoader } from '../../ui/full-page-loader.tsx';

/** Where to go after signing in: the page the guard sent the user away from, if it is in this portal. */
function returnPath(state: unknown, portal: Portal): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from === 'string' && from.startsWith('/') && portalOfPath(from) === portal) return from;
  return portalHome(portal);
}

/** The sign-in pages: a signed-in user goes on to their own portal (to the page they came from, if it is there). */
export function LoginGate() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <FullPageLoader />;
  const user = session.data?.user;
  if (user) return <Navigate to={returnPath(location.state, user.portal)} replace />;
  return <Outlet />;
}

import { Navigate, Outlet, useLocation } from 'react-router';
import { signedInPath } from '../../lib/portal.ts';
import { useSession } from '../../lib/session.ts';
import { FullPageLoader } from '../../ui/full-page-loader.tsx';

/** The sign-in pages: a signed-in user goes on to their own portal (to the page they came from, if it is there). */
export function LoginGate() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <FullPageLoader />;
  const user = session.data?.user;
  if (user) return <Navigate to={signedInPath(location.state, user.portal)} replace />;
  return <Outlet />;
}

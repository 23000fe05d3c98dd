import { lazy, Suspense, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { takeSignedOutHere } from '../../features/auth/api/sign-out-flag.ts';
import { type Portal, portalHome, portalLogin } from '../../lib/route-handle.ts';
import { useSession } from '../../lib/session.ts';
import { FullPageLoader } from '../../ui/full-page-loader.tsx';
import { ServerUnreachable } from './server-unreachable.tsx';

const ChangePasswordRequiredPage = lazy(() =>
  import('../../features/auth/pages/change-password-required-page.tsx').then((m) => ({ default: m.ChangePasswordRequiredPage })),
);
const TwoFactorRequiredPage = lazy(() =>
  import('../../features/auth/pages/two-factor-required-page.tsx').then((m) => ({ default: m.TwoFactorRequiredPage })),
);

/** Lets through only a signed-in user of this portal; others go to sign in or to their own portal. */
export function PortalGate({ portal }: { portal: Portal }) {
  const session = useSession();
  const location = useLocation();
  // Set once a signed-in user was shown here: losing the session afterwards means it ended.
  const wasSignedIn = useRef(false);
  if (session.isPending) return <FullPageLoader />;
  if (!session.data) return <ServerUnreachable onRetry={() => void session.refetch()} />;
  const { user } = session.data;
  if (!user) {
    const from = `${location.pathname}${location.search}`;
    const ended = wasSignedIn.current && !takeSignedOutHere();
    wasSignedIn.current = false;
    return <Navigate to={portalLogin(portal)} replace state={{ from, ended }} />;
  }
  wasSignedIn.current = true;
  if (user.portal !== portal) return <Navigate to={portalHome(user.portal)} replace />;
  // a temporary password: the server serves nothing else until they choose their own
  if (user.mustChangePassword) {
    return (
      <Suspense fallback={<FullPageLoader />}>
        <ChangePasswordRequiredPage />
      </Suspense>
    );
  }
  // settings enforce two-factor sign-in and the user has none: the server serves nothing else until it is set up
  if (user.mustSetUpTwoFactor) {
    return (
      <Suspense fallback={<FullPageLoader />}>
        <TwoFactorRequiredPage />
      </Suspense>
    );
  }
  return <Outlet />;
}

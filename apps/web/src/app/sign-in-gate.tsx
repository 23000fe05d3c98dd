import { useEffect } from 'react';
import { LoginPage } from '../features/auth/pages/login-page.tsx';
import { usePageLocation } from '../lib/navigation.tsx';
import { loadPage } from '../lib/page-load.ts';
import { signedInPath } from '../lib/portal.ts';
import { useSession } from '../lib/session.ts';
import { FullPageLoader } from '../ui/full-page-loader.tsx';

/**
 * The sign-in page on its own entry (sign-in-app.tsx), as LoginGate is in the portal app: a
 * signed-in user, or one who has just signed in here or in another tab, goes on to their portal
 * (to the page a guard sent them away from, if it is there), a page load of the portal app.
 */
export function SignInGate() {
  const session = useSession();
  const { state } = usePageLocation();
  const user = session.data?.user;
  const next = user ? signedInPath(state, user.portal) : null;
  useEffect(() => {
    if (next) loadPage(next);
  }, [next]);
  if (session.isPending || next) return <FullPageLoader />;
  return <LoginPage />;
}

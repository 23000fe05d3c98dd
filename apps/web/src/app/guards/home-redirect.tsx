import { Navigate } from 'react-router';
import { portalHome } from '../../lib/route-handle.ts';
import { useSession } from '../../lib/session.ts';
import { FullPageLoader } from '../../ui/full-page-loader.tsx';

/** '/': staff to /admin, customers to /customer, anyone else to the customer sign-in. */
export function HomeRedirect() {
  const session = useSession();
  if (session.isPending) return <FullPageLoader />;
  const user = session.data?.user;
  return <Navigate to={user ? portalHome(user.portal) : '/customer/login'} replace />;
}

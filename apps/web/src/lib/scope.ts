import { useParams } from 'react-router';
import { portalOfPath } from './route-handle.ts';
import { useSession } from './session.ts';

export type PortalScope = {
  portal: 'admin' | 'customer';
  /** Staff: the customer in the route (if any). Customer users: always their own company. */
  customerId?: string;
  /** The account in the route, if any. */
  accountId?: string;
};

/**
 * The scope a page that serves both portals works in (ARCHITECTURE.md "How the customer view
 * reuses the admin view"). The server decides the real scope from the session; pages use this only
 * to choose URLs and what to offer.
 */
export function usePortalScope(): PortalScope {
  const params = useParams();
  const user = useSession().data?.user;
  const portal = user ? user.portal : portalOfPath(typeof window === 'undefined' ? '/' : window.location.pathname);
  const customerId = portal === 'customer' ? (user?.customerId ?? undefined) : params.customerId;
  return { portal, customerId, accountId: params.accountId };
}

/** The path of an account's page in a portal (admin: under its customer; customer: /customer/accounts/{id}). */
export function accountPath(scope: { portal: 'admin' | 'customer' }, customerId: string, accountId: string): string {
  return scope.portal === 'admin' ? `/admin/customers/${customerId}/accounts/${accountId}` : `/customer/accounts/${accountId}`;
}

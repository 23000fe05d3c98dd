import { SIGN_IN_PATH } from '@portal/contract/pages';

/**
 * The two portals and their addresses, without the router: the sign-in page's own entry
 * (sign-in-app.tsx) runs without react-router and uses these too.
 */
export type Portal = 'admin' | 'customer';

/** The portal a path belongs to: /admin paths are the admin portal, every other path the customer one. */
export function portalOfPath(pathname: string): Portal {
  return pathname === '/admin' || pathname.startsWith('/admin/') ? 'admin' : 'customer';
}

export function portalHome(portal: Portal): string {
  return portal === 'admin' ? '/admin' : '/customer';
}

export function portalLogin(portal: Portal): string {
  return portal === 'admin' ? '/admin/login' : '/customer/login';
}

/**
 * Where a sign-in page sends a signed-in user: the page the guard sent them away from (the sign-in
 * page's location state `from`), if it is in their portal, else their portal's home.
 */
export function signedInPath(state: unknown, portal: Portal): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from === 'string' && from.startsWith('/') && portalOfPath(from) === portal) return from;
  return portalHome(portal);
}

/** The sign-in pages' addresses, which the server answers with sign-in.html (apps/server/src/plugins/web.ts). */
export function isSignInPath(pathname: string): boolean {
  return SIGN_IN_PATH.test(pathname);
}

import { useMatches } from 'react-router';

// The portals' addresses live in portal.ts (no router there, for the sign-in page's own entry).
export { type Portal, portalHome, portalLogin, portalOfPath } from './portal.ts';

/** A crumb that shows a record's name, read from the names endpoint with the route param's id. */
export type RecordCrumb = { record: 'customer' | 'account' | 'user'; param: string };

/** What a route declares about itself; the shell reads it for titles and breadcrumbs. */
export type RouteHandle = {
  /** The screen's title: document title ('{brand} Admin - X'), header and placeholder heading. */
  title?: string;
  /** A literal document title that replaces the portal pattern (the login pages). */
  documentTitle?: string;
  /** This route's breadcrumb; defaults to `title`. */
  crumb?: string | RecordCrumb;
  /** The crumb's path has no page of its own, so it is shown as text. */
  crumbIsLink?: false;
};

export type HandleMatch = ReturnType<typeof useMatches>[number] & { handle: RouteHandle | undefined };

export function useHandleMatches(): HandleMatch[] {
  return useMatches() as HandleMatch[];
}

/** The deepest route's title. */
export function useRouteTitle(): string | undefined {
  const matches = useHandleMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const title = matches[i]?.handle?.title;
    if (title) return title;
  }
  return undefined;
}

import { type ComponentPropsWithRef, createContext, type ElementType, useContext } from 'react';

/**
 * What the pages outside the portals (sign-in, public layout) need of navigation, without
 * react-router: the sign-in page's own entry (sign-in-app.tsx) does not load the router, and
 * react-router is one module, so a single Link from it would bring the whole data router along.
 * Inside the portal app the router provides its Link and location (app/router-navigation.tsx);
 * without a provider links are plain anchors (a full page load) and the location is the window's.
 */
export type PageLocation = { pathname: string; state: unknown };
export type AppLinkProps = Omit<ComponentPropsWithRef<'a'>, 'href'> & { to: string };
export type PageNavigation = { location: PageLocation; Link: ElementType<AppLinkProps> };

const NavigationContext = createContext<PageNavigation | null>(null);
export const NavigationProvider = NavigationContext.Provider;

/** A link without the router: a full page load. */
export function PlainLink({ to, ...props }: AppLinkProps) {
  return <a href={to} {...props} />;
}

/** The window's location, with the state the portal's router keeps in the history entry (react-router's `usr`). */
function windowLocation(): PageLocation {
  const entry: unknown = window.history.state;
  const state = entry !== null && typeof entry === 'object' && 'usr' in entry ? entry.usr : null;
  return { pathname: window.location.pathname, state: state ?? null };
}

/** A link to another page of the app: `<Anchor component={AppLink} to="/terms">`. */
export function AppLink(props: AppLinkProps) {
  const Link = useContext(NavigationContext)?.Link ?? PlainLink;
  return <Link {...props} />;
}

export function usePageLocation(): PageLocation {
  return useContext(NavigationContext)?.location ?? windowLocation();
}

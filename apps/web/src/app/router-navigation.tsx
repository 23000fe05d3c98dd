import { type ReactNode, useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { NavigationProvider } from '../lib/navigation.tsx';

/** Inside the portal app, the pages outside the portals link and read the location through the router (lib/navigation.tsx). */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const location = useLocation();
  const value = useMemo(() => ({ location, Link }), [location]);
  return <NavigationProvider value={value}>{children}</NavigationProvider>;
}

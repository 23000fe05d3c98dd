import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { AppShell, Overlay, Stack } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type ReactNode, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { type Portal, portalOfPath } from '../lib/route-handle.ts';
import { useSessionUser } from '../lib/session.ts';
import { AppHeader } from './app-header.tsx';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { NavigationProgress } from './navigation-progress.tsx';
import classes from './portal-layout.module.css';
import { Sidebar } from './sidebar.tsx';
import { SIDEBAR_BREAKPOINT_PX, useSidebar } from './use-sidebar.ts';

const HEADER_HEIGHT = 60;
const BANNER_HEIGHT = 40;

/**
 * When a navigation removes the focused element (the link or button that led here), the focus
 * would be lost in the middle of the page; it goes back to the top instead, where the next Tab
 * reaches the skip link. Focus that survives the navigation (a sidebar link, a tab) stays put.
 */
function useFocusStartAfterNavigation(pathname: string) {
  const ref = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each change of screen
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body) ref.current?.focus({ preventScroll: true });
  }, [pathname]);
  return ref;
}

type Props = {
  /** The header's right-hand side (features' bell and profile menu, composed in src/app). */
  headerActions: (portal: Portal) => ReactNode;
  /** Shown above the header while staff view a customer's portal. */
  impersonationBanner: (customerName: string) => ReactNode;
};

/**
 * The frame of every signed-in screen: sidebar, header, breadcrumbs, toasts. The shell imports no
 * feature: what features put in the frame comes in as props from src/app/portal-frame.tsx.
 */
export function PortalLayout({ headerActions, impersonationBanner }: Props) {
  const { pathname } = useLocation();
  const portal = portalOfPath(pathname);
  const focusStart = useFocusStartAfterNavigation(pathname);
  const user = useSessionUser();
  const sidebar = useSidebar();
  const impersonating = user.impersonatedBy !== null;

  return (
    <AppShell
      layout="alt"
      header={{ height: HEADER_HEIGHT + (impersonating ? BANNER_HEIGHT : 0) }}
      navbar={{ width: 260, breakpoint: SIDEBAR_BREAKPOINT_PX, collapsed: { mobile: !sidebar.opened } }}
      padding={{ base: 'md', sm: 'lg' }}
    >
      <div ref={focusStart} tabIndex={-1} className={classes.focusStart} />
      <a href="#main-content" className={classes.skipLink}>
        Skip to main content
      </a>
      <NavigationProgress />
      <AppShell.Header className={classes.header}>
        {impersonating && impersonationBanner(user.customerName ?? user.name)}
        <AppHeader
          start={<Breadcrumbs />}
          actions={headerActions(portal)}
          isMobile={sidebar.isMobile}
          sidebarOpened={sidebar.opened}
          onToggleSidebar={sidebar.toggle}
        />
      </AppShell.Header>
      {/* On phones the sidebar slides over the overlay, which itself covers the header. */}
      <AppShell.Navbar className={classes.navbar} aria-label="Main navigation" zIndex={sidebar.isMobile ? 202 : undefined}>
        <Sidebar portal={portal} />
      </AppShell.Navbar>
      {sidebar.opened && (
        <Overlay fixed zIndex={201} backgroundOpacity={0.45} blur={1} onClick={sidebar.close} data-testid="sidebar-overlay" />
      )}
      <AppShell.Main className={classes.main} id="main-content" tabIndex={-1}>
        <Stack gap="md" maw={1400}>
          <Outlet />
        </Stack>
      </AppShell.Main>
      <Notifications position="top-right" />
    </AppShell>
  );
}

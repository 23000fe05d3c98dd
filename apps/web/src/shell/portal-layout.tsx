import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { AppShell, Overlay, Stack } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { Outlet, useLocation } from 'react-router';
import { portalOfPath } from '../lib/route-handle.ts';
import { useSessionUser } from '../lib/session.ts';
import { AppHeader } from './app-header.tsx';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { ImpersonationBanner } from './impersonation-banner.tsx';
import { NavigationProgress } from './navigation-progress.tsx';
import classes from './portal-layout.module.css';
import { Sidebar } from './sidebar.tsx';
import { SIDEBAR_BREAKPOINT_PX, useSidebar } from './use-sidebar.ts';

const HEADER_HEIGHT = 60;
const BANNER_HEIGHT = 40;

/** The frame of every signed-in screen: sidebar, header, breadcrumbs, toasts. */
export function PortalLayout() {
  const portal = portalOfPath(useLocation().pathname);
  const user = useSessionUser();
  const sidebar = useSidebar();
  const impersonating = user.impersonatedBy !== null;

  return (
    <AppShell
      layout="alt"
      header={{ height: HEADER_HEIGHT + (impersonating ? BANNER_HEIGHT : 0) }}
      navbar={{ width: 260, breakpoint: SIDEBAR_BREAKPOINT_PX, collapsed: { mobile: !sidebar.opened } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <NavigationProgress />
      <AppShell.Header className={classes.header}>
        {impersonating && <ImpersonationBanner customerName={user.customerName ?? user.name} />}
        <AppHeader portal={portal} isMobile={sidebar.isMobile} sidebarOpened={sidebar.opened} onToggleSidebar={sidebar.toggle} />
      </AppShell.Header>
      <AppShell.Navbar className={classes.navbar} aria-label="Main navigation">
        <Sidebar portal={portal} />
      </AppShell.Navbar>
      {sidebar.opened && (
        <Overlay fixed zIndex={201} backgroundOpacity={0.45} blur={1} onClick={sidebar.close} data-testid="sidebar-overlay" />
      )}
      <AppShell.Main className={classes.main}>
        <Stack gap="lg" maw={1400}>
          <Breadcrumbs />
          <Outlet />
        </Stack>
      </AppShell.Main>
      <Notifications position="top-right" />
    </AppShell>
  );
}

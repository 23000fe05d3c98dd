import { Burger, Group, Title } from '@mantine/core';
import type { Portal } from '../lib/route-handle.ts';
import { useRouteTitle } from '../lib/route-handle.ts';
import { NotificationBell } from './notification-bell.tsx';
import { ProfileMenu } from './profile-menu.tsx';

type Props = { portal: Portal; isMobile: boolean; sidebarOpened: boolean; onToggleSidebar: () => void };

/** Burger (phones), the screen's title, the notification bell and the profile menu. */
export function AppHeader({ portal, isMobile, sidebarOpened, onToggleSidebar }: Props) {
  const title = useRouteTitle();
  return (
    <Group h={60} px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" miw={0}>
        {isMobile && (
          <Burger
            opened={sidebarOpened}
            onClick={onToggleSidebar}
            size="sm"
            aria-label={sidebarOpened ? 'Close navigation' : 'Open navigation'}
            aria-expanded={sidebarOpened}
          />
        )}
        <Title order={2} size="h4" fw={600} lineClamp={1} data-testid="header-title">
          {title}
        </Title>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <NotificationBell portal={portal} />
        <ProfileMenu portal={portal} />
      </Group>
    </Group>
  );
}

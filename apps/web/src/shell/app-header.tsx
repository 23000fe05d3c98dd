import { Burger, Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useRouteTitle } from '../lib/route-handle.ts';

type Props = { actions: ReactNode; isMobile: boolean; sidebarOpened: boolean; onToggleSidebar: () => void };

/** Burger (phones), the screen's title, and the actions given by src/app (notification bell, profile menu). */
export function AppHeader({ actions, isMobile, sidebarOpened, onToggleSidebar }: Props) {
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
        {actions}
      </Group>
    </Group>
  );
}

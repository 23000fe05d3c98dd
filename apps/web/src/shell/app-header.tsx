import { Burger, Group } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = { start: ReactNode; actions: ReactNode; isMobile: boolean; sidebarOpened: boolean; onToggleSidebar: () => void };

/**
 * Burger (phones), the breadcrumb trail, and the actions given by src/app (notification bell,
 * profile menu). The screen's title is its own h1, once (the spec's header title is optional;
 * showing both repeated it), and the trail in the header leaves the page its height for rows.
 */
export function AppHeader({ start, actions, isMobile, sidebarOpened, onToggleSidebar }: Props) {
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
        {start}
      </Group>
      <Group gap="xs" wrap="nowrap">
        {actions}
      </Group>
    </Group>
  );
}

import { ActionIcon, Button, Divider, Group, Indicator, Loader, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import type { TNotification } from '@portal/contract/notifications';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type Portal, portalHome } from '../../../lib/route-handle.ts';
import { useSession } from '../../../lib/session.ts';
import { useShellSummary } from '../../../shell/api/shell-summary.ts';
import { useNotificationStream } from '../api/notification-stream.ts';
import {
  latestNotificationsQuery,
  notificationSettingsQuery,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
} from '../api/notifications.ts';
import { NotificationListItem } from './notification-list-item.tsx';

/** The signed-in user as the live stream knows them (a change of user, or of impersonation, reopens it). */
function useStreamIdentity(): string | null {
  const user = useSession().data?.user;
  return user ? `${user.id}/${user.impersonatedBy?.id ?? ''}` : null;
}

/**
 * The header bell: unread badge (kept live by the notification stream; hidden when the user turned
 * the preference 'In-app: Show badge' off), the latest notifications, mark all as read, view all.
 */
export function NotificationBell({ portal }: { portal: Portal }) {
  const [opened, setOpened] = useState(false);
  const navigate = useNavigate();
  useNotificationStream(useStreamIdentity());
  const showBadge = useQuery(notificationSettingsQuery).data?.preferences.inAppBadge ?? true;
  const unreadCount = useShellSummary().data?.unreadNotifications ?? 0;
  const unread = showBadge ? unreadCount : 0;
  const latest = useQuery({ ...latestNotificationsQuery(10), enabled: opened });
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();

  const open = (notification: TNotification) => {
    setOpened(false);
    if (!notification.read) markRead.mutate(notification.id);
    if (notification.link) void navigate(notification.link);
  };

  const items = latest.data?.items ?? [];
  return (
    // A dialog: the focus moves into it, Escape closes it and the focus goes back to the bell.
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={380}
      shadow="lg"
      withinPortal
      offset={8}
      trapFocus
      returnFocus
    >
      {/* The indicator wraps the target: Popover.Target gives its child the button's ARIA attributes. */}
      <Indicator label={unread > 99 ? '99+' : unread} size={18} color="red" offset={6} disabled={unread === 0} withBorder>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            onClick={() => setOpened((o) => !o)}
            aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
          >
            <IconBell size={22} stroke={1.7} />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p={0} aria-label="Notifications">
        <Group justify="space-between" px="md" py="sm">
          <Text fw={600}>Notifications</Text>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => markAllRead.mutate()}
            loading={markAllRead.isPending}
            disabled={unreadCount === 0}
          >
            Mark all as read
          </Button>
        </Group>
        <Divider />
        <ScrollArea.Autosize mah={380} type="auto">
          {latest.isPending ? (
            <Group justify="center" p="lg">
              <Loader size="sm" />
            </Group>
          ) : latest.isError ? (
            <Text c="red" size="sm" p="md" ta="center">
              Notifications could not be loaded.
            </Text>
          ) : items.length === 0 ? (
            <Text c="dimmed" size="sm" p="lg" ta="center">
              You have no notifications.
            </Text>
          ) : (
            <Stack gap={0} role="list">
              {items.map((notification) => (
                <NotificationListItem key={notification.id} notification={notification} onOpen={open} />
              ))}
            </Stack>
          )}
        </ScrollArea.Autosize>
        <Divider />
        <Group p="xs">
          <Button
            variant="light"
            fullWidth
            onClick={() => {
              setOpened(false);
              void navigate(`${portalHome(portal)}/notifications`);
            }}
          >
            View all notifications
          </Button>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}

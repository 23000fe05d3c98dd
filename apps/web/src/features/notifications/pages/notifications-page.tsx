import { Badge, Button, Center, Group, Loader, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { TNotification } from '@portal/contract/notifications';
import { IconSettings } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageTitle } from '../../../ui/titles.tsx';
import { toastError } from '../../../ui/toast.ts';
import {
  latestNotificationsQuery,
  notificationSettingsQuery,
  useMarkNotificationRead,
  useMarkNotificationUnread,
} from '../api/notifications.ts';
import { NotificationCenterItem } from '../components/notification-center-item.tsx';
import { NotificationListActions } from '../components/notification-list-actions.tsx';
import { NotificationPreferencesForm } from '../components/notification-preferences-form.tsx';

/** The list grows by this many with each "Load more", up to the server's limit. */
export const PAGE_SIZE = 20;
export const MAX_LIMIT = 100;

/** The next, longer limit; null when there can be no more (the last answer was short, or the limit is reached). */
export function nextLimit(limit: number, shown: number): number | null {
  if (shown < limit || limit >= MAX_LIMIT) return null;
  return Math.min(MAX_LIMIT, limit + PAGE_SIZE);
}

function RecentNotifications() {
  const [limit, setLimit] = useState(PAGE_SIZE);
  const list = useQuery(latestNotificationsQuery(limit));
  const markRead = useMarkNotificationRead();
  const markUnread = useMarkNotificationUnread();
  const items = list.data?.items ?? [];
  const unreadCount = list.data?.unreadCount ?? 0;
  const more = list.data ? nextLimit(limit, items.length) : null;

  const open = (n: TNotification) => {
    if (!n.read) markRead.mutate(n.id);
  };
  const toggleRead = (n: TNotification) => (n.read ? markUnread : markRead).mutate(n.id, { onError: (e) => toastError(e) });

  return (
    <Paper withBorder radius="md" component="section" aria-labelledby="recent-notifications-title">
      <Group justify="space-between" gap="sm" px="lg" py="md">
        <Group gap="sm">
          <Title order={2} size="h4" id="recent-notifications-title">
            Recent Notifications
          </Title>
          {unreadCount > 0 && (
            <Badge variant="light" radius="sm">
              {unreadCount} unread
            </Badge>
          )}
        </Group>
        <NotificationListActions unreadCount={unreadCount} hasNotifications={items.length > 0} />
      </Group>
      {list.isPending ? (
        <Stack gap="xs" px="lg" pb="lg" aria-busy="true">
          {['a', 'b', 'c', 'd', 'e'].map((key) => (
            <Skeleton key={key} height={52} />
          ))}
        </Stack>
      ) : list.isError ? (
        <Text c="red" size="sm" px="lg" pb="lg">
          Notifications could not be loaded.
        </Text>
      ) : items.length === 0 ? (
        <EmptyState text="You have no notifications." />
      ) : (
        <>
          <ul
            aria-label="Recent Notifications"
            style={{ listStyle: 'none', margin: 0, padding: 0, borderTop: '1px solid var(--mantine-color-gray-2)' }}
          >
            {items.map((n) => (
              <NotificationCenterItem key={n.id} notification={n} onOpen={open} onToggleRead={toggleRead} />
            ))}
          </ul>
          {(more !== null || items.length >= MAX_LIMIT) && (
            <Group justify="center" p="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
              {more !== null ? (
                <Button variant="subtle" onClick={() => setLimit(more)} loading={list.isFetching && list.isPlaceholderData}>
                  Load more
                </Button>
              ) : (
                <Text size="sm" c="dimmed">
                  Showing the latest {MAX_LIMIT} notifications.
                </Text>
              )}
            </Group>
          )}
        </>
      )}
    </Paper>
  );
}

function Preferences() {
  const settings = useQuery(notificationSettingsQuery);
  if (settings.data) return <NotificationPreferencesForm preferences={settings.data.preferences} />;
  return (
    <Paper withBorder radius="md" p="lg">
      {settings.isError ? (
        <Text c="red" size="sm">
          Notification settings could not be loaded.
        </Text>
      ) : (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      )}
    </Paper>
  );
}

/**
 * Notifications / Notification Center (/customer/notifications, /admin/notifications): the
 * recent notifications with their list actions, and the preferences ('Notification Settings').
 * The flags by event are on the separate settings page.
 */
export function NotificationsPage() {
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        {/* The route's title (document title, crumb, sidebar) is 'Notifications'; the page names itself the center too. */}
        <div>
          <PageTitle>Notifications</PageTitle>
          <Text size="sm" c="dimmed">
            Your Notification Center
          </Text>
        </div>
        <Button component={Link} to="settings" variant="default" leftSection={<IconSettings size={16} />}>
          Notification Settings
        </Button>
      </Group>
      <RecentNotifications />
      <Preferences />
    </Stack>
  );
}

import { Box, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { TNotification } from '@portal/contract/notifications';
import { formatRelativeTime } from '../../../lib/format.ts';
import classes from './notification-list-item.module.css';
import { NotificationTypeIcon } from './notification-type-icon.tsx';

type Props = { notification: TNotification; onOpen: (notification: TNotification) => void };

export function NotificationListItem({ notification, onOpen }: Props) {
  return (
    <UnstyledButton
      role="listitem"
      className={classes.item}
      data-unread={!notification.read || undefined}
      onClick={() => onOpen(notification)}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <NotificationTypeIcon type={notification.type} />
        <Box miw={0} style={{ flex: 1 }}>
          {notification.title && (
            <Text size="sm" fw={600} lineClamp={1}>
              {notification.title}
            </Text>
          )}
          <Text size="sm" lineClamp={2} c={notification.read ? 'dimmed' : undefined}>
            {notification.message}
          </Text>
          <Text size="xs" c="dimmed" mt={2}>
            {formatRelativeTime(notification.createdAt)}
          </Text>
        </Box>
        {!notification.read && (
          <>
            <span className={classes.dot} aria-hidden="true" />
            <VisuallyHidden>Unread</VisuallyHidden>
          </>
        )}
      </Group>
    </UnstyledButton>
  );
}

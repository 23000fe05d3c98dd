import { ActionIcon, Badge, Box, Group, Text, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { TNotification } from '@portal/contract/notifications';
import { IconMail, IconMailOpened } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DateText } from '../../../ui/date-text.tsx';
import classes from './notification-center-item.module.css';
import { typeLabel } from './notification-labels.ts';
import { NotificationTypeIcon } from './notification-type-icon.tsx';

type Props = {
  notification: TNotification;
  /** A notification with a link was opened (it is marked read; the link does the navigation). */
  onOpen: (notification: TNotification) => void;
  onToggleRead: (notification: TNotification) => void;
};

/**
 * One notification in the Notification Center: type, title, message, date (MM/DD/YYYY hh:mm AM/PM),
 * unread highlighted; the text opens the notification's link when it has one, and the icon button
 * marks it read or unread.
 */
export function NotificationCenterItem({ notification, onOpen, onToggleRead }: Props) {
  const { read, link } = notification;
  const type = typeLabel(notification.type);
  const title = notification.title || type;
  const content = (
    <>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Group gap={8} wrap="nowrap" miw={0}>
          <Text size="sm" fw={600} truncate className={classes.title}>
            {/* unread: highlighted (background and a bar on the left), and said so to screen readers */}
            {!read && <VisuallyHidden>Unread: </VisuallyHidden>}
            {title}
          </Text>
          <Badge size="xs" variant="default" style={{ flex: 'none' }}>
            {type}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed" mt={2} className={classes.date}>
          <DateText value={notification.createdAt} format="datetime" />
        </Text>
      </Group>
      <Text size="sm" c={read ? 'dimmed' : undefined} lineClamp={2} mt={2}>
        {notification.message}
      </Text>
    </>
  );
  const action = read ? 'Mark as unread' : 'Mark as read';

  return (
    <Box component="li" className={classes.row} data-unread={!read || undefined} data-testid="notification-item">
      <NotificationTypeIcon type={notification.type} />
      {link ? (
        <UnstyledButton component={Link} to={link} className={classes.body} onClick={() => onOpen(notification)}>
          {content}
        </UnstyledButton>
      ) : (
        <div className={classes.body}>{content}</div>
      )}
      <Tooltip label={action} withArrow>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`${action}: ${title}`} onClick={() => onToggleRead(notification)}>
          {read ? <IconMail size={18} stroke={1.7} /> : <IconMailOpened size={18} stroke={1.7} />}
        </ActionIcon>
      </Tooltip>
    </Box>
  );
}

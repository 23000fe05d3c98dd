import { Button, Group } from '@mantine/core';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import { useClearNotifications, useMarkAllNotificationsRead } from '../api/notifications.ts';

export const CLEAR_ALL_QUESTION = 'Clear all your notifications? They are deleted and cannot be brought back.';

/**
 * The list actions of the Notification Center and the settings page: MARK ALL READ ('All
 * notifications marked as read') and CLEAR ALL (after a confirmation; 'Notification log cleared').
 */
export function NotificationListActions({ unreadCount, hasNotifications }: { unreadCount: number; hasNotifications: boolean }) {
  const markAllRead = useMarkAllNotificationsRead();
  const clear = useClearNotifications();
  const { confirm, dialog } = useConfirm();

  const clearAll = async () => {
    const ok = await confirm({ title: 'Clear all notifications', message: CLEAR_ALL_QUESTION, confirmLabel: 'Clear All' });
    if (!ok) return;
    clear.mutate(undefined, { onSuccess: () => toastSuccess('Notification log cleared'), onError: (e) => toastError(e) });
  };

  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        variant="light"
        size="sm"
        tt="uppercase"
        disabled={unreadCount === 0}
        loading={markAllRead.isPending}
        onClick={() =>
          markAllRead.mutate(undefined, {
            onSuccess: () => toastSuccess('All notifications marked as read'),
            onError: (e) => toastError(e),
          })
        }
      >
        Mark All Read
      </Button>
      <Button
        variant="light"
        color="red"
        size="sm"
        tt="uppercase"
        disabled={!hasNotifications}
        loading={clear.isPending}
        onClick={() => void clearAll()}
      >
        Clear All
      </Button>
      {dialog}
    </Group>
  );
}

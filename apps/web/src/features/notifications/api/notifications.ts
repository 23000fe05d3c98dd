import type { TNotificationList, TNotificationSettings, TNotificationSettingsBody } from '@portal/contract/notifications';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { apiPath, listQuery, readQuery, useInvalidatingMutation, useSavingMutation } from '../../../lib/query.ts';

export const NOTIFICATIONS_QUERY_KEY = ['notifications'] as const;
/** Apart from the lists: a change of the notifications (the live stream) does not re-read the settings. */
export const NOTIFICATION_SETTINGS_QUERY_KEY = ['notification-settings'] as const;

/** The latest `limit` notifications (at most 100, the server's limit) and the unread count. */
export function latestNotificationsQuery(limit = 10) {
  return queryOptions({
    // "Load more" keeps the shown items while the longer list loads
    ...listQuery<TNotificationList>([...NOTIFICATIONS_QUERY_KEY, 'latest', limit], '/api/notifications', { limit }),
    staleTime: 15_000,
  });
}

/** The caller's settings flags (the settings page) and center preferences (the Notification Center). */
export const notificationSettingsQuery = readQuery<TNotificationSettings>(NOTIFICATION_SETTINGS_QUERY_KEY, '/api/notifications/settings', {
  staleTime: 5 * 60_000,
});

/** Sets one notification's read state in every cached list at once (the server's answer follows). */
function setReadInLists(queryClient: QueryClient, id: string, read: boolean) {
  queryClient.setQueriesData<TNotificationList>({ queryKey: NOTIFICATIONS_QUERY_KEY }, (list) => {
    if (!list || !Array.isArray(list.items)) return list;
    const item = list.items.find((n) => n.id === id);
    if (!item || item.read === read) return list;
    return {
      items: list.items.map((n) => (n.id === id ? { ...n, read } : n)),
      unreadCount: Math.max(0, list.unreadCount + (read ? -1 : 1)),
    };
  });
}

function useSetRead(read: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['notifications', read ? 'read' : 'unread'],
    mutationFn: (id: string) => api.post<{ ok: true }>(apiPath`/api/notifications/${id}/${read ? 'read' : 'unread'}`),
    onMutate: (id) => setReadInLists(queryClient, id, read),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
  });
}

export function useMarkNotificationRead() {
  return useSetRead(true);
}

export function useMarkNotificationUnread() {
  return useSetRead(false);
}

export const useMarkAllNotificationsRead = () =>
  useInvalidatingMutation([NOTIFICATIONS_QUERY_KEY], () => api.post<{ ok: true }>('/api/notifications/read-all'), [
    'notifications',
    'read-all',
  ]);

/** Clear All: the caller's notifications are deleted. */
export const useClearNotifications = () =>
  useInvalidatingMutation([NOTIFICATIONS_QUERY_KEY], () => api.delete<{ ok: true }>('/api/notifications'), ['notifications', 'clear']);

export const SAVE_NOTIFICATION_SETTINGS_KEY = ['notifications', 'settings'] as const;

/** Saves the flags or the preferences (either alone); the answer is the whole saved settings. */
export const useSaveNotificationSettings = () =>
  useSavingMutation((body: TNotificationSettingsBody) => api.put<TNotificationSettings>('/api/notifications/settings', body), {
    cache: () => NOTIFICATION_SETTINGS_QUERY_KEY,
    mutationKey: SAVE_NOTIFICATION_SETTINGS_KEY,
  });

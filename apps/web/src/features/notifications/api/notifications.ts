import type { TNotificationList, TNotificationSettings, TNotificationSettingsBody } from '@portal/contract/notifications';
import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const NOTIFICATIONS_QUERY_KEY = ['notifications'] as const;
/** Apart from the lists: a change of the notifications (the live stream) does not re-read the settings. */
export const NOTIFICATION_SETTINGS_QUERY_KEY = ['notification-settings'] as const;

/** The latest `limit` notifications (at most 100, the server's limit) and the unread count. */
export function latestNotificationsQuery(limit = 10) {
  return queryOptions({
    queryKey: [...NOTIFICATIONS_QUERY_KEY, 'latest', limit],
    queryFn: ({ signal }) => api.get<TNotificationList>('/api/notifications', { query: { limit }, signal }),
    staleTime: 15_000,
    // "Load more" keeps the shown items while the longer list loads
    placeholderData: keepPreviousData,
  });
}

/** The caller's settings flags (the settings page) and center preferences (the Notification Center). */
export const notificationSettingsQuery = queryOptions({
  queryKey: NOTIFICATION_SETTINGS_QUERY_KEY,
  queryFn: ({ signal }) => api.get<TNotificationSettings>('/api/notifications/settings', { signal }),
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
    mutationFn: (id: string) => api.post<{ ok: true }>(`/api/notifications/${encodeURIComponent(id)}/${read ? 'read' : 'unread'}`),
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

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['notifications', 'read-all'],
    mutationFn: () => api.post<{ ok: true }>('/api/notifications/read-all'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
  });
}

/** Clear All: the caller's notifications are deleted. */
export function useClearNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['notifications', 'clear'],
    mutationFn: () => api.delete<{ ok: true }>('/api/notifications'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
  });
}

export const SAVE_NOTIFICATION_SETTINGS_KEY = ['notifications', 'settings'] as const;

/** Saves the flags or the preferences (either alone); the answer is the whole saved settings. */
export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: SAVE_NOTIFICATION_SETTINGS_KEY,
    mutationFn: (body: TNotificationSettingsBody) => api.put<TNotificationSettings>('/api/notifications/settings', body),
    onSuccess: (saved) => queryClient.setQueryData(NOTIFICATION_SETTINGS_QUERY_KEY, saved),
  });
}

import type { TNotificationList } from '@portal/contract/notifications';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const NOTIFICATIONS_QUERY_KEY = ['notifications'] as const;

export function latestNotificationsQuery(limit = 10) {
  return queryOptions({
    queryKey: [...NOTIFICATIONS_QUERY_KEY, 'latest', limit],
    queryFn: ({ signal }) => api.get<TNotificationList>('/api/notifications', { query: { limit }, signal }),
    staleTime: 15_000,
  });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<{ ok: true }>(`/api/notifications/${encodeURIComponent(id)}/read`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ ok: true }>('/api/notifications/read-all'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
  });
}

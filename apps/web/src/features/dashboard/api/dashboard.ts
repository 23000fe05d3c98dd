import type { TCustomerSuggestion } from '@portal/contract/customers';
import type { TAdminDashboard, TCustomerDashboard } from '@portal/contract/dashboard';
import type { TNotificationList } from '@portal/contract/notifications';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const adminDashboardQuery = queryOptions({
  queryKey: ['dashboard', 'admin'],
  queryFn: ({ signal }) => api.get<TAdminDashboard>('/api/admin/dashboard', { signal }),
});

export const customerDashboardQuery = queryOptions({
  queryKey: ['dashboard', 'customer'],
  queryFn: ({ signal }) => api.get<TCustomerDashboard>('/api/dashboard', { signal }),
});

/** Server-side suggestions by name or customer ID. */
export function customerSuggestionsQuery(text: string) {
  return queryOptions({
    queryKey: ['customers', 'suggestions', text],
    queryFn: ({ signal }) => api.get<TCustomerSuggestion[]>('/api/admin/customers/suggestions', { query: { q: text, limit: 8 }, signal }),
    enabled: text.trim().length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export const recentNotificationsQuery = queryOptions({
  queryKey: ['notifications', 'latest', 5],
  queryFn: ({ signal }) => api.get<TNotificationList>('/api/notifications', { query: { limit: 5 }, signal }),
  staleTime: 15_000,
});

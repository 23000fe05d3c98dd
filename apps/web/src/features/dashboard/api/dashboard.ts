import type { TAdminDashboard, TCustomerDashboard } from '@portal/contract/dashboard';
import type { TNotificationList } from '@portal/contract/notifications';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const adminDashboardQuery = queryOptions({
  queryKey: ['dashboard', 'admin'],
  queryFn: ({ signal }) => api.get<TAdminDashboard>('/api/admin/dashboard', { signal }),
});

export const customerDashboardQuery = queryOptions({
  queryKey: ['dashboard', 'customer'],
  queryFn: ({ signal }) => api.get<TCustomerDashboard>('/api/dashboard', { signal }),
});

export const recentNotificationsQuery = queryOptions({
  queryKey: ['notifications', 'latest', 5],
  queryFn: ({ signal }) => api.get<TNotificationList>('/api/notifications', { query: { limit: 5 }, signal }),
  staleTime: 15_000,
});

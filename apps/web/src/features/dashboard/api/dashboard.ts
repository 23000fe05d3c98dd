import type { TAdminDashboard, TCustomerDashboard } from '@portal/contract/dashboard';
import type { TNotificationList } from '@portal/contract/notifications';
import { readQuery } from '../../../lib/query.ts';

export const adminDashboardQuery = readQuery<TAdminDashboard>(['dashboard', 'admin'], '/api/admin/dashboard');

export const customerDashboardQuery = readQuery<TCustomerDashboard>(['dashboard', 'customer'], '/api/dashboard');

export const recentNotificationsQuery = readQuery<TNotificationList>(['notifications', 'latest', 5], '/api/notifications', {
  query: { limit: 5 },
  staleTime: 15_000,
});

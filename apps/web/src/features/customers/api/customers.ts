import type { TPage } from '@portal/contract/common';
import type {
  TActivityEntry,
  TCustomer,
  TCustomerBody,
  TCustomerListItem,
  TCustomerNote,
  TIpAddress,
  TStaffOption,
} from '@portal/contract/customers';
import { api } from '../../../lib/api.ts';
import { apiPath, listQuery, readQuery, useInvalidatingMutation, useSavingMutation } from '../../../lib/query.ts';

export const CUSTOMERS_KEY = ['customers'] as const;

export const customerListQuery = (query: Record<string, string | number>) =>
  listQuery<TPage<TCustomerListItem>>([...CUSTOMERS_KEY, 'list', query], '/api/admin/customers', query);

export const customerQuery = (customerId: string) =>
  readQuery<TCustomer>([...CUSTOMERS_KEY, 'detail', customerId], apiPath`/api/admin/customers/${customerId}`);

export const staffOptionsQuery = readQuery<TStaffOption[]>(['staff-options'], '/api/admin/staff-options', { staleTime: 5 * 60_000 });

export const customerNotesQuery = (customerId: string) =>
  readQuery<TCustomerNote[]>([...CUSTOMERS_KEY, 'notes', customerId], apiPath`/api/admin/customers/${customerId}/notes`);

export const customerActivityQuery = (customerId: string) =>
  readQuery<TActivityEntry[]>([...CUSTOMERS_KEY, 'activity', customerId], apiPath`/api/admin/customers/${customerId}/activity`);

export const customerIpAddressesQuery = (customerId: string) =>
  readQuery<TIpAddress[]>([...CUSTOMERS_KEY, 'ip-addresses', customerId], apiPath`/api/admin/customers/${customerId}/ip-addresses`);

export const useCreateCustomer = () =>
  useInvalidatingMutation([CUSTOMERS_KEY], (body: TCustomerBody) => api.post<TCustomer>('/api/admin/customers', body));

export const useUpdateCustomer = (customerId: string) =>
  useSavingMutation((body: TCustomerBody) => api.put<TCustomer>(apiPath`/api/admin/customers/${customerId}`, body), {
    cache: () => customerQuery(customerId).queryKey,
    stale: [CUSTOMERS_KEY, ['names']],
  });

// app/query-client.ts stales the accounts of a deleted customer (mutationKey).
export const useDeleteCustomer = () =>
  useInvalidatingMutation([CUSTOMERS_KEY], (customerId: string) => api.delete<{ ok: true }>(apiPath`/api/admin/customers/${customerId}`), [
    ...CUSTOMERS_KEY,
    'delete',
  ]);

export const useAddNote = (customerId: string) =>
  useSavingMutation((body: string) => api.post<TCustomerNote>(apiPath`/api/admin/customers/${customerId}/notes`, { body }), {
    stale: [customerNotesQuery(customerId).queryKey, customerActivityQuery(customerId).queryKey],
  });

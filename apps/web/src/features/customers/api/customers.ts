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
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const CUSTOMERS_KEY = ['customers'] as const;
const id = (value: string) => encodeURIComponent(value);

export function customerListQuery(query: Record<string, string | number>) {
  return queryOptions({
    queryKey: [...CUSTOMERS_KEY, 'list', query],
    queryFn: ({ signal }) => api.get<TPage<TCustomerListItem>>('/api/admin/customers', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function customerQuery(customerId: string) {
  return queryOptions({
    queryKey: [...CUSTOMERS_KEY, 'detail', customerId],
    queryFn: ({ signal }) => api.get<TCustomer>(`/api/admin/customers/${id(customerId)}`, { signal }),
  });
}

export const staffOptionsQuery = queryOptions({
  queryKey: ['staff-options'],
  queryFn: ({ signal }) => api.get<TStaffOption[]>('/api/admin/staff-options', { signal }),
  staleTime: 5 * 60_000,
});

export function customerNotesQuery(customerId: string) {
  return queryOptions({
    queryKey: [...CUSTOMERS_KEY, 'notes', customerId],
    queryFn: ({ signal }) => api.get<TCustomerNote[]>(`/api/admin/customers/${id(customerId)}/notes`, { signal }),
  });
}

export function customerActivityQuery(customerId: string) {
  return queryOptions({
    queryKey: [...CUSTOMERS_KEY, 'activity', customerId],
    queryFn: ({ signal }) => api.get<TActivityEntry[]>(`/api/admin/customers/${id(customerId)}/activity`, { signal }),
  });
}

export function customerIpAddressesQuery(customerId: string) {
  return queryOptions({
    queryKey: [...CUSTOMERS_KEY, 'ip-addresses', customerId],
    queryFn: ({ signal }) => api.get<TIpAddress[]>(`/api/admin/customers/${id(customerId)}/ip-addresses`, { signal }),
  });
}

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCustomerBody) => api.post<TCustomer>('/api/admin/customers', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CUSTOMERS_KEY }),
  });
}

export function useUpdateCustomer(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCustomerBody) => api.put<TCustomer>(`/api/admin/customers/${id(customerId)}`, body),
    onSuccess: (customer) => {
      queryClient.setQueryData(customerQuery(customerId).queryKey, customer);
      void queryClient.invalidateQueries({ queryKey: CUSTOMERS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['names'] });
    },
  });
}

export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    // app/query-client.ts stales the accounts of a deleted customer (mutationKey).
    mutationKey: [...CUSTOMERS_KEY, 'delete'],
    mutationFn: (customerId: string) => api.delete<{ ok: true }>(`/api/admin/customers/${id(customerId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CUSTOMERS_KEY }),
  });
}

export function useAddNote(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => api.post<TCustomerNote>(`/api/admin/customers/${id(customerId)}/notes`, { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: customerNotesQuery(customerId).queryKey });
      void queryClient.invalidateQueries({ queryKey: customerActivityQuery(customerId).queryKey });
    },
  });
}

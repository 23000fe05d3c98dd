import type {
  TAccount,
  TAccountListItem,
  TAccountOption,
  TCreateAccountBody,
  TServiceBody,
  TUpdateAccountBody,
} from '@portal/contract/accounts';
import type { TPage } from '@portal/contract/common';
import type { TStaffOption } from '@portal/contract/customers';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const ACCOUNTS_KEY = ['accounts'] as const;
const id = (value: string) => encodeURIComponent(value);

export function accountListQuery(query: Record<string, string | number>) {
  return queryOptions({
    queryKey: [...ACCOUNTS_KEY, 'list', query],
    queryFn: ({ signal }) => api.get<TPage<TAccountListItem>>('/api/accounts', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function accountQuery(accountId: string) {
  return queryOptions({
    queryKey: [...ACCOUNTS_KEY, 'detail', accountId],
    queryFn: ({ signal }) => api.get<TAccount>(`/api/accounts/${id(accountId)}`, { signal }),
  });
}

/** The accounts the switcher offers: the account's customer's (the server limits customers to their own). */
export function accountOptionsQuery(customerId?: string) {
  return queryOptions({
    queryKey: [...ACCOUNTS_KEY, 'options', customerId ?? 'own'],
    queryFn: ({ signal }) => api.get<TAccountOption[]>('/api/accounts/options', { query: { customerId }, signal }),
    staleTime: 60_000,
  });
}

/** Staff only: customers for the New Account picker and account managers. */
export function customerPickerQuery(search: string) {
  return queryOptions({
    queryKey: ['customers', 'suggestions', search],
    queryFn: ({ signal }) =>
      api.get<{ id: string; name: string; customerId: string }[]>('/api/admin/customers/suggestions', {
        query: { q: search || 'a', limit: 20 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export const managerOptionsQuery = queryOptions({
  queryKey: ['staff-options'],
  queryFn: ({ signal }) => api.get<TStaffOption[]>('/api/admin/staff-options', { signal }),
  staleTime: 5 * 60_000,
});

export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateAccountBody) => api.post<TAccount>('/api/accounts', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNTS_KEY }),
  });
}

export function useUpdateAccount(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateAccountBody) => api.put<TAccount>(`/api/accounts/${id(accountId)}`, body),
    onSuccess: (account) => {
      queryClient.setQueryData(accountQuery(accountId).queryKey, account);
      void queryClient.invalidateQueries({ queryKey: ACCOUNTS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['names'] });
    },
  });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accountId: string) => api.delete<{ ok: true }>(`/api/accounts/${id(accountId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNTS_KEY }),
  });
}

export function useAccountServices(accountId: string) {
  const queryClient = useQueryClient();
  const onSuccess = (account: TAccount) => queryClient.setQueryData(accountQuery(accountId).queryKey, account);
  const base = `/api/admin/accounts/${id(accountId)}/services`;
  return {
    add: useMutation({ mutationFn: (body: TServiceBody) => api.post<TAccount>(base, body), onSuccess }),
    update: useMutation({
      mutationFn: ({ serviceId, body }: { serviceId: string; body: TServiceBody }) => api.put<TAccount>(`${base}/${id(serviceId)}`, body),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (serviceId: string) => api.delete<TAccount>(`${base}/${id(serviceId)}`), onSuccess }),
  };
}

/** A customer's name (for a customer passed in the URL before the picker has searched). */
export function customerNameQuery(customerId: string) {
  return queryOptions({
    queryKey: ['names', 'customer', customerId],
    queryFn: ({ signal }) => api.get<{ id: string; name: string }>(`/api/names/customers/${id(customerId)}`, { signal }),
    enabled: Boolean(customerId),
    staleTime: 5 * 60_000,
  });
}

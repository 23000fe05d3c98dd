import type {
  TAccount,
  TAccountListItem,
  TAccountOption,
  TAccountOptionsQuery,
  TCreateAccountBody,
  TServiceBody,
  TUpdateAccountBody,
} from '@portal/contract/accounts';
import type { TPage } from '@portal/contract/common';
import type { TStaffOption } from '@portal/contract/customers';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { accountKeys } from './account-keys.ts';

export { accountKeys };

const id = (value: string) => encodeURIComponent(value);

/** Accounts, filtered and paged: staff may pass customerId; a customer user always gets their own company's. */
export function accountListQuery(query: Record<string, string | number | undefined>) {
  return queryOptions({
    queryKey: accountKeys.list(query),
    queryFn: ({ signal }) => api.get<TPage<TAccountListItem>>('/api/accounts', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function accountQuery(accountId: string) {
  return queryOptions({
    queryKey: accountKeys.detail(accountId),
    queryFn: ({ signal }) => api.get<TAccount>(`/api/accounts/${id(accountId)}`, { signal }),
  });
}

/**
 * The accounts in the caller's scope (the one endpoint for pickers and the switcher): a customer
 * user's own company's; staff any customer's, or every customer's without customerId.
 */
export function accountOptionsQuery(query: Partial<TAccountOptionsQuery>) {
  const clean = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) as Partial<TAccountOptionsQuery>;
  return queryOptions({
    queryKey: accountKeys.options(clean),
    queryFn: ({ signal }) => api.get<TAccountOption[]>('/api/accounts/options', { query: clean, signal }),
    staleTime: 60_000,
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}

export function useUpdateAccount(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateAccountBody) => api.put<TAccount>(`/api/accounts/${id(accountId)}`, body),
    onSuccess: (account) => {
      queryClient.setQueryData(accountQuery(accountId).queryKey, account);
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['names'] });
    },
  });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accountId: string) => api.delete<{ ok: true }>(`/api/accounts/${id(accountId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
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

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
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { apiPath, type ListQuery, listQuery, readQuery, useInvalidatingMutation, useSavingMutation } from '../../../lib/query.ts';
import { accountKeys } from './account-keys.ts';

export { accountKeys };

/** Accounts, filtered and paged: staff may pass customerId; a customer user always gets their own company's. */
export const accountListQuery = (query: ListQuery) => listQuery<TPage<TAccountListItem>>(accountKeys.list(query), '/api/accounts', query);

export const accountQuery = (accountId: string) => readQuery<TAccount>(accountKeys.detail(accountId), apiPath`/api/accounts/${accountId}`);

/**
 * The accounts in the caller's scope (the one endpoint for pickers and the switcher): a customer
 * user's own company's; staff any customer's, or every customer's without customerId.
 */
export function accountOptionsQuery(query: Partial<TAccountOptionsQuery>) {
  const clean = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) as Partial<TAccountOptionsQuery>;
  return queryOptions({ ...listQuery<TAccountOption[]>(accountKeys.options(clean), '/api/accounts/options', clean), staleTime: 60_000 });
}

export const managerOptionsQuery = readQuery<TStaffOption[]>(['staff-options'], '/api/admin/staff-options', { staleTime: 5 * 60_000 });

export const useCreateAccount = () =>
  useInvalidatingMutation([accountKeys.all], (body: TCreateAccountBody) => api.post<TAccount>('/api/accounts', body));

export const useUpdateAccount = (accountId: string) =>
  useSavingMutation((body: TUpdateAccountBody) => api.put<TAccount>(apiPath`/api/accounts/${accountId}`, body), {
    cache: () => accountQuery(accountId).queryKey,
    stale: [accountKeys.all, ['names']],
  });

export const useDeleteAccount = () =>
  useInvalidatingMutation([accountKeys.all], (accountId: string) => api.delete<{ ok: true }>(apiPath`/api/accounts/${accountId}`));

/** An account's services: each change answers with the account, which becomes the cached one. */
export function useAccountServices(accountId: string) {
  const cache = () => accountQuery(accountId).queryKey;
  const service = (serviceId: string) => apiPath`/api/admin/accounts/${accountId}/services/${serviceId}`;
  return {
    add: useSavingMutation((body: TServiceBody) => api.post<TAccount>(apiPath`/api/admin/accounts/${accountId}/services`, body), { cache }),
    update: useSavingMutation(
      ({ serviceId, body }: { serviceId: string; body: TServiceBody }) => api.put<TAccount>(service(serviceId), body),
      { cache },
    ),
    remove: useSavingMutation((serviceId: string) => api.delete<TAccount>(service(serviceId)), { cache }),
  };
}

/** A customer's name (for a customer passed in the URL before the picker has searched). */
export const customerNameQuery = (customerId: string) =>
  readQuery<{ id: string; name: string }>(['names', 'customer', customerId], apiPath`/api/names/customers/${customerId}`, {
    enabled: Boolean(customerId),
    staleTime: 5 * 60_000,
  });

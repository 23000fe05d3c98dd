import type { TBillingContactBody, TBillingSummary } from '@portal/contract/billing';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { CUSTOMERS_KEY } from './customers.ts';

const base = (customerId: string) => `/api/customers/${encodeURIComponent(customerId)}`;

export function billingSummaryQuery(customerId: string) {
  return queryOptions({
    queryKey: ['billing-summary', customerId],
    queryFn: ({ signal }) => api.get<TBillingSummary>(`${base(customerId)}/billing-summary`, { signal }),
  });
}

export function useSaveBillingContact(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBillingContactBody) => api.put<{ ok: true }>(`${base(customerId)}/billing-contact`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...CUSTOMERS_KEY, 'detail', customerId] }),
  });
}

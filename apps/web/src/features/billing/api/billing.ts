import type {
  TAddPaymentMethodBody,
  TAdjustmentBody,
  TBillingOverview,
  TGenerateInvoiceBody,
  TInvoice,
  TInvoiceListItem,
  TPaymentListItem,
  TPaymentMethod,
  TPayResult,
  TRateDeck,
  TRateDeckBody,
  TRatePrefix,
  ZInvoiceRunResult,
  ZRateImportResult,
} from '@portal/contract/billing';
import type { TPage } from '@portal/contract/common';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';

type Query = Record<string, string | number | undefined>;
const enc = encodeURIComponent;

export type TInvoiceRunResult = z.infer<typeof ZInvoiceRunResult>;
export type TRateImportResult = z.infer<typeof ZRateImportResult>;

/** The billing feature's query keys: every billing change stales all of them (cards, lists, the open invoice). */
export const billingKeys = { all: ['billing'] as const };

export function billingOverviewQuery(scope: { customerId?: string | undefined; accountId?: string | undefined }) {
  const query = { customerId: scope.customerId, accountId: scope.accountId };
  return queryOptions({
    queryKey: [...billingKeys.all, 'overview', query],
    queryFn: ({ signal }) => api.get<TBillingOverview>('/api/billing/overview', { query, signal }),
  });
}

export function invoiceListQuery(query: Query) {
  return queryOptions({
    queryKey: [...billingKeys.all, 'invoices', query],
    queryFn: ({ signal }) => api.get<TPage<TInvoiceListItem>>('/api/invoices', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function invoiceQuery(id: string) {
  return queryOptions({
    queryKey: [...billingKeys.all, 'invoice', id],
    queryFn: ({ signal }) => api.get<TInvoice>(`/api/invoices/${enc(id)}`, { signal }),
  });
}

export const invoicePdfUrl = (id: string) => `/api/invoices/${enc(id)}/pdf`;

export function paymentListQuery(query: Query) {
  return queryOptions({
    queryKey: [...billingKeys.all, 'payments', query],
    queryFn: ({ signal }) => api.get<TPage<TPaymentListItem>>('/api/payments', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

const customerBase = (customerId: string) => `/api/customers/${enc(customerId)}`;

export function paymentMethodsQuery(customerId: string) {
  return queryOptions({
    queryKey: [...billingKeys.all, 'payment-methods', customerId],
    queryFn: ({ signal }) => api.get<TPaymentMethod[]>(`${customerBase(customerId)}/payment-methods`, { signal }),
  });
}

export const rateDecksQuery = queryOptions({
  queryKey: [...billingKeys.all, 'rate-decks'],
  queryFn: ({ signal }) => api.get<TRateDeck[]>('/api/rate-decks', { signal }),
});

export function rateListQuery(deckId: string, query: Query) {
  return queryOptions({
    queryKey: [...billingKeys.all, 'rates', deckId, query],
    queryFn: ({ signal }) => api.get<TPage<TRatePrefix>>(`/api/rate-decks/${enc(deckId)}/rates`, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A billing mutation (mutation key billing/<verb>): on success every billing query is stale. */
function useBillingMutation<V, R>(verb: string, mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['billing', verb],
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}

// Invoices (staff with billing.manage, but Pay)
export const useGenerateInvoice = () =>
  useBillingMutation('generate', (body: TGenerateInvoiceBody) => api.post<TInvoice>('/api/invoices', body));
export const useAddAdjustment = () =>
  useBillingMutation('adjust', ({ id, body }: { id: string; body: TAdjustmentBody }) =>
    api.post<TInvoice>(`/api/invoices/${enc(id)}/adjustments`, body),
  );
export const useFinalizeInvoice = () =>
  useBillingMutation('finalize', (id: string) => api.post<TInvoice>(`/api/invoices/${enc(id)}/finalize`));
export const useVoidInvoice = () =>
  useBillingMutation('void', ({ id, reason }: { id: string; reason: string }) =>
    api.post<TInvoice>(`/api/invoices/${enc(id)}/void`, { reason }),
  );
export const useDeleteInvoice = () => useBillingMutation('delete', (id: string) => api.delete<void>(`/api/invoices/${enc(id)}`));
export const useSendReminder = () =>
  useBillingMutation('remind', (id: string) => api.post<TInvoiceListItem>(`/api/invoices/${enc(id)}/reminders`));
export const useInvoiceRun = () =>
  useBillingMutation('invoice-run', (body: { month?: string }) => api.post<TInvoiceRunResult>('/api/billing/invoice-run', body));
export const usePayInvoice = () =>
  useBillingMutation('pay', ({ id, paymentMethodId }: { id: string; paymentMethodId: string }) =>
    api.post<TPayResult>(`/api/invoices/${enc(id)}/pay`, { paymentMethodId }),
  );

// Payment methods, auto-pay and budgets (billing.write)
export const useAddPaymentMethod = (customerId: string) =>
  useBillingMutation('add-method', (body: TAddPaymentMethodBody) =>
    api.post<TPaymentMethod>(`${customerBase(customerId)}/payment-methods`, body),
  );
/** Make Default and Remove carry no body: the fresh two-factor code travels in a header. */
const freshCodeHeader = (code: string | undefined): Record<string, string> => (code ? { 'x-two-factor-code': code } : {});

export const useMakeDefaultMethod = (customerId: string) =>
  useBillingMutation('default-method', ({ methodId, twoFactorCode }: { methodId: string; twoFactorCode?: string | undefined }) =>
    api.put<TPaymentMethod>(`${customerBase(customerId)}/payment-methods/${enc(methodId)}/default`, undefined, {
      headers: freshCodeHeader(twoFactorCode),
    }),
  );
export const useRemoveMethod = (customerId: string) =>
  useBillingMutation('remove-method', ({ methodId, twoFactorCode }: { methodId: string; twoFactorCode?: string | undefined }) =>
    api.delete<void>(`${customerBase(customerId)}/payment-methods/${enc(methodId)}`, { headers: freshCodeHeader(twoFactorCode) }),
  );
export const useSetAutoPay = () =>
  useBillingMutation('auto-pay', ({ customerId, autoPay }: { customerId: string; autoPay: boolean }) =>
    api.put<{ ok: true }>(`${customerBase(customerId)}/auto-pay`, { autoPay }),
  );
export const useSetBudget = () =>
  useBillingMutation('budget', ({ accountId, monthlyBudget }: { accountId: string; monthlyBudget: number | null }) =>
    api.put<{ ok: true }>(`/api/accounts/${enc(accountId)}/budget`, { monthlyBudget }),
  );

// Rate decks (staff with billing.manage)
export const useCreateRateDeck = () =>
  useBillingMutation('create-deck', (body: TRateDeckBody) => api.post<TRateDeck>('/api/rate-decks', body));
export const useImportRates = () =>
  useBillingMutation('import-rates', ({ id, csv, mode }: { id: string; csv: string; mode: 'merge' | 'replace' }) =>
    api.post<TRateImportResult>(`/api/rate-decks/${enc(id)}/import`, { csv, mode }),
  );
export const useDeleteRateDeck = () => useBillingMutation('delete-deck', (id: string) => api.delete<void>(`/api/rate-decks/${enc(id)}`));

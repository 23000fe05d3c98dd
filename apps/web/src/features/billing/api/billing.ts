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
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';
import { apiPath, listQuery, type ListQuery as Query, readQuery, useInvalidatingMutation } from '../../../lib/query.ts';

export type TInvoiceRunResult = z.infer<typeof ZInvoiceRunResult>;
export type TRateImportResult = z.infer<typeof ZRateImportResult>;

/** The billing feature's query keys: every billing change stales all of them (cards, lists, the open invoice). */
export const billingKeys = { all: ['billing'] as const };

export function billingOverviewQuery(scope: { customerId?: string | undefined; accountId?: string | undefined }) {
  const query = { customerId: scope.customerId, accountId: scope.accountId };
  return readQuery<TBillingOverview>([...billingKeys.all, 'overview', query], '/api/billing/overview', { query });
}

export const invoiceListQuery = (query: Query) =>
  listQuery<TPage<TInvoiceListItem>>([...billingKeys.all, 'invoices', query], '/api/invoices', query);

export const invoiceQuery = (id: string) => readQuery<TInvoice>([...billingKeys.all, 'invoice', id], apiPath`/api/invoices/${id}`);

export const invoicePdfUrl = (id: string) => apiPath`/api/invoices/${id}/pdf`;

export const paymentListQuery = (query: Query) =>
  listQuery<TPage<TPaymentListItem>>([...billingKeys.all, 'payments', query], '/api/payments', query);

export const paymentMethodsQuery = (customerId: string) =>
  readQuery<TPaymentMethod[]>([...billingKeys.all, 'payment-methods', customerId], apiPath`/api/customers/${customerId}/payment-methods`);

export const rateDecksQuery = readQuery<TRateDeck[]>([...billingKeys.all, 'rate-decks'], '/api/rate-decks');

export const rateListQuery = (deckId: string, query: Query) =>
  listQuery<TPage<TRatePrefix>>([...billingKeys.all, 'rates', deckId, query], apiPath`/api/rate-decks/${deckId}/rates`, query);

/** A billing mutation (mutation key billing/<verb>): on success every billing query is stale. */
const useBillingMutation = <V, R>(verb: string, mutationFn: (vars: V) => Promise<R>) =>
  useInvalidatingMutation([billingKeys.all], mutationFn, ['billing', verb]);

// Invoices (staff with billing.manage, but Pay)
export const useGenerateInvoice = () =>
  useBillingMutation('generate', (body: TGenerateInvoiceBody) => api.post<TInvoice>('/api/invoices', body));
export const useAddAdjustment = () =>
  useBillingMutation('adjust', ({ id, body }: { id: string; body: TAdjustmentBody }) =>
    api.post<TInvoice>(apiPath`/api/invoices/${id}/adjustments`, body),
  );
export const useFinalizeInvoice = () =>
  useBillingMutation('finalize', (id: string) => api.post<TInvoice>(apiPath`/api/invoices/${id}/finalize`));
export const useVoidInvoice = () =>
  useBillingMutation('void', ({ id, reason }: { id: string; reason: string }) =>
    api.post<TInvoice>(apiPath`/api/invoices/${id}/void`, { reason }),
  );
export const useDeleteInvoice = () => useBillingMutation('delete', (id: string) => api.delete<void>(apiPath`/api/invoices/${id}`));
export const useSendReminder = () =>
  useBillingMutation('remind', (id: string) => api.post<TInvoiceListItem>(apiPath`/api/invoices/${id}/reminders`));
export const useInvoiceRun = () =>
  useBillingMutation('invoice-run', (body: { month?: string }) => api.post<TInvoiceRunResult>('/api/billing/invoice-run', body));
export const usePayInvoice = () =>
  useBillingMutation('pay', ({ id, paymentMethodId }: { id: string; paymentMethodId: string }) =>
    api.post<TPayResult>(apiPath`/api/invoices/${id}/pay`, { paymentMethodId }),
  );

// Payment methods, auto-pay and budgets (billing.write)
export const useAddPaymentMethod = (customerId: string) =>
  useBillingMutation('add-method', (body: TAddPaymentMethodBody) =>
    api.post<TPaymentMethod>(apiPath`/api/customers/${customerId}/payment-methods`, body),
  );
/** Make Default and Remove carry no body: the fresh two-factor code travels in a header. */
const freshCodeHeader = (code: string | undefined): Record<string, string> => (code ? { 'x-two-factor-code': code } : {});

export const useMakeDefaultMethod = (customerId: string) =>
  useBillingMutation('default-method', ({ methodId, twoFactorCode }: { methodId: string; twoFactorCode?: string | undefined }) =>
    api.put<TPaymentMethod>(apiPath`/api/customers/${customerId}/payment-methods/${methodId}/default`, undefined, {
      headers: freshCodeHeader(twoFactorCode),
    }),
  );
export const useRemoveMethod = (customerId: string) =>
  useBillingMutation('remove-method', ({ methodId, twoFactorCode }: { methodId: string; twoFactorCode?: string | undefined }) =>
    api.delete<void>(apiPath`/api/customers/${customerId}/payment-methods/${methodId}`, { headers: freshCodeHeader(twoFactorCode) }),
  );
export const useSetAutoPay = () =>
  useBillingMutation('auto-pay', ({ customerId, autoPay }: { customerId: string; autoPay: boolean }) =>
    api.put<{ ok: true }>(apiPath`/api/customers/${customerId}/auto-pay`, { autoPay }),
  );
export const useSetBudget = () =>
  useBillingMutation('budget', ({ accountId, monthlyBudget }: { accountId: string; monthlyBudget: number | null }) =>
    api.put<{ ok: true }>(apiPath`/api/accounts/${accountId}/budget`, { monthlyBudget }),
  );

// Rate decks (staff with billing.manage)
export const useCreateRateDeck = () =>
  useBillingMutation('create-deck', (body: TRateDeckBody) => api.post<TRateDeck>('/api/rate-decks', body));
export const useImportRates = () =>
  useBillingMutation('import-rates', ({ id, csv, mode }: { id: string; csv: string; mode: 'merge' | 'replace' }) =>
    api.post<TRateImportResult>(apiPath`/api/rate-decks/${id}/import`, { csv, mode }),
  );
export const useDeleteRateDeck = () => useBillingMutation('delete-deck', (id: string) => api.delete<void>(apiPath`/api/rate-decks/${id}`));

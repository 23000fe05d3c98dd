import type { TBillingContactBody, TBillingSummary } from '@portal/contract/billing';
import { api } from '../../../lib/api.ts';
import { apiPath, readQuery, useInvalidatingMutation } from '../../../lib/query.ts';
import { CUSTOMERS_KEY } from './customers.ts';

export const billingSummaryQuery = (customerId: string) =>
  readQuery<TBillingSummary>(['billing-summary', customerId], apiPath`/api/customers/${customerId}/billing-summary`);

export const useSaveBillingContact = (customerId: string) =>
  useInvalidatingMutation([[...CUSTOMERS_KEY, 'detail', customerId]], (body: TBillingContactBody) =>
    api.put<{ ok: true }>(apiPath`/api/customers/${customerId}/billing-contact`, body),
  );

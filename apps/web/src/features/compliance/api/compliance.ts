import type { TPage } from '@portal/contract/common';
import type { TCreateDncBody, TDncEntry, TDncSummary, TImportDncBody, TImportDncResult } from '@portal/contract/compliance';
import { api } from '../../../lib/api.ts';
import { apiPath, type ListQuery, listQuery, readQuery, useInvalidatingMutation } from '../../../lib/query.ts';

/** The compliance feature's query keys. */
export const complianceKeys = { all: ['compliance'] as const };

export const dncListQuery = (query: ListQuery) =>
  listQuery<TPage<TDncEntry>>([...complianceKeys.all, 'entries', query], '/api/compliance/entries', query);

export const dncSummaryQuery = (customerId: string | undefined) =>
  readQuery<TDncSummary>([...complianceKeys.all, 'summary', customerId ?? ''], '/api/compliance/summary', { query: { customerId } });

const useComplianceMutation = <V, R>(mutationFn: (vars: V) => Promise<R>) => useInvalidatingMutation([complianceKeys.all], mutationFn);
export const useAddDncEntry = () => useComplianceMutation((body: TCreateDncBody) => api.post<TDncEntry>('/api/compliance/entries', body));
export const useImportDnc = () =>
  useComplianceMutation((body: TImportDncBody) => api.post<TImportDncResult>('/api/compliance/import', body));
export const useRemoveDncEntry = () =>
  useComplianceMutation((id: string) => api.delete<{ ok: true }>(apiPath`/api/compliance/entries/${id}`));

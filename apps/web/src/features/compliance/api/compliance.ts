import type { TPage } from '@portal/contract/common';
import type { TCreateDncBody, TDncEntry, TDncSummary, TImportDncBody, TImportDncResult } from '@portal/contract/compliance';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** The compliance feature's query keys. */
export const complianceKeys = { all: ['compliance'] as const };

export function dncListQuery(query: Record<string, string | number | undefined>) {
  return queryOptions({
    queryKey: [...complianceKeys.all, 'entries', query],
    queryFn: ({ signal }) => api.get<TPage<TDncEntry>>('/api/compliance/entries', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function dncSummaryQuery(customerId: string | undefined) {
  return queryOptions({
    queryKey: [...complianceKeys.all, 'summary', customerId ?? ''],
    queryFn: ({ signal }) => api.get<TDncSummary>('/api/compliance/summary', { query: { customerId }, signal }),
  });
}

function useComplianceMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: complianceKeys.all }) });
}

export const useAddDncEntry = () => useComplianceMutation((body: TCreateDncBody) => api.post<TDncEntry>('/api/compliance/entries', body));
export const useImportDnc = () =>
  useComplianceMutation((body: TImportDncBody) => api.post<TImportDncResult>('/api/compliance/import', body));
export const useRemoveDncEntry = () =>
  useComplianceMutation((id: string) => api.delete<{ ok: true }>(`/api/compliance/entries/${encodeURIComponent(id)}`));

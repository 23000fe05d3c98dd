import type { TShellSummary } from '@portal/contract/shell';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { SHELL_SUMMARY_QUERY_KEY } from './shell-summary-key.ts';

/** Badge figures (billing, unread notifications); refreshed after every change and once a minute. */
export const shellSummaryQuery = queryOptions({
  queryKey: SHELL_SUMMARY_QUERY_KEY,
  queryFn: ({ signal }) => api.get<TShellSummary>('/api/shell/summary', { signal }),
  staleTime: 15_000,
  refetchInterval: 60_000,
});

export function useShellSummary() {
  return useQuery(shellSummaryQuery);
}

import type { TOutboxPage } from '@portal/contract/email';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export function outboxQuery(query: Record<string, string | number>) {
  return queryOptions({
    queryKey: ['outbox', query],
    queryFn: ({ signal }) => api.get<TOutboxPage>('/api/admin/outbox', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

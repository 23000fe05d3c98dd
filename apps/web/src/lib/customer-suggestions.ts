import type { TCustomerSuggestion } from '@portal/contract/customers';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from './api.ts';

/**
 * Staff: customers whose name or customer ID matches the text, for every customer picker and the
 * dashboard search. With `browse`, an empty text still lists customers (a picker opened before typing).
 */
export function customerSuggestionsQuery(text: string, { limit = 8, browse = false }: { limit?: number; browse?: boolean } = {}) {
  const q = text.trim() || (browse ? 'a' : '');
  return queryOptions({
    queryKey: ['customers', 'suggestions', q, limit],
    queryFn: ({ signal }) => api.get<TCustomerSuggestion[]>('/api/admin/customers/suggestions', { query: { q, limit }, signal }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

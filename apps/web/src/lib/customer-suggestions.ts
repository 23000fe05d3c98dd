import type { TCustomerSuggestion } from '@portal/contract/customers';
import { queryOptions } from '@tanstack/react-query';
import { listQuery } from './query.ts';

/**
 * Staff: customers whose name or customer ID matches the text, for every customer picker and the
 * dashboard search. With `browse`, an empty text still lists customers (a picker opened before typing).
 */
export function customerSuggestionsQuery(text: string, { limit = 8, browse = false }: { limit?: number; browse?: boolean } = {}) {
  const q = text.trim() || (browse ? 'a' : '');
  return queryOptions({
    ...listQuery<TCustomerSuggestion[]>(['customers', 'suggestions', q, limit], '/api/admin/customers/suggestions', { q, limit }),
    enabled: q.length > 0,
    staleTime: 30_000,
  });
}

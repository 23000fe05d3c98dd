import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { apiPath } from '../../../lib/query.ts';
import { SESSION_QUERY_KEY } from '../../../lib/session.ts';

/** Opens the customer portal as the customer's admin; the server swaps the session cookie. */
export function useImpersonate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (customerId: string) => api.post<{ ok: true; redirectTo: string }>(apiPath`/api/admin/customers/${customerId}/impersonate`),
    onSuccess: async () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
      await queryClient.refetchQueries({ queryKey: SESSION_QUERY_KEY });
    },
  });
}

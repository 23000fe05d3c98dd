import type { TExitImpersonationResponse } from '@portal/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { SESSION_QUERY_KEY } from '../../../lib/session.ts';
import { broadcastAuthEvent } from './auth-broadcast.ts';

/** Ends "Viewing as": the session becomes the staff user's again; the answer says where to go (the customer's page). */
export function useExitImpersonation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<TExitImpersonationResponse>('/api/auth/impersonation/exit'),
    onSuccess: async () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
      await queryClient.refetchQueries({ queryKey: SESSION_QUERY_KEY });
      broadcastAuthEvent('login');
    },
  });
}

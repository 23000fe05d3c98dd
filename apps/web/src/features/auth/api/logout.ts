import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { broadcastAuthEvent } from './auth-broadcast.ts';
import { replaceSessionUser } from './session-cache.ts';
import { markSignedOutHere } from './sign-out-flag.ts';

/** Ends the server session; the local state is cleared even when the server cannot be reached. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ ok: true }>('/api/auth/logout'),
    onSettled: () => {
      markSignedOutHere();
      replaceSessionUser(queryClient, null);
      broadcastAuthEvent('logout');
    },
  });
}

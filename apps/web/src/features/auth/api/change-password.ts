import type { TChangePasswordBody } from '@portal/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { SESSION_QUERY_KEY } from '../../../lib/session.ts';

/** Changes the signed-in user's password (their other sessions end); the session is read again. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TChangePasswordBody) => api.post<{ ok: true }>('/api/auth/password', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
  });
}

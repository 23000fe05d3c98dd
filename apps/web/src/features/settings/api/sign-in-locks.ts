import type { TSignInLockList } from '@portal/contract/auth';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export function signInLocksQuery() {
  return queryOptions({
    queryKey: ['sign-in-locks'],
    queryFn: ({ signal }) => api.get<TSignInLockList>('/api/admin/sign-in-locks', { signal }),
  });
}

export function useUnlockSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api.post<{ ok: true }>('/api/admin/sign-in-locks/unlock', { email }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['sign-in-locks'] }),
  });
}

import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Sets a new password with the token from the emailed link. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) => api.post<{ ok: true }>('/api/auth/reset-password', body),
  });
}

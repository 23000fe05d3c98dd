import type { ZForgotPasswordBody } from '@portal/contract/auth';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';

export type ForgotPasswordBody = z.infer<typeof ZForgotPasswordBody>;

/** Asks for a reset link; the server answers the same whether or not the address has an account. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: ForgotPasswordBody) => api.post<{ ok: true }>('/api/auth/forgot-password', body),
  });
}

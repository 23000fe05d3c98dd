import type { TRegisterBody, TRegisterResponse } from '@portal/contract/registration';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

type Message = { message: string };

/** The sign-up page's submit: a pending company and its first Admin (the answer says what happens next). */
export function useRegister() {
  return useMutation({ mutationFn: (body: TRegisterBody) => api.post<TRegisterResponse>('/api/auth/register', body) });
}

/** The emailed link's token, sent once when the verification page opens. */
export function useVerifyEmail() {
  return useMutation({ mutationFn: (token: string) => api.post<Message>('/api/auth/verify-email', { token }) });
}

/** A new verification link; the server answers the same whether or not the address has a registration. */
export function useResendVerification() {
  return useMutation({ mutationFn: (email: string) => api.post<Message>('/api/auth/verify-email/resend', { email }) });
}

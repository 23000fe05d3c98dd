import type { TLoginBody, TLoginResponse } from '@portal/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { broadcastAuthEvent } from './auth-broadcast.ts';
import { writeRememberedEmail } from './remembered-email.ts';
import { replaceSessionUser } from './session-cache.ts';
import { takeSignedOutHere } from './sign-out-flag.ts';

/**
 * Signs in; the sign-in page's guard then moves on to the portal. A user with two-factor sign-in
 * gets the code step instead (`twoFactor` in the answer), and no session yet.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TLoginBody) => api.post<TLoginResponse>('/api/auth/login', body),
    onSuccess: (result, body) => {
      if (!('user' in result)) return;
      writeRememberedEmail(body.remember ? body.email : null);
      takeSignedOutHere();
      replaceSessionUser(queryClient, result.user);
      broadcastAuthEvent('login');
    },
  });
}

import type { TLoginBody, TSessionUser } from '@portal/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { broadcastAuthEvent } from './auth-broadcast.ts';
import { writeRememberedEmail } from './remembered-email.ts';
import { replaceSessionUser } from './session-cache.ts';
import { takeSignedOutHere } from './sign-out-flag.ts';

/** Signs in; the sign-in page's guard then moves on to the portal. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TLoginBody) => api.post<{ user: TSessionUser }>('/api/auth/login', body),
    onSuccess: ({ user }, body) => {
      writeRememberedEmail(body.remember ? body.email : null);
      takeSignedOutHere();
      replaceSessionUser(queryClient, user);
      broadcastAuthEvent('login');
    },
  });
}

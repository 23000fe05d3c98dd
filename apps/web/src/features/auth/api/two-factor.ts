import type {
  TDisableTwoFactorBody,
  TEnableTwoFactorBody,
  TLoginTwoFactorBody,
  TRecoveryCodes,
  TSessionUser,
  TTwoFactorSetup,
  TTwoFactorStatus,
} from '@portal/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { readQuery, useSavingMutation } from '../../../lib/query.ts';
import { SESSION_QUERY_KEY } from '../../../lib/session.ts';
import { broadcastAuthEvent } from './auth-broadcast.ts';
import { writeRememberedEmail } from './remembered-email.ts';
import { replaceSessionUser } from './session-cache.ts';
import { takeSignedOutHere } from './sign-out-flag.ts';

const STATUS_KEY = ['auth', 'two-factor'] as const;

/** The signed-in user's two-factor sign-in: on or off, when it is asked, recovery codes left. */
export const twoFactorStatusQuery = readQuery<TTwoFactorStatus>(STATUS_KEY, '/api/auth/two-factor');

/**
 * After a change, the status is read again. The session (which says whether setup is still
 * required) is read again by `useRefreshSession` once the recovery codes have been shown: on the
 * required-setup page a fresh session moves on to the portal and would take the codes away.
 */
const useTwoFactorMutation = <V, R>(mutationFn: (vars: V) => Promise<R>) => useSavingMutation(mutationFn, { stale: [STATUS_KEY] });

export function useRefreshSession() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
}

/** A new secret (pending until a code confirms it): QR code, otpauth:// link and key. */
export const useStartTwoFactorSetup = () => useMutation({ mutationFn: () => api.post<TTwoFactorSetup>('/api/auth/two-factor/setup') });
export const useEnableTwoFactor = () =>
  useTwoFactorMutation((body: TEnableTwoFactorBody) => api.post<TRecoveryCodes>('/api/auth/two-factor/enable', body));
export const useDisableTwoFactor = () =>
  useTwoFactorMutation((body: TDisableTwoFactorBody) => api.post<{ ok: true }>('/api/auth/two-factor/disable', body));
export const useRegenerateRecoveryCodes = () =>
  useTwoFactorMutation((code: string) => api.post<TRecoveryCodes>('/api/auth/two-factor/recovery-codes', { code }));

/** The sign-in's second step; on success the session is the user's, as after a password-only sign-in. */
export function useLoginTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: TLoginTwoFactorBody & { email: string; remember: boolean }) =>
      api.post<{ user: TSessionUser }>('/api/auth/login/two-factor', { challengeId: vars.challengeId, code: vars.code }),
    onSuccess: ({ user }, vars) => {
      writeRememberedEmail(vars.remember ? vars.email : null);
      takeSignedOutHere();
      replaceSessionUser(queryClient, user);
      broadcastAuthEvent('login');
    },
  });
}

import type { TSignInLockList } from '@portal/contract/auth';
import { api } from '../../../lib/api.ts';
import { readQuery, useInvalidatingMutation } from '../../../lib/query.ts';

export const signInLocksQuery = () => readQuery<TSignInLockList>(['sign-in-locks'], '/api/admin/sign-in-locks');

export const useUnlockSignIn = () =>
  useInvalidatingMutation([['sign-in-locks']], (email: string) => api.post<{ ok: true }>('/api/admin/sign-in-locks/unlock', { email }));

import type { TChangePasswordBody } from '@portal/contract/auth';
import { api } from '../../../lib/api.ts';
import { useInvalidatingMutation } from '../../../lib/query.ts';
import { SESSION_QUERY_KEY } from '../../../lib/session.ts';

/** Changes the signed-in user's password (their other sessions end); the session is read again. */
export const useChangePassword = () =>
  useInvalidatingMutation([SESSION_QUERY_KEY], (body: TChangePasswordBody) => api.post<{ ok: true }>('/api/auth/password', body));

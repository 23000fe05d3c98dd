import type { TExitImpersonationResponse } from '@portal/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { loadPage } from '../../../lib/page-load.ts';
import { broadcastAuthEvent } from './auth-broadcast.ts';

/**
 * Ends "Viewing as": the session becomes the staff user's again, other tabs are told, and the admin
 * portal opens afresh at the page the server names (the customer's detail page). A new page load,
 * because refreshing the session in place would let the portal guards send the user to /admin first.
 */
export function useExitImpersonation() {
  return useMutation({
    mutationFn: () => api.post<TExitImpersonationResponse>('/api/auth/impersonation/exit'),
    onSuccess: (r) => {
      broadcastAuthEvent('login');
      loadPage(r.redirectTo);
    },
  });
}

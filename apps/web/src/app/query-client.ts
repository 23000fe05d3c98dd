import { MutationCache, QueryClient, type QueryKey } from '@tanstack/react-query';
import { accountKeys } from '../features/accounts/api/account-keys.ts';
import { isApiError, setUnauthorizedHandler } from '../lib/api.ts';
import { SESSION_QUERY_KEY } from '../lib/session.ts';
import { SHELL_SUMMARY_QUERY_KEY } from '../shell/api/shell-summary-key.ts';

/**
 * Features do not know each other's query keys: a mutation with one of these mutation keys
 * (feature/verb) also stales the listed queries.
 */
const ALSO_STALE: Record<string, QueryKey[]> = {
  // a deleted customer's accounts are gone
  'customers/delete': [accountKeys.all],
  // the accounts tables show each account's max voice channels
  'voice/channels': [accountKeys.all],
  // the customer detail's Billing Summary reads the invoices (last invoice, payment status)
  'billing/pay': [['billing-summary']],
  'billing/finalize': [['billing-summary']],
  'billing/void': [['billing-summary']],
};

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx answer will not change on retry; a network blip may.
      retry: (failureCount, error) => failureCount < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
    },
  },
  // The shell's badges (billing, unread notifications) may change after any change the user makes;
  // a change in one feature that stales another's data is named below.
  mutationCache: new MutationCache({
    onSuccess: (_data, _variables, _context, mutation) => {
      void queryClient.invalidateQueries({ queryKey: SHELL_SUMMARY_QUERY_KEY });
      const key = mutation.options.mutationKey?.slice(0, 2).join('/') ?? '';
      for (const stale of ALSO_STALE[key] ?? []) void queryClient.invalidateQueries({ queryKey: stale });
    },
  }),
});

// A 401 from any API but the auth endpoints means the session ended: re-read it and the guards redirect.
setUnauthorizedHandler(() => {
  void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
});

import { MutationCache, QueryClient } from '@tanstack/react-query';
import { isApiError, setUnauthorizedHandler } from '../lib/api.ts';
import { SESSION_QUERY_KEY } from '../lib/session.ts';
import { SHELL_SUMMARY_QUERY_KEY } from '../shell/api/shell-summary-key.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx answer will not change on retry; a network blip may.
      retry: (failureCount, error) => failureCount < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
    },
  },
  // The shell's badges (billing, unread notifications) may change after any change the user makes.
  mutationCache: new MutationCache({
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SHELL_SUMMARY_QUERY_KEY }),
  }),
});

// A 401 from any API but the auth endpoints means the session ended: re-read it and the guards redirect.
setUnauthorizedHandler(() => {
  void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
});

import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeToAuthEvents } from '../features/auth/api/auth-broadcast.ts';
import { SESSION_QUERY_KEY } from '../lib/session.ts';

/** Another tab signed in or out: forget what this tab cached and re-read the session; the guards do the rest. */
export function AuthSync() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeToAuthEvents(() => {
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
        void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      }),
    [queryClient],
  );
  return null;
}

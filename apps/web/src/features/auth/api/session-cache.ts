import type { TSessionResponse, TSessionUser } from '@portal/contract/auth';
import type { QueryClient } from '@tanstack/react-query';
import { SESSION_QUERY_KEY } from '../../../lib/session.ts';

/** Replaces the signed-in user in the cache and drops every other cached answer (they belonged to the previous user). */
export function replaceSessionUser(queryClient: QueryClient, user: TSessionUser | null): void {
  const previous = queryClient.getQueryData<TSessionResponse>(SESSION_QUERY_KEY);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
  queryClient.setQueryData<TSessionResponse>(SESSION_QUERY_KEY, {
    brand: previous?.brand ?? '',
    idleTimeoutMinutes: previous?.idleTimeoutMinutes ?? 30,
    selfRegistration: previous?.selfRegistration ?? false,
    user,
  });
}

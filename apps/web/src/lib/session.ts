import type { TSessionResponse, TSessionUser } from '@portal/contract/auth';
import type { TPermission } from '@portal/contract/roles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api.ts';

export const SESSION_QUERY_KEY = ['auth', 'session'] as const;

/** The server decides who is signed in; the web only asks. Re-read often so a sign-out elsewhere shows. */
export const sessionQuery = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: ({ signal }) => api.get<TSessionResponse>('/api/auth/session', { signal }),
  staleTime: 10_000,
  refetchOnWindowFocus: 'always',
  retry: 1,
});

export function useSession() {
  return useQuery(sessionQuery);
}

/** The signed-in user; only for components rendered behind a portal guard. */
export function useSessionUser(): TSessionUser {
  const { data } = useSession();
  if (!data?.user) throw new Error('useSessionUser used outside a signed-in route');
  return data.user;
}

export function useBrand(): string {
  return useSession().data?.brand ?? '';
}

/** Whether the signed-in user holds a permission; the UI hides what it denies, the server refuses it anyway. */
export function useCan(permission: TPermission): boolean {
  return useSession().data?.user?.permissions.includes(permission) ?? false;
}

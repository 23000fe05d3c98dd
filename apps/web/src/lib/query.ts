import { keepPreviousData, type MutationKey, type QueryKey, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api.ts';

/** A list's filters, sort and page as they go into the query string. */
export type ListQuery = Record<string, string | number | undefined>;

/** A URL path whose interpolated values are URL-encoded: apiPath`/api/users/${userId}/status`. */
export function apiPath(strings: TemplateStringsArray, ...values: (string | number)[]): string {
  return strings.reduce((path, text, i) => path + encodeURIComponent(String(values[i - 1])) + text);
}

type ReadOptions = { query?: ListQuery | undefined; enabled?: boolean; staleTime?: number };

/** One GET as a query: its key, its path, and optionally a query string, `enabled` and `staleTime`. */
export function readQuery<T>(queryKey: QueryKey, path: string, { query, ...options }: ReadOptions = {}) {
  return queryOptions({ queryKey, queryFn: ({ signal }) => api.get<T>(path, { query, signal }), ...options });
}

/** A page of a list read with the filters on screen: the previous page stays shown while the next one loads. */
export function listQuery<T>(queryKey: QueryKey, path: string, query: ListQuery) {
  return queryOptions({ ...readQuery<T>(queryKey, path, { query }), placeholderData: keepPreviousData });
}

/**
 * A mutation after which the queries under each key are read again; it settles once the shown ones
 * have been (so a closed form leaves an up-to-date list behind).
 */
export function useInvalidatingMutation<V, R>(keys: readonly QueryKey[], mutationFn: (vars: V) => Promise<R>, mutationKey?: MutationKey) {
  const queryClient = useQueryClient();
  return useMutation({
    ...(mutationKey ? { mutationKey } : {}),
    mutationFn,
    onSuccess: () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/**
 * A mutation whose answer is the saved record: it becomes the cached data of `cache(answer)`, and the
 * queries under each `stale` key (lists, activity; or the keys for that answer) are read again without
 * the mutation waiting for them.
 */
export function useSavingMutation<V, R>(
  mutationFn: (vars: V) => Promise<R>,
  {
    cache,
    stale = [],
    mutationKey,
  }: { cache?: (answer: R) => QueryKey; stale?: readonly QueryKey[] | ((answer: R) => readonly QueryKey[]); mutationKey?: MutationKey },
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...(mutationKey ? { mutationKey } : {}),
    mutationFn,
    onSuccess: (answer: R) => {
      if (cache) queryClient.setQueryData(cache(answer), answer);
      for (const queryKey of typeof stale === 'function' ? stale(answer) : stale) void queryClient.invalidateQueries({ queryKey });
    },
  });
}

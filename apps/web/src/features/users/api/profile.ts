import type { TAuditEntry } from '@portal/contract/audit';
import type { TMyProfile, TUpdateMyProfileBody } from '@portal/contract/users';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { SESSION_QUERY_KEY } from '../../../lib/session.ts';

/** The signed-in user's own records: My Profile and their activity. */
export const meKeys = {
  all: ['me'] as const,
  profile: ['me', 'profile'] as const,
  activity: (query: Record<string, string | number | undefined>) => ['me', 'activity', query] as const,
};

export const myProfileQuery = queryOptions({
  queryKey: meKeys.profile,
  queryFn: ({ signal }) => api.get<TMyProfile>('/api/me/profile', { signal }),
});

/** Save Changes: the profile as saved; the session (the name in the header) and the activity are read again. */
export function useUpdateMyProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateMyProfileBody) => api.put<TMyProfile>('/api/me/profile', body),
    onSuccess: (profile) => {
      queryClient.setQueryData(meKeys.profile, profile);
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: [...meKeys.all, 'activity'] });
    },
  });
}

type ActivityPage = { items: TAuditEntry[]; nextCursor: string | null };

/** User Settings, Activity Logs: what the signed-in user did, newest first, keyset paged. */
export function myActivityQuery(query: Record<string, string | number | undefined>) {
  return queryOptions({
    queryKey: meKeys.activity(query),
    queryFn: ({ signal }) => api.get<ActivityPage>('/api/me/activity', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

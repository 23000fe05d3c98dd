import type { TAuditEntry } from '@portal/contract/audit';
import type { TMyProfile, TUpdateMyProfileBody } from '@portal/contract/users';
import { api } from '../../../lib/api.ts';
import { type ListQuery, listQuery, readQuery, useSavingMutation } from '../../../lib/query.ts';
import { SESSION_QUERY_KEY } from '../../../lib/session.ts';

/** The signed-in user's own records: My Profile and their activity. */
export const meKeys = {
  all: ['me'] as const,
  profile: ['me', 'profile'] as const,
  activity: (query: ListQuery) => ['me', 'activity', query] as const,
};

export const myProfileQuery = readQuery<TMyProfile>(meKeys.profile, '/api/me/profile');

/** Save Changes: the profile as saved; the session (the name in the header) and the activity are read again. */
export const useUpdateMyProfile = () =>
  useSavingMutation((body: TUpdateMyProfileBody) => api.put<TMyProfile>('/api/me/profile', body), {
    cache: () => meKeys.profile,
    stale: [SESSION_QUERY_KEY, [...meKeys.all, 'activity']],
  });

type ActivityPage = { items: TAuditEntry[]; nextCursor: string | null };

/** User Settings, Activity Logs: what the signed-in user did, newest first, keyset paged. */
export const myActivityQuery = (query: ListQuery) => listQuery<ActivityPage>(meKeys.activity(query), '/api/me/activity', query);

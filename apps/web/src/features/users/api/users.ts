import type { TPage } from '@portal/contract/common';
import type { TActivityEntry } from '@portal/contract/customers';
import type { TCreateUserBody, TUpdateUserBody, TUser, TUserStatusBody } from '@portal/contract/users';
import { api } from '../../../lib/api.ts';
import { apiPath, type ListQuery, listQuery, readQuery, useSavingMutation } from '../../../lib/query.ts';

/** The users feature's query keys. */
export const userKeys = {
  all: ['users'] as const,
  list: (query: ListQuery) => [...userKeys.all, 'list', query] as const,
  detail: (userId: string) => [...userKeys.all, 'detail', userId] as const,
};

/** The users the caller manages: staff Admins the staff, customer Admins their company's. */
export const userListQuery = (query: ListQuery) => listQuery<TPage<TUser>>(userKeys.list(query), '/api/users', query);

export const userQuery = (userId: string) => readQuery<TUser>(userKeys.detail(userId), apiPath`/api/users/${userId}`);

export const userActivityQuery = (userId: string) =>
  readQuery<TActivityEntry[]>([...userKeys.detail(userId), 'activity'], apiPath`/api/users/${userId}/activity`);

/** Every user change answers with the user: it becomes the cached one, and its activity and the lists are read again. */
const useUserMutation = <V>(mutationFn: (vars: V) => Promise<TUser>) =>
  useSavingMutation(mutationFn, {
    cache: (user) => userQuery(user.id).queryKey,
    stale: (user) => [userActivityQuery(user.id).queryKey, [...userKeys.all, 'list']],
  });

export const useCreateUser = () => useUserMutation((body: TCreateUserBody) => api.post<TUser>('/api/users', body));
export const useUpdateUser = (userId: string) =>
  useUserMutation((body: TUpdateUserBody) => api.put<TUser>(apiPath`/api/users/${userId}`, body));
export const useSetUserStatus = () =>
  useUserMutation(({ userId, ...body }: TUserStatusBody & { userId: string }) =>
    api.post<TUser>(apiPath`/api/users/${userId}/status`, body),
  );
export const useResendInvitation = () => useUserMutation((userId: string) => api.post<TUser>(apiPath`/api/users/${userId}/invite`));
/** A staff Admin resets a user's two-factor sign-in (a lost phone); the user is notified. */
export const useResetTwoFactor = () => useUserMutation((userId: string) => api.post<TUser>(apiPath`/api/users/${userId}/two-factor/reset`));

import type { TPage } from '@portal/contract/common';
import type { TActivityEntry } from '@portal/contract/customers';
import type { TCreateUserBody, TUpdateUserBody, TUser, TUserStatusBody } from '@portal/contract/users';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** The users feature's query keys. */
export const userKeys = {
  all: ['users'] as const,
  list: (query: Record<string, string | number | undefined>) => [...userKeys.all, 'list', query] as const,
  detail: (userId: string) => [...userKeys.all, 'detail', userId] as const,
};

const id = (value: string) => encodeURIComponent(value);

/** The users the caller manages: staff Admins the staff, customer Admins their company's. */
export function userListQuery(query: Record<string, string | number | undefined>) {
  return queryOptions({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => api.get<TPage<TUser>>('/api/users', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function userQuery(userId: string) {
  return queryOptions({
    queryKey: userKeys.detail(userId),
    queryFn: ({ signal }) => api.get<TUser>(`/api/users/${id(userId)}`, { signal }),
  });
}

export function userActivityQuery(userId: string) {
  return queryOptions({
    queryKey: [...userKeys.detail(userId), 'activity'],
    queryFn: ({ signal }) => api.get<TActivityEntry[]>(`/api/users/${id(userId)}/activity`, { signal }),
  });
}

function useUserMutation<V>(mutationFn: (vars: V) => Promise<TUser>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (user) => {
      queryClient.setQueryData(userQuery(user.id).queryKey, user);
      void queryClient.invalidateQueries({ queryKey: userActivityQuery(user.id).queryKey });
      void queryClient.invalidateQueries({ queryKey: [...userKeys.all, 'list'] });
    },
  });
}

export const useCreateUser = () => useUserMutation((body: TCreateUserBody) => api.post<TUser>('/api/users', body));
export const useUpdateUser = (userId: string) =>
  useUserMutation((body: TUpdateUserBody) => api.put<TUser>(`/api/users/${id(userId)}`, body));
export const useSetUserStatus = () =>
  useUserMutation(({ userId, ...body }: TUserStatusBody & { userId: string }) => api.post<TUser>(`/api/users/${id(userId)}/status`, body));
export const useResendInvitation = () => useUserMutation((userId: string) => api.post<TUser>(`/api/users/${id(userId)}/invite`));
/** A staff Admin resets a user's two-factor sign-in (a lost phone); the user is notified. */
export const useResetTwoFactor = () => useUserMutation((userId: string) => api.post<TUser>(`/api/users/${id(userId)}/two-factor/reset`));

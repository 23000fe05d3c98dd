import type { TPage } from '@portal/contract/common';
import type {
  TBrand,
  TBrandBody,
  TCampaign,
  TCampaignBody,
  TCampaignDetail,
  TCampaignStatus,
  TMessage,
  TMessagingPrices,
  TTemplate,
  TTemplateBody,
} from '@portal/contract/messaging';
import type { TComplianceStatus, TOptOut } from '@portal/contract/messaging-consent';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

type Query = Record<string, string | number | undefined>;

/** The messaging feature's query keys. */
export const messagingKeys = { all: ['messaging'] as const };

const listQuery = <T>(what: string, path: string, query: Query) =>
  queryOptions({
    queryKey: [...messagingKeys.all, what, query],
    queryFn: ({ signal }) => api.get<T>(path, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const brandListQuery = (query: Query) => listQuery<TPage<TBrand>>('brands', '/api/messaging/brands', query);
export const campaignListQuery = (query: Query) => listQuery<TPage<TCampaign>>('campaigns', '/api/messaging/campaigns', query);
export const templateListQuery = (query: Query) => listQuery<TPage<TTemplate>>('templates', '/api/messaging/templates', query);
export const optOutListQuery = (query: Query) => listQuery<TPage<TOptOut>>('opt-outs', '/api/messaging/opt-outs', query);
export const messageListQuery = (query: Query, enabled = true) =>
  queryOptions({
    ...listQuery<{ items: TMessage[]; nextCursor: string | null }>('messages', '/api/messaging/messages', query),
    enabled,
  });

export function campaignQuery(id: string) {
  return queryOptions({
    queryKey: [...messagingKeys.all, 'campaign', id],
    queryFn: ({ signal }) => api.get<TCampaignDetail>(`/api/messaging/campaigns/${encodeURIComponent(id)}`, { signal }),
    enabled: Boolean(id),
  });
}

export function complianceQuery(query: Query) {
  return queryOptions({
    queryKey: [...messagingKeys.all, 'compliance', query],
    queryFn: ({ signal }) => api.get<TComplianceStatus>('/api/messaging/compliance', { query, signal }),
  });
}

export function pricesQuery(accountId: string | null | undefined) {
  return queryOptions({
    queryKey: [...messagingKeys.all, 'prices', accountId ?? ''],
    queryFn: ({ signal }) => api.get<TMessagingPrices>('/api/messaging/prices', { query: { accountId: accountId || undefined }, signal }),
    staleTime: 5 * 60_000,
  });
}

/** Every messaging mutation refreshes the feature's lists (notifications follow on their own poll). */
function useMessagingMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: messagingKeys.all }) });
}

const enc = encodeURIComponent;
export const useCreateBrand = () => useMessagingMutation((body: TBrandBody) => api.post<TBrand>('/api/messaging/brands', body));
export const useUpdateBrand = () =>
  useMessagingMutation(({ id, body }: { id: string; body: TBrandBody }) => api.put<TBrand>(`/api/messaging/brands/${enc(id)}`, body));
export const useReviewBrand = () =>
  useMessagingMutation(({ id, ...body }: { id: string; decision: 'Approved' | 'Rejected'; reason?: string; field?: string | null }) =>
    api.post<TBrand>(`/api/messaging/brands/${enc(id)}/review`, body),
  );
export const useCreateCampaign = () =>
  useMessagingMutation((body: TCampaignBody) => api.post<TCampaignDetail>('/api/messaging/campaigns', body));
export const useUpdateCampaign = () =>
  useMessagingMutation(({ id, body }: { id: string; body: TCampaignBody }) =>
    api.put<TCampaignDetail>(`/api/messaging/campaigns/${enc(id)}`, body),
  );
export const useSetCampaignStatus = () =>
  useMessagingMutation(({ id, ...body }: { id: string; status: TCampaignStatus; reason?: string }) =>
    api.post<TCampaignDetail>(`/api/messaging/campaigns/${enc(id)}/status`, body),
  );
export const useSetCampaignNumbers = () =>
  useMessagingMutation(({ id, numberIds }: { id: string; numberIds: string[] }) =>
    api.put<TCampaignDetail>(`/api/messaging/campaigns/${enc(id)}/numbers`, { numberIds }),
  );
export const useCreateTemplate = () => useMessagingMutation((body: TTemplateBody) => api.post<TTemplate>('/api/messaging/templates', body));
export const useUpdateTemplate = () =>
  useMessagingMutation(({ id, body }: { id: string; body: TTemplateBody }) =>
    api.put<TTemplate>(`/api/messaging/templates/${enc(id)}`, body),
  );
export const useDeleteTemplate = () =>
  useMessagingMutation((id: string) => api.delete<{ ok: true }>(`/api/messaging/templates/${enc(id)}`));
export const useAddOptOut = () =>
  useMessagingMutation((body: { accountId: string; number: string; keyword?: string }) =>
    api.post<TOptOut>('/api/messaging/opt-outs', body),
  );
export const useRemoveOptOut = () => useMessagingMutation((id: string) => api.delete<{ ok: true }>(`/api/messaging/opt-outs/${enc(id)}`));

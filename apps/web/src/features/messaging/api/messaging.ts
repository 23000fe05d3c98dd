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
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { apiPath, listQuery, type ListQuery as Query, readQuery, useInvalidatingMutation } from '../../../lib/query.ts';

/** The messaging feature's query keys. */
export const messagingKeys = { all: ['messaging'] as const };

const messagingList = <T>(what: string, path: string, query: Query) => listQuery<T>([...messagingKeys.all, what, query], path, query);

export const brandListQuery = (query: Query) => messagingList<TPage<TBrand>>('brands', '/api/messaging/brands', query);
export const campaignListQuery = (query: Query) => messagingList<TPage<TCampaign>>('campaigns', '/api/messaging/campaigns', query);
export const templateListQuery = (query: Query) => messagingList<TPage<TTemplate>>('templates', '/api/messaging/templates', query);
export const optOutListQuery = (query: Query) => messagingList<TPage<TOptOut>>('opt-outs', '/api/messaging/opt-outs', query);
export const messageListQuery = (query: Query, enabled = true) =>
  queryOptions({
    ...messagingList<{ items: TMessage[]; nextCursor: string | null }>('messages', '/api/messaging/messages', query),
    enabled,
  });

export const campaignQuery = (id: string) =>
  readQuery<TCampaignDetail>([...messagingKeys.all, 'campaign', id], apiPath`/api/messaging/campaigns/${id}`, { enabled: Boolean(id) });

export const complianceQuery = (query: Query) =>
  readQuery<TComplianceStatus>([...messagingKeys.all, 'compliance', query], '/api/messaging/compliance', { query });

export const pricesQuery = (accountId: string | null | undefined) =>
  readQuery<TMessagingPrices>([...messagingKeys.all, 'prices', accountId ?? ''], '/api/messaging/prices', {
    query: { accountId: accountId || undefined },
    staleTime: 5 * 60_000,
  });

/** Every messaging mutation refreshes the feature's lists (notifications follow on their own poll). */
const useMessagingMutation = <V, R>(mutationFn: (vars: V) => Promise<R>) => useInvalidatingMutation([messagingKeys.all], mutationFn);

export const useCreateBrand = () => useMessagingMutation((body: TBrandBody) => api.post<TBrand>('/api/messaging/brands', body));
export const useUpdateBrand = () =>
  useMessagingMutation(({ id, body }: { id: string; body: TBrandBody }) => api.put<TBrand>(apiPath`/api/messaging/brands/${id}`, body));
export const useReviewBrand = () =>
  useMessagingMutation(({ id, ...body }: { id: string; decision: 'Approved' | 'Rejected'; reason?: string; field?: string | null }) =>
    api.post<TBrand>(apiPath`/api/messaging/brands/${id}/review`, body),
  );
export const useCreateCampaign = () =>
  useMessagingMutation((body: TCampaignBody) => api.post<TCampaignDetail>('/api/messaging/campaigns', body));
export const useUpdateCampaign = () =>
  useMessagingMutation(({ id, body }: { id: string; body: TCampaignBody }) =>
    api.put<TCampaignDetail>(apiPath`/api/messaging/campaigns/${id}`, body),
  );
export const useSetCampaignStatus = () =>
  useMessagingMutation(({ id, ...body }: { id: string; status: TCampaignStatus; reason?: string }) =>
    api.post<TCampaignDetail>(apiPath`/api/messaging/campaigns/${id}/status`, body),
  );
export const useSetCampaignNumbers = () =>
  useMessagingMutation(({ id, numberIds }: { id: string; numberIds: string[] }) =>
    api.put<TCampaignDetail>(apiPath`/api/messaging/campaigns/${id}/numbers`, { numberIds }),
  );
export const useCreateTemplate = () => useMessagingMutation((body: TTemplateBody) => api.post<TTemplate>('/api/messaging/templates', body));
export const useUpdateTemplate = () =>
  useMessagingMutation(({ id, body }: { id: string; body: TTemplateBody }) =>
    api.put<TTemplate>(apiPath`/api/messaging/templates/${id}`, body),
  );
export const useDeleteTemplate = () =>
  useMessagingMutation((id: string) => api.delete<{ ok: true }>(apiPath`/api/messaging/templates/${id}`));
export const useAddOptOut = () =>
  useMessagingMutation((body: { accountId: string; number: string; keyword?: string }) =>
    api.post<TOptOut>('/api/messaging/opt-outs', body),
  );
export const useRemoveOptOut = () => useMessagingMutation((id: string) => api.delete<{ ok: true }>(apiPath`/api/messaging/opt-outs/${id}`));

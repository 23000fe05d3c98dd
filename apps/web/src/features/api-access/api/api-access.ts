import type { TApiKey, TApiKeyBody, TApiKeyCreated, TApiRequest } from '@portal/contract/api-access';
import type { TPage } from '@portal/contract/common';
import type { TPlatformToken, TPlatformTokenBody, TPlatformTokenCreated } from '@portal/contract/ingestion';
import type {
  TReplayResult,
  TTestResult,
  TWebhook,
  TWebhookBody,
  TWebhookCreated,
  TWebhookDelivery,
  TWebhookSecret,
} from '@portal/contract/webhooks';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

type Query = Record<string, string | number | undefined>;
const enc = encodeURIComponent;

/** The API access feature's query keys. */
export const apiAccessKeys = { all: ['api-access'] as const };

export function apiKeyListQuery(query: Query) {
  return queryOptions({
    queryKey: [...apiAccessKeys.all, 'keys', query],
    queryFn: ({ signal }) => api.get<TPage<TApiKey>>('/api/api-keys', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function apiRequestListQuery(query: Query, enabled = true) {
  return queryOptions({
    queryKey: [...apiAccessKeys.all, 'requests', query],
    queryFn: ({ signal }) => api.get<{ items: TApiRequest[]; nextCursor: string | null }>('/api/api-requests', { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function openApiQuery() {
  return queryOptions({
    queryKey: [...apiAccessKeys.all, 'openapi'],
    queryFn: ({ signal }) => api.get<Record<string, unknown>>('/v1/openapi.json', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

function useApiAccessMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: apiAccessKeys.all }) });
}

export const useCreateApiKey = () => useApiAccessMutation((body: TApiKeyBody) => api.post<TApiKeyCreated>('/api/api-keys', body));
export const useRevokeApiKey = () => useApiAccessMutation((id: string) => api.post<TApiKey>(`/api/api-keys/${enc(id)}/revoke`));
export const useRollApiKey = () =>
  useApiAccessMutation(({ id, graceHours }: { id: string; graceHours: number }) =>
    api.post<TApiKeyCreated>(`/api/api-keys/${enc(id)}/roll`, { graceHours }),
  );
export const useDeleteApiKey = () => useApiAccessMutation((id: string) => api.delete<{ ok: true }>(`/api/api-keys/${enc(id)}`));

// ---------------------------------------------------------------------------------------------
// Webhooks

export function webhookListQuery(query: Query) {
  return queryOptions({
    queryKey: [...apiAccessKeys.all, 'webhooks', query],
    queryFn: ({ signal }) => api.get<TPage<TWebhook>>('/api/webhooks', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function deliveryListQuery(webhookId: string, query: Query) {
  return queryOptions({
    queryKey: [...apiAccessKeys.all, 'deliveries', webhookId, query],
    queryFn: ({ signal }) => api.get<TPage<TWebhookDelivery>>(`/api/webhooks/${enc(webhookId)}/deliveries`, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export const useCreateWebhook = () => useApiAccessMutation((body: TWebhookBody) => api.post<TWebhookCreated>('/api/webhooks', body));
export const useUpdateWebhook = () =>
  useApiAccessMutation(({ id, body }: { id: string; body: TWebhookBody }) => api.put<TWebhook>(`/api/webhooks/${enc(id)}`, body));
export const useDeleteWebhook = () => useApiAccessMutation((id: string) => api.delete<{ ok: true }>(`/api/webhooks/${enc(id)}`));
export const useRotateWebhookSecret = () =>
  useApiAccessMutation((id: string) => api.post<TWebhookSecret>(`/api/webhooks/${enc(id)}/rotate-secret`));
export const useTestWebhook = () => useApiAccessMutation((id: string) => api.post<TTestResult>(`/api/webhooks/${enc(id)}/test`));
export const useReplayDelivery = () =>
  useApiAccessMutation(({ id, deliveryId }: { id: string; deliveryId: string }) =>
    api.post<unknown>(`/api/webhooks/${enc(id)}/deliveries/${enc(deliveryId)}/replay`),
  );
export const useReplayFailed = () =>
  useApiAccessMutation(({ id, since }: { id: string; since: string }) =>
    api.post<TReplayResult>(`/api/webhooks/${enc(id)}/replay`, { since }),
  );

// ---------------------------------------------------------------------------------------------
// Platform tokens (staff Admin): the provider's switch and SMS gateway posting to /ingest/v1

export function platformTokenListQuery() {
  return queryOptions({
    queryKey: [...apiAccessKeys.all, 'platform-tokens'],
    queryFn: ({ signal }) => api.get<TPlatformToken[]>('/api/platform-tokens', { signal }),
  });
}

export const useCreatePlatformToken = () =>
  useApiAccessMutation((body: TPlatformTokenBody) => api.post<TPlatformTokenCreated>('/api/platform-tokens', body));
export const useRevokePlatformToken = () =>
  useApiAccessMutation((id: string) => api.post<TPlatformToken>(`/api/platform-tokens/${enc(id)}/revoke`));

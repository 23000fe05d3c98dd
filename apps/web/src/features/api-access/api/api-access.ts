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
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { apiPath, listQuery, type ListQuery as Query, readQuery, useInvalidatingMutation } from '../../../lib/query.ts';

/** The API access feature's query keys. */
export const apiAccessKeys = { all: ['api-access'] as const };

export const apiKeyListQuery = (query: Query) => listQuery<TPage<TApiKey>>([...apiAccessKeys.all, 'keys', query], '/api/api-keys', query);

export const apiRequestListQuery = (query: Query, enabled = true) =>
  queryOptions({
    ...listQuery<{ items: TApiRequest[]; nextCursor: string | null }>(
      [...apiAccessKeys.all, 'requests', query],
      '/api/api-requests',
      query,
    ),
    enabled,
  });

export const openApiQuery = () =>
  readQuery<Record<string, unknown>>([...apiAccessKeys.all, 'openapi'], '/v1/openapi.json', { staleTime: Number.POSITIVE_INFINITY });

const useApiAccessMutation = <V, R>(mutationFn: (vars: V) => Promise<R>) => useInvalidatingMutation([apiAccessKeys.all], mutationFn);

export const useCreateApiKey = () => useApiAccessMutation((body: TApiKeyBody) => api.post<TApiKeyCreated>('/api/api-keys', body));
export const useRevokeApiKey = () => useApiAccessMutation((id: string) => api.post<TApiKey>(apiPath`/api/api-keys/${id}/revoke`));
export const useRollApiKey = () =>
  useApiAccessMutation(({ id, graceHours }: { id: string; graceHours: number }) =>
    api.post<TApiKeyCreated>(apiPath`/api/api-keys/${id}/roll`, { graceHours }),
  );
export const useDeleteApiKey = () => useApiAccessMutation((id: string) => api.delete<{ ok: true }>(apiPath`/api/api-keys/${id}`));

// ---------------------------------------------------------------------------------------------
// Webhooks

export const webhookListQuery = (query: Query) =>
  listQuery<TPage<TWebhook>>([...apiAccessKeys.all, 'webhooks', query], '/api/webhooks', query);

export const deliveryListQuery = (webhookId: string, query: Query) =>
  listQuery<TPage<TWebhookDelivery>>(
    [...apiAccessKeys.all, 'deliveries', webhookId, query],
    apiPath`/api/webhooks/${webhookId}/deliveries`,
    query,
  );

export const useCreateWebhook = () => useApiAccessMutation((body: TWebhookBody) => api.post<TWebhookCreated>('/api/webhooks', body));
export const useUpdateWebhook = () =>
  useApiAccessMutation(({ id, body }: { id: string; body: TWebhookBody }) => api.put<TWebhook>(apiPath`/api/webhooks/${id}`, body));
export const useDeleteWebhook = () => useApiAccessMutation((id: string) => api.delete<{ ok: true }>(apiPath`/api/webhooks/${id}`));
export const useRotateWebhookSecret = () =>
  useApiAccessMutation((id: string) => api.post<TWebhookSecret>(apiPath`/api/webhooks/${id}/rotate-secret`));
export const useTestWebhook = () => useApiAccessMutation((id: string) => api.post<TTestResult>(apiPath`/api/webhooks/${id}/test`));
export const useReplayDelivery = () =>
  useApiAccessMutation(({ id, deliveryId }: { id: string; deliveryId: string }) =>
    api.post<unknown>(apiPath`/api/webhooks/${id}/deliveries/${deliveryId}/replay`),
  );
export const useReplayFailed = () =>
  useApiAccessMutation(({ id, since }: { id: string; since: string }) =>
    api.post<TReplayResult>(apiPath`/api/webhooks/${id}/replay`, { since }),
  );

// ---------------------------------------------------------------------------------------------
// Platform tokens (staff Admin): the provider's switch and SMS gateway posting to /ingest/v1

export const platformTokenListQuery = () => readQuery<TPlatformToken[]>([...apiAccessKeys.all, 'platform-tokens'], '/api/platform-tokens');

export const useCreatePlatformToken = () =>
  useApiAccessMutation((body: TPlatformTokenBody) => api.post<TPlatformTokenCreated>('/api/platform-tokens', body));
export const useRevokePlatformToken = () =>
  useApiAccessMutation((id: string) => api.post<TPlatformToken>(apiPath`/api/platform-tokens/${id}/revoke`));

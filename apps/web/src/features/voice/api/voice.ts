import type { TPage } from '@portal/contract/common';
import type {
  TCdrPage,
  TCreateTrunkBody,
  TIpAddress,
  TRegisterIpBody,
  TTrunk,
  TUpdateIpBody,
  TUpdateTrunkBody,
  TVoiceAccount,
} from '@portal/contract/voice';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const VOICE_KEY = ['voice'] as const;
type Query = Record<string, string | number | undefined>;

/** An account's max concurrent voice channels (the banner above the voice tabs). */
export function channelAllocationQuery(accountId: string) {
  return queryOptions({
    queryKey: [...VOICE_KEY, 'channels', accountId],
    queryFn: ({ signal }) => api.get<TVoiceAccount>(`/api/voice/accounts/${encodeURIComponent(accountId)}/channels`, { signal }),
    enabled: Boolean(accountId),
  });
}

export function trunkListQuery(query: Query) {
  return queryOptions({
    queryKey: [...VOICE_KEY, 'trunks', query],
    queryFn: ({ signal }) => api.get<TPage<TTrunk>>('/api/voice/trunks', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function ipListQuery(query: Query) {
  return queryOptions({
    queryKey: [...VOICE_KEY, 'ips', query],
    queryFn: ({ signal }) => api.get<TPage<TIpAddress>>('/api/voice/ips', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export const platformIpsQuery = queryOptions({
  queryKey: [...VOICE_KEY, 'platform-ips'],
  queryFn: ({ signal }) =>
    api.get<{ items: { ipAddress: string; type: 'Inbound' | 'Outbound'; description: string }[] }>('/api/voice/platform-ips', { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export function cdrListQuery(query: Query) {
  return queryOptions({
    queryKey: [...VOICE_KEY, 'cdrs', query],
    queryFn: ({ signal }) => api.get<TCdrPage>('/api/voice/cdrs', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

function useInvalidateVoice() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: VOICE_KEY });
}

export function useCreateTrunk() {
  const invalidate = useInvalidateVoice();
  return useMutation({ mutationFn: (body: TCreateTrunkBody) => api.post<TTrunk>('/api/voice/trunks', body), onSuccess: invalidate });
}

export function useUpdateTrunk() {
  const invalidate = useInvalidateVoice();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TUpdateTrunkBody }) =>
      api.patch<TTrunk>(`/api/voice/trunks/${encodeURIComponent(id)}`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteTrunk() {
  const invalidate = useInvalidateVoice();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ ok: true }>(`/api/voice/trunks/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}

export function useRegisterIp() {
  const invalidate = useInvalidateVoice();
  return useMutation({ mutationFn: (body: TRegisterIpBody) => api.post<TIpAddress>('/api/voice/ips', body), onSuccess: invalidate });
}

export function useUpdateIp() {
  const invalidate = useInvalidateVoice();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TUpdateIpBody }) =>
      api.patch<TIpAddress>(`/api/voice/ips/${encodeURIComponent(id)}`, body),
    onSuccess: invalidate,
  });
}

export function useSetChannels() {
  const client = useQueryClient();
  return useMutation({
    // app/query-client.ts stales the accounts tables too (they show the allocation).
    mutationKey: [...VOICE_KEY, 'channels'],
    mutationFn: ({ accountId, maxVoiceChannels }: { accountId: string; maxVoiceChannels: number }) =>
      api.put<TVoiceAccount>(`/api/voice/accounts/${encodeURIComponent(accountId)}/channels`, { maxVoiceChannels }),
    onSuccess: (account) => client.setQueryData(channelAllocationQuery(account.id).queryKey, account),
  });
}

import type { TPage } from '@portal/contract/common';
import type { TCdrPage, TCreateTrunkBody, TIpAddress, TTrunk, TUpdateTrunkBody, TVoiceAccount } from '@portal/contract/voice';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const VOICE_KEY = ['voice'] as const;
type Query = Record<string, string | number | undefined>;

export function voiceAccountsQuery(customerId?: string) {
  return queryOptions({
    queryKey: [...VOICE_KEY, 'accounts', customerId ?? 'all'],
    queryFn: ({ signal }) => api.get<{ items: TVoiceAccount[] }>('/api/voice/accounts', { query: { customerId }, signal }),
    staleTime: 30_000,
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

export function useSetChannels() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, maxVoiceChannels }: { accountId: string; maxVoiceChannels: number }) =>
      api.put<TVoiceAccount>(`/api/voice/accounts/${encodeURIComponent(accountId)}/channels`, { maxVoiceChannels }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: [...VOICE_KEY, 'accounts'] }),
        client.invalidateQueries({ queryKey: ['accounts'] }),
      ]),
  });
}

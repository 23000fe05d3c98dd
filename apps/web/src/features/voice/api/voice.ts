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
import { api } from '../../../lib/api.ts';
import { apiPath, type ListQuery, listQuery, readQuery, useInvalidatingMutation, useSavingMutation } from '../../../lib/query.ts';

export const VOICE_KEY = ['voice'] as const;

/** An account's max concurrent voice channels (the banner above the voice tabs). */
export const channelAllocationQuery = (accountId: string) =>
  readQuery<TVoiceAccount>([...VOICE_KEY, 'channels', accountId], apiPath`/api/voice/accounts/${accountId}/channels`, {
    enabled: Boolean(accountId),
  });

export const trunkListQuery = (query: ListQuery) => listQuery<TPage<TTrunk>>([...VOICE_KEY, 'trunks', query], '/api/voice/trunks', query);
export const ipListQuery = (query: ListQuery) => listQuery<TPage<TIpAddress>>([...VOICE_KEY, 'ips', query], '/api/voice/ips', query);

export const platformIpsQuery = readQuery<{ items: { ipAddress: string; type: 'Inbound' | 'Outbound'; description: string }[] }>(
  [...VOICE_KEY, 'platform-ips'],
  '/api/voice/platform-ips',
  { staleTime: Number.POSITIVE_INFINITY },
);

export const cdrListQuery = (query: ListQuery) => listQuery<TCdrPage>([...VOICE_KEY, 'cdrs', query], '/api/voice/cdrs', query);

/** Every voice change reads the feature's queries again. */
const useVoiceMutation = <V, R>(mutationFn: (vars: V) => Promise<R>) => useInvalidatingMutation([VOICE_KEY], mutationFn);

export const useCreateTrunk = () => useVoiceMutation((body: TCreateTrunkBody) => api.post<TTrunk>('/api/voice/trunks', body));
export const useUpdateTrunk = () =>
  useVoiceMutation(({ id, body }: { id: string; body: TUpdateTrunkBody }) => api.patch<TTrunk>(apiPath`/api/voice/trunks/${id}`, body));
export const useDeleteTrunk = () => useVoiceMutation((id: string) => api.delete<{ ok: true }>(apiPath`/api/voice/trunks/${id}`));
export const useRegisterIp = () => useVoiceMutation((body: TRegisterIpBody) => api.post<TIpAddress>('/api/voice/ips', body));
export const useUpdateIp = () =>
  useVoiceMutation(({ id, body }: { id: string; body: TUpdateIpBody }) => api.patch<TIpAddress>(apiPath`/api/voice/ips/${id}`, body));

// app/query-client.ts stales the accounts tables too (they show the allocation).
export const useSetChannels = () =>
  useSavingMutation(
    ({ accountId, maxVoiceChannels }: { accountId: string; maxVoiceChannels: number }) =>
      api.put<TVoiceAccount>(apiPath`/api/voice/accounts/${accountId}/channels`, { maxVoiceChannels }),
    { cache: (account) => channelAllocationQuery(account.id).queryKey, mutationKey: [...VOICE_KEY, 'channels'] },
  );

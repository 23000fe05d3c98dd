import type { TPage } from '@portal/contract/common';
import type {
  TAssignNumbersBody,
  TChangePortingStatusBody,
  TCreatePortingBody,
  TInventoryList,
  TMoveNumbersBody,
  TNumberSummary,
  TNumbersChanged,
  TPhoneNumber,
  TPortability,
  TPortingDetail,
  TPortingRequest,
  TRemoveNumbersBody,
} from '@portal/contract/numbers';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { uploadFile } from '../../../lib/download.ts';
import { apiPath, type ListQuery, listQuery, readQuery, useInvalidatingMutation } from '../../../lib/query.ts';

export const NUMBERS_KEY = ['numbers'] as const;
export const PORTING_KEY = ['porting'] as const;

export const numberListQuery = (query: ListQuery) => listQuery<TPage<TPhoneNumber>>([...NUMBERS_KEY, 'list', query], '/api/numbers', query);

export const numberSummaryQuery = (scope: { customerId?: string | undefined; accountId?: string | undefined }) =>
  readQuery<TNumberSummary>([...NUMBERS_KEY, 'summary', scope], '/api/numbers/summary', { query: scope });

export const inventoryQuery = (query: { prefix?: string; type?: string; features?: string }) =>
  listQuery<TInventoryList>([...NUMBERS_KEY, 'inventory', query], '/api/numbers/inventory', { ...query, limit: 50 });

export const portingListQuery = (query: ListQuery) =>
  listQuery<TPage<TPortingRequest>>([...PORTING_KEY, 'list', query], '/api/porting', query);

export const portingDetailQuery = (id: string) => readQuery<TPortingDetail>([...PORTING_KEY, 'detail', id], apiPath`/api/porting/${id}`);

/** Every numbers or porting change reads both features' queries again. */
const useNumbersMutation = <V, R>(mutationFn: (vars: V) => Promise<R>) => useInvalidatingMutation([NUMBERS_KEY, PORTING_KEY], mutationFn);

export const useMoveNumbers = () => useNumbersMutation((body: TMoveNumbersBody) => api.post<TNumbersChanged>('/api/numbers/move', body));
export const useRemoveNumbers = () =>
  useNumbersMutation((body: TRemoveNumbersBody) => api.post<TNumbersChanged>('/api/numbers/remove', body));
export const useAssignNumbers = () =>
  useNumbersMutation((body: TAssignNumbersBody) => api.post<TNumbersChanged>('/api/numbers/assign', body));

export function useCheckPortability() {
  return useMutation({ mutationFn: (number: string) => api.post<TPortability>('/api/numbers/portability', { number }) });
}

export const useCreatePorting = () => useNumbersMutation((body: TCreatePortingBody) => api.post<TPortingDetail>('/api/porting', body));
export const useChangePortingStatus = (id: string) =>
  useNumbersMutation((body: TChangePortingStatusBody) => api.post<TPortingDetail>(apiPath`/api/porting/${id}/status`, body));
export const useUploadPortingDocument = (id: string) =>
  useNumbersMutation(({ file, kind }: { file: File; kind: string }) =>
    uploadFile<TPortingDetail>(apiPath`/api/porting/${id}/documents?kind=${kind}&fileName=${file.name}`, file),
  );

export const documentUrl = (requestId: string, documentId: string) => apiPath`/api/porting/${requestId}/documents/${documentId}`;

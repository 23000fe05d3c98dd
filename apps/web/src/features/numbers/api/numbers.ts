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
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { uploadFile } from '../../../lib/download.ts';

export const NUMBERS_KEY = ['numbers'] as const;
export const PORTING_KEY = ['porting'] as const;
type Query = Record<string, string | number | undefined>;

export function numberListQuery(query: Query) {
  return queryOptions({
    queryKey: [...NUMBERS_KEY, 'list', query],
    queryFn: ({ signal }) => api.get<TPage<TPhoneNumber>>('/api/numbers', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function numberSummaryQuery(scope: { customerId?: string | undefined; accountId?: string | undefined }) {
  return queryOptions({
    queryKey: [...NUMBERS_KEY, 'summary', scope],
    queryFn: ({ signal }) => api.get<TNumberSummary>('/api/numbers/summary', { query: scope, signal }),
  });
}

export function inventoryQuery(query: { prefix?: string; type?: string; features?: string }) {
  return queryOptions({
    queryKey: [...NUMBERS_KEY, 'inventory', query],
    queryFn: ({ signal }) => api.get<TInventoryList>('/api/numbers/inventory', { query: { ...query, limit: 50 }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function portingListQuery(query: Query) {
  return queryOptions({
    queryKey: [...PORTING_KEY, 'list', query],
    queryFn: ({ signal }) => api.get<TPage<TPortingRequest>>('/api/porting', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function portingDetailQuery(id: string) {
  return queryOptions({
    queryKey: [...PORTING_KEY, 'detail', id],
    queryFn: ({ signal }) => api.get<TPortingDetail>(`/api/porting/${encodeURIComponent(id)}`, { signal }),
  });
}

function useInvalidate() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: NUMBERS_KEY }), client.invalidateQueries({ queryKey: PORTING_KEY })]);
}

export function useMoveNumbers() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: TMoveNumbersBody) => api.post<TNumbersChanged>('/api/numbers/move', body),
    onSuccess: invalidate,
  });
}

export function useRemoveNumbers() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: TRemoveNumbersBody) => api.post<TNumbersChanged>('/api/numbers/remove', body),
    onSuccess: invalidate,
  });
}

export function useAssignNumbers() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: TAssignNumbersBody) => api.post<TNumbersChanged>('/api/numbers/assign', body),
    onSuccess: invalidate,
  });
}

export function useCheckPortability() {
  return useMutation({ mutationFn: (number: string) => api.post<TPortability>('/api/numbers/portability', { number }) });
}

export function useCreatePorting() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: TCreatePortingBody) => api.post<TPortingDetail>('/api/porting', body),
    onSuccess: invalidate,
  });
}

export function useChangePortingStatus(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: TChangePortingStatusBody) => api.post<TPortingDetail>(`/api/porting/${encodeURIComponent(id)}/status`, body),
    onSuccess: invalidate,
  });
}

export function useUploadPortingDocument(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ file, kind }: { file: File; kind: string }) =>
      uploadFile<TPortingDetail>(
        `/api/porting/${encodeURIComponent(id)}/documents?kind=${encodeURIComponent(kind)}&fileName=${encodeURIComponent(file.name)}`,
        file,
      ),
    onSuccess: invalidate,
  });
}

export const documentUrl = (requestId: string, documentId: string) =>
  `/api/porting/${encodeURIComponent(requestId)}/documents/${encodeURIComponent(documentId)}`;

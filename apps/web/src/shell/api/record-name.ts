import type { TRecordName } from '@portal/contract/shell';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import type { RecordCrumb } from '../../lib/route-handle.ts';

const PATHS: Record<RecordCrumb['record'], string> = { customer: 'customers', account: 'accounts', user: 'users' };

export function recordNameQuery(record: RecordCrumb['record'], id: string) {
  return queryOptions({
    queryKey: ['names', record, id],
    queryFn: ({ signal }) => api.get<TRecordName>(`/api/names/${PATHS[record]}/${encodeURIComponent(id)}`, { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useRecordName(record: RecordCrumb['record'], id: string) {
  return useQuery(recordNameQuery(record, id));
}

import { Badge, Stack, Text } from '@mantine/core';
import { API_STATUS_CLASSES, type TApiRequest, ZExportApiRequestsQuery, ZListApiRequestsQuery } from '@portal/contract/api-access';
import type { Column } from '../../../ui/data-table.tsx';
import { DateText } from '../../../ui/date-text.tsx';
import { optionsOf, SelectFilter } from '../../../ui/filter-bar.tsx';
import { DayRangeFilters, FilterGroup, RecordListCard, TextFilter, useRecordList } from '../../../ui/record-list.tsx';
import { ShortId } from '../../../ui/short-id.tsx';
import { apiRequestListQuery } from '../api/api-access.ts';
import type { ApiScope } from '../api-scope.ts';

const FILTERS = { statusClass: '', method: '', endpoint: '', startDate: '', endDate: '' };
const STATUS_OPTIONS = optionsOf(API_STATUS_CLASSES, { all: 'All statuses' });
const METHOD_OPTIONS = optionsOf(['GET', 'POST'], { all: 'All methods' });
const TEXTS = { label: 'API requests', emptyText: 'No requests found matching your criteria', noun: 'requests' };
const EXPORT = {
  label: 'Export',
  path: '/api/api-requests/export',
  fallbackName: 'api-requests.csv',
  noun: 'requests',
  schema: ZExportApiRequestsQuery,
};
const statusColour = (code: number) => (code < 300 ? 'green' : code === 429 ? 'orange' : code < 500 ? 'yellow' : 'red');

/** Usage: the public API's request log (timestamp, endpoint, method, status text, response time, key, request id). */
export function UsageTab({ scope }: { scope: ApiScope }) {
  const records = useRecordList({ filters: FILTERS, prefix: 'req' }, { schema: ZListApiRequestsQuery, query: apiRequestListQuery, scope });
  const { field } = records;

  const columns: Column<TApiRequest>[] = [
    { key: 'time', header: 'Timestamp', kind: 'figure', render: (r) => <DateText value={r.createdAt} format="stacked" /> },
    { key: 'method', header: 'Method', nowrap: true, render: (r) => r.method },
    { key: 'endpoint', header: 'Endpoint', kind: 'name', maxWidth: 180, render: (r) => r.endpoint },
    {
      key: 'status',
      header: 'Status',
      kind: 'badge',
      render: (r) => (
        <Badge variant="light" color={statusColour(r.statusCode)} tt="none">
          {r.status}
        </Badge>
      ),
    },
    { key: 'ms', header: 'Response Time', wrapHeader: true, kind: 'figure', align: 'right', render: (r) => `${r.responseMs} ms` },
    {
      key: 'key',
      header: 'Key',
      kind: 'name',
      maxWidth: 170,
      // the key's account under it when the list spans accounts
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm" truncate>
            {r.keyName ?? 'Deleted key'}
          </Text>
          {scope.showAccount && (
            <Text size="xs" c="dimmed" truncate>
              {r.accountName}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'requestId', header: 'Request ID', kind: 'id', render: (r) => (r.requestId ? <ShortId value={r.requestId} /> : '') },
  ];

  return (
    <RecordListCard records={records} columns={columns} texts={TEXTS} exportAs={EXPORT}>
      <FilterGroup>
        <SelectFilter label="Status" w={140} data={STATUS_OPTIONS} {...field('statusClass')} />
        <SelectFilter label="Method" w={130} data={METHOD_OPTIONS} {...field('method')} />
        <TextFilter label="Endpoint" placeholder="e.g. /v1/messages" {...field('endpoint')} />
      </FilterGroup>
      <DayRangeFilters start={field('startDate')} end={field('endDate')} />
    </RecordListCard>
  );
}

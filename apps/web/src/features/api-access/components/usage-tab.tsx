import { Alert, Badge, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { API_STATUS_CLASSES, type TApiRequest, ZExportApiRequestsQuery, ZListApiRequestsQuery } from '@portal/contract/api-access';
import { useMemo } from 'react';
import { toQueryString } from '../../../lib/download.ts';
import { type Column, DataTable } from '../../../ui/data-table.tsx';
import { DateText } from '../../../ui/date-text.tsx';
import { ExportButton } from '../../../ui/export-button.tsx';
import { FilterBar, SelectFilter } from '../../../ui/filter-bar.tsx';
import { DayFilter, KeysetPager, LoadingDataOverlay, TextFilter, useRecordQuery } from '../../../ui/record-list.tsx';
import { ShortId } from '../../../ui/short-id.tsx';
import { useListState } from '../../../ui/use-list-state.ts';
import { apiRequestListQuery } from '../api/api-access.ts';
import type { ApiScope } from '../api-scope.ts';

const FILTERS = { statusClass: '', method: '', endpoint: '', startDate: '', endDate: '' };
const FIELDS = new Set(Object.keys(FILTERS));
const STATUS_OPTIONS = [{ value: '', label: 'All statuses' }, ...API_STATUS_CLASSES.map((c) => ({ value: c, label: c }))];
const METHOD_OPTIONS = [{ value: '', label: 'All methods' }, ...['GET', 'POST'].map((m) => ({ value: m, label: m }))];
const statusColour = (code: number) => (code < 300 ? 'green' : code === 429 ? 'orange' : code < 500 ? 'yellow' : 'red');

/** Usage: the public API's request log (timestamp, endpoint, method, status text, response time, key, request id). */
export function UsageTab({ scope }: { scope: ApiScope }) {
  const list = useListState({ filters: FILTERS, prefix: 'req' });
  const filters = useMemo(
    () => ({ ...list.filters, customerId: scope.customerId, accountId: scope.accountId }),
    [list.filters, scope.customerId, scope.accountId],
  );
  const cursors = list.cursors;
  const { check, rows, problem, data, isFetching, isPlaceholderData } = useRecordQuery(
    cursors,
    filters,
    ZListApiRequestsQuery,
    FIELDS,
    apiRequestListQuery,
  );

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
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <FilterBar
          actions={
            <ExportButton
              label="Export"
              url={`/api/api-requests/export${toQueryString(filters)}`}
              fallbackName="api-requests.csv"
              noun="requests"
              disabled={!check.ok}
              check={() => ZExportApiRequestsQuery.safeParse(filters).error?.issues[0]?.message}
            />
          }
        >
          <Group gap="sm" align="flex-start" wrap="wrap">
            <Group gap="sm" align="flex-start" wrap="nowrap">
              <SelectFilter
                label="Status"
                w={140}
                data={STATUS_OPTIONS}
                {...list.filter('statusClass')}
                error={check.fieldErrors.statusClass}
              />
              <SelectFilter label="Method" w={130} data={METHOD_OPTIONS} {...list.filter('method')} error={check.fieldErrors.method} />
              <TextFilter
                label="Endpoint"
                placeholder="e.g. /v1/messages"
                {...list.filter('endpoint')}
                error={check.fieldErrors.endpoint}
              />
            </Group>
            <Group gap="sm" align="flex-start" wrap="nowrap">
              <DayFilter label="Start Date" {...list.filter('startDate')} error={check.fieldErrors.startDate} />
              <DayFilter label="End Date" {...list.filter('endDate')} error={check.fieldErrors.endDate} />
            </Group>
          </Group>
        </FilterBar>
        {problem && <Alert color="red">{problem}</Alert>}
        <Box pos="relative">
          <LoadingDataOverlay visible={check.ok && isFetching && isPlaceholderData} />
          <DataTable
            label="API requests"
            columns={columns}
            rows={rows}
            rowKey={(r) => r.id}
            loading={check.ok && isFetching && !data}
            emptyText="No requests found matching your criteria"
          />
        </Box>
        <KeysetPager
          cursors={cursors}
          setCursors={list.setCursors}
          nextCursor={data?.nextCursor}
          count={rows?.length}
          noun="requests"
          disabled={!check.ok || isFetching}
        />
      </Stack>
    </Paper>
  );
}

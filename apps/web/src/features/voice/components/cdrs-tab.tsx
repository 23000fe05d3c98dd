import { Alert, Box, Group, Paper, Stack } from '@mantine/core';
import { type TCdr, ZExportCdrsQuery, ZListCdrsQuery } from '@portal/contract/voice';
import { useMemo } from 'react';
import { toQueryString } from '../../../lib/download.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { type Column, DataTable } from '../../../ui/data-table.tsx';
import { ExportButton } from '../../../ui/export-button.tsx';
import { FilterBar } from '../../../ui/filter-bar.tsx';
import { MoneyText } from '../../../ui/money-text.tsx';
import { PhoneText } from '../../../ui/phone-text.tsx';
import { DayFilter, KeysetPager, LoadingDataOverlay, TextFilter, useRecordQuery } from '../../../ui/record-list.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { useListState } from '../../../ui/use-list-state.ts';
import { cdrListQuery } from '../api/voice.ts';

const FILTERS = { from: '', to: '', startDate: '', endDate: '' };
/** The filters shown as fields: the contract's problems with them are shown on them. */
const FIELDS = new Set(Object.keys(FILTERS));
const hms = (s: number) => [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60].map((n) => String(n).padStart(2, '0')).join(':');
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** CDRs: From/To substring, Start/End date (end inclusive), cursor paging (Next/Previous), Export to CSV with progress. */
export function CdrsTab({ scope }: { scope: { customerId?: string | undefined; accountId?: string | undefined; showAccount: boolean } }) {
  const list = useListState({ filters: FILTERS, prefix: 'cdr' });
  const filters = useMemo(
    () => ({ ...list.filters, customerId: scope.customerId, accountId: scope.accountId, tz: timeZone() }),
    [list.filters, scope.customerId, scope.accountId],
  );
  // The cursors of the pages before this one live in the URL (reload and Back keep the page); a
  // filter change drops them, an account change too (the voice page keeps only the tab and account).
  const cursors = list.cursors;
  const { check, rows, problem, data, isFetching, isPlaceholderData } = useRecordQuery(
    cursors,
    filters,
    ZListCdrsQuery,
    FIELDS,
    cdrListQuery,
  );

  const columns: Column<TCdr>[] = [
    { key: 'time', header: 'Date/Time', kind: 'figure', render: (c) => formatDateTime(c.startedAt) },
    { key: 'from', header: 'From', kind: 'figure', render: (c) => <PhoneText value={c.fromNumber} /> },
    { key: 'to', header: 'To', kind: 'figure', render: (c) => <PhoneText value={c.toNumber} /> },
    ...(scope.showAccount
      ? [{ key: 'account', header: 'Account', kind: 'name' as const, maxWidth: 200, render: (c: TCdr) => c.accountName }]
      : []),
    { key: 'duration', header: 'Duration', kind: 'figure', render: (c) => hms(c.durationSeconds) },
    { key: 'status', header: 'Status', kind: 'badge', render: (c) => <StatusBadge status={c.status} /> },
    { key: 'direction', header: 'Direction', render: (c) => c.direction },
    { key: 'cost', header: 'Cost', align: 'right', kind: 'figure', render: (c) => <MoneyText value={c.cost} /> },
  ];

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <FilterBar
          actions={
            <ExportButton
              label="Export to CSV"
              url={`/api/voice/cdrs/export${toQueryString(filters)}`}
              fallbackName="cdrs.csv"
              noun="CDRs"
              // the list's problems are already on their fields: one message is enough
              disabled={!check.ok}
              check={() => ZExportCdrsQuery.safeParse(filters).error?.issues[0]?.message}
            />
          }
        >
          {/* top-aligned, so a field's message below it moves no other field; in pairs, so a narrow screen wraps them two by two */}
          <Group gap="sm" align="flex-start" wrap="wrap">
            <Group gap="sm" align="flex-start" wrap="nowrap">
              <TextFilter label="From Number" {...list.filter('from')} error={check.fieldErrors.from} />
              <TextFilter label="To Number" {...list.filter('to')} error={check.fieldErrors.to} />
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
            label="CDRs"
            columns={columns}
            rows={rows}
            rowKey={(c) => c.id}
            loading={check.ok && isFetching && !data}
            emptyText="No CDRs found matching your criteria"
          />
        </Box>
        <KeysetPager
          cursors={cursors}
          setCursors={list.setCursors}
          nextCursor={data?.nextCursor}
          count={rows?.length}
          noun="records"
          disabled={!check.ok || isFetching}
        />
      </Stack>
    </Paper>
  );
}

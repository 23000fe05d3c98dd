import { Alert, Box, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { type TCdr, ZExportCdrsQuery, ZListCdrsQuery } from '@portal/contract/voice';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { toQueryString } from '../../../lib/download.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { type Column, DataTable } from '../../../ui/data-table.tsx';
import { ExportButton } from '../../../ui/export-button.tsx';
import { FilterBar } from '../../../ui/filter-bar.tsx';
import { MoneyText } from '../../../ui/money-text.tsx';
import { PhoneText } from '../../../ui/phone-text.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { useListState } from '../../../ui/use-list-state.ts';
import { cdrListQuery } from '../api/voice.ts';
import { LoadingDataOverlay } from './loading-data-overlay.tsx';

const FILTERS = { from: '', to: '', startDate: '', endDate: '' };
const PAGE_SIZE = 50;
const hms = (s: number) => [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60].map((n) => String(n).padStart(2, '0')).join(':');
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** A text box that reports after a pause, like SearchFilter, with a label. */
function NumberFilter({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const t = setTimeout(() => onChange(text), 300);
    return () => clearTimeout(t);
  }, [text, value, onChange]);
  return (
    <TextInput label={label} placeholder="Any part of the number" value={text} onChange={(e) => setText(e.currentTarget.value)} w={190} />
  );
}

/** CDRs: From/To substring, Start/End date (end inclusive), cursor paging (Next/Previous), Export to CSV with progress. */
export function CdrsTab({ scope }: { scope: { customerId?: string | undefined; accountId?: string | undefined; showAccount: boolean } }) {
  const list = useListState({ filters: FILTERS, prefix: 'cdr' });
  const filters = useMemo(
    () => ({ ...list.filters, customerId: scope.customerId, accountId: scope.accountId, tz: timeZone() }),
    [list.filters, scope.customerId, scope.accountId],
  );
  const filterKey = JSON.stringify(filters);
  // the cursors of the pages before this one; a filter change starts again from the newest
  const [paging, setPaging] = useState<{ key: string; cursors: (string | null)[] }>({ key: filterKey, cursors: [null] });
  const cursors = paging.key === filterKey ? paging.cursors : [null];
  const setCursors = (next: (string | null)[]) => setPaging({ key: filterKey, cursors: next });
  const cursor = cursors[cursors.length - 1] ?? null;
  const { data, isFetching, isPlaceholderData, error } = useQuery(
    cdrListQuery({ ...filters, limit: PAGE_SIZE, cursor: cursor ?? undefined }),
  );
  // The contract's checks of the dates: their order for the list, both of them for the export.
  const firstProblem = (schema: typeof ZListCdrsQuery | typeof ZExportCdrsQuery) => schema.safeParse(filters).error?.issues[0]?.message;
  const dateError = firstProblem(ZListCdrsQuery);

  const columns: Column<TCdr>[] = [
    { key: 'time', header: 'Date/Time', render: (c) => formatDateTime(c.startedAt) },
    { key: 'from', header: 'From', render: (c) => <PhoneText value={c.fromNumber} /> },
    { key: 'to', header: 'To', render: (c) => <PhoneText value={c.toNumber} /> },
    ...(scope.showAccount ? [{ key: 'account', header: 'Account', render: (c: TCdr) => c.accountName }] : []),
    { key: 'duration', header: 'Duration', render: (c) => hms(c.durationSeconds) },
    { key: 'status', header: 'Status', render: (c) => <StatusBadge status={c.status} /> },
    { key: 'direction', header: 'Direction', render: (c) => c.direction },
    { key: 'cost', header: 'Cost', align: 'right', render: (c) => <MoneyText value={c.cost} /> },
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
              check={() => firstProblem(ZExportCdrsQuery)}
            />
          }
        >
          <NumberFilter label="From Number" {...list.filter('from')} />
          <NumberFilter label="To Number" {...list.filter('to')} />
          <TextInput
            type="date"
            label="Start Date"
            value={list.filters.startDate}
            onChange={(e) => list.setFilter('startDate', e.currentTarget.value)}
            w={170}
          />
          <TextInput
            type="date"
            label="End Date"
            value={list.filters.endDate}
            onChange={(e) => list.setFilter('endDate', e.currentTarget.value)}
            error={dateError}
            w={170}
          />
        </FilterBar>
        {error && !dateError && <Alert color="red">{(error as Error).message}</Alert>}
        <Box pos="relative">
          <LoadingDataOverlay visible={isFetching && isPlaceholderData} />
          <DataTable
            label="CDRs"
            columns={columns}
            rows={data?.items}
            rowKey={(c) => c.id}
            loading={isFetching && !data}
            emptyText="No CDRs found matching your criteria"
          />
        </Box>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Page {cursors.length}
            {data ? ` · ${data.items.length} records` : ''}
          </Text>
          <Group gap="xs">
            <Button variant="default" size="xs" disabled={cursors.length === 1} onClick={() => setCursors(cursors.slice(0, -1))}>
              Previous
            </Button>
            <Button
              variant="default"
              size="xs"
              disabled={!data?.nextCursor || isFetching}
              onClick={() => data?.nextCursor && setCursors([...cursors, data.nextCursor])}
            >
              Next
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}

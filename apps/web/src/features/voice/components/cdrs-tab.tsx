import '@mantine/dates/styles.css';
import { Alert, Box, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
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
/** The filters shown as fields: the contract's problems with them are shown on them. */
const FIELDS = new Set(Object.keys(FILTERS));
const PAGE_SIZE = 50;
const hms = (s: number) => [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60].map((n) => String(n).padStart(2, '0')).join(':');
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A labelled filter field bound with list.filter(name), with the contract's message for it. */
type FilterFieldProps = { label: string; value: string; onChange: (v: string) => void; error?: string | undefined };

/** A text box that reports after a pause, like SearchFilter, with a label. */
function NumberFilter({ label, value, onChange, error }: FilterFieldProps) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const t = setTimeout(() => onChange(text), 300);
    return () => clearTimeout(t);
  }, [text, value, onChange]);
  return (
    <TextInput
      label={label}
      placeholder="Part of the number"
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      error={error}
      w={180}
    />
  );
}

/** A calendar day, 'YYYY-MM-DD' in the URL, picked from Mantine's calendar and clearable. */
function DayFilter({ label, value, onChange, error }: FilterFieldProps) {
  return (
    <DatePickerInput
      label={label}
      placeholder="Any day"
      valueFormat="MM/DD/YYYY"
      // a day the URL spells wrongly is left empty, with the contract's message on the field
      value={ISO_DAY.test(value) ? value : null}
      onChange={(v) => onChange(v ?? '')}
      error={error}
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${label}` }}
      ariaLabels={{
        previousMonth: 'Previous month',
        nextMonth: 'Next month',
        previousYear: 'Previous year',
        nextYear: 'Next year',
        previousDecade: 'Previous decade',
        nextDecade: 'Next decade',
        monthLevelControl: 'Choose a month',
        yearLevelControl: 'Choose a year',
      }}
      w={150}
    />
  );
}

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
  const cursor = cursors[cursors.length - 1];
  const query = { ...filters, limit: PAGE_SIZE, cursor };
  // The contract's checks (the dates' order, the numbers' length): a query it refuses is not sent,
  // and each problem is shown once, on its field.
  const check = ZListCdrsQuery.safeParse(query);
  const fieldErrors: Record<string, string> = {};
  let otherProblem: string | undefined;
  for (const issue of check.error?.issues ?? []) {
    const field = String(issue.path[0] ?? '');
    if (FIELDS.has(field)) fieldErrors[field] ??= issue.message;
    else otherProblem ??= issue.message;
  }
  const { data, isFetching, isPlaceholderData, error } = useQuery({ ...cdrListQuery(query), enabled: check.success });
  // nothing matches criteria the contract refuses (an end before the start)
  const rows = check.success ? data?.items : [];
  const problem = otherProblem ?? (check.success && error ? (error as Error).message : undefined);

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
              disabled={!check.success}
              check={() => ZExportCdrsQuery.safeParse(filters).error?.issues[0]?.message}
            />
          }
        >
          {/* top-aligned, so a field's message below it moves no other field; in pairs, so a narrow screen wraps them two by two */}
          <Group gap="sm" align="flex-start" wrap="wrap">
            <Group gap="sm" align="flex-start" wrap="nowrap">
              <NumberFilter label="From Number" {...list.filter('from')} error={fieldErrors.from} />
              <NumberFilter label="To Number" {...list.filter('to')} error={fieldErrors.to} />
            </Group>
            <Group gap="sm" align="flex-start" wrap="nowrap">
              <DayFilter label="Start Date" {...list.filter('startDate')} error={fieldErrors.startDate} />
              <DayFilter label="End Date" {...list.filter('endDate')} error={fieldErrors.endDate} />
            </Group>
          </Group>
        </FilterBar>
        {problem && <Alert color="red">{problem}</Alert>}
        <Box pos="relative">
          <LoadingDataOverlay visible={check.success && isFetching && isPlaceholderData} />
          <DataTable
            label="CDRs"
            columns={columns}
            rows={rows}
            rowKey={(c) => c.id}
            loading={check.success && isFetching && !data}
            emptyText="No CDRs found matching your criteria"
          />
        </Box>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Page {cursors.length + 1}
            {rows ? ` · ${rows.length} records` : ''}
          </Text>
          <Group gap="xs">
            <Button variant="default" size="xs" disabled={cursors.length === 0} onClick={() => list.setCursors(cursors.slice(0, -1))}>
              Previous
            </Button>
            <Button
              variant="default"
              size="xs"
              disabled={!check.success || !data?.nextCursor || isFetching}
              onClick={() => data?.nextCursor && list.setCursors([...cursors, data.nextCursor])}
            >
              Next
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}

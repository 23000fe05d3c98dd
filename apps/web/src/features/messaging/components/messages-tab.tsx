import '@mantine/dates/styles.css';
import { Alert, Box, Button, Group, LoadingOverlay, Paper, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { MESSAGE_STATUSES, MESSAGE_TYPES, type TMessage, ZExportMessagesQuery, ZListMessagesQuery } from '@portal/contract/messaging';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { toQueryString } from '../../../lib/download.ts';
import { type Column, DataTable } from '../../../ui/data-table.tsx';
import { DateText } from '../../../ui/date-text.tsx';
import { ExportButton } from '../../../ui/export-button.tsx';
import { FilterBar, SelectFilter } from '../../../ui/filter-bar.tsx';
import { PhoneText } from '../../../ui/phone-text.tsx';
import { ShortId } from '../../../ui/short-id.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { useListState } from '../../../ui/use-list-state.ts';
import { messageListQuery } from '../api/messaging.ts';

const FILTERS = { status: '', type: '', from: '', to: '', startDate: '', endDate: '' };
/** The filters shown as fields: the contract's problems with them are shown on them. */
const FIELDS = new Set(Object.keys(FILTERS));
const PAGE_SIZE = 50;
const STATUS_OPTIONS = [{ value: '', label: 'All statuses' }, ...MESSAGE_STATUSES.map((s) => ({ value: s, label: s }))];
const TYPE_OPTIONS = [{ value: '', label: 'All types' }, ...MESSAGE_TYPES.map((t) => ({ value: t, label: t }))];
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Sub-cent costs as they are billed: $0.0075, $0.02. */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 4 });

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
      w={170}
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

/**
 * Delivery reports / message log: Status, Type, From/To substring, Start/End date (end inclusive),
 * cursor paging (Next/Previous, the cursors in the URL), Export to CSV with the same filters.
 */
export function MessagesTab({
  scope,
}: {
  scope: { customerId?: string | undefined; accountId?: string | undefined; showAccount: boolean };
}) {
  const list = useListState({ filters: FILTERS, prefix: 'msg' });
  const filters = useMemo(
    () => ({ ...list.filters, customerId: scope.customerId, accountId: scope.accountId, tz: timeZone() }),
    [list.filters, scope.customerId, scope.accountId],
  );
  // The cursors of the pages before this one live in the URL (reload and Back keep the page); a filter change drops them.
  const cursors = list.cursors;
  const cursor = cursors[cursors.length - 1];
  const query = { ...filters, limit: PAGE_SIZE, cursor };
  // The contract's checks (the dates' order, the statuses, the numbers' length): a query it refuses
  // is not sent, and each problem is shown once, on its field.
  const check = ZListMessagesQuery.safeParse(query);
  const fieldErrors: Record<string, string> = {};
  let otherProblem: string | undefined;
  for (const issue of check.error?.issues ?? []) {
    const field = String(issue.path[0] ?? '');
    if (FIELDS.has(field)) fieldErrors[field] ??= issue.message;
    else otherProblem ??= issue.message;
  }
  const { data, isFetching, isPlaceholderData, error } = useQuery(messageListQuery(query, check.success));
  // nothing matches criteria the contract refuses (an end before the start)
  const rows = check.success ? data?.items : [];
  const problem = otherProblem ?? (check.success && error ? (error as Error).message : undefined);

  const columns: Column<TMessage>[] = [
    { key: 'messageId', header: 'Message ID', kind: 'id', render: (m) => <ShortId value={m.messageId} /> },
    ...(scope.showAccount
      ? [{ key: 'account', header: 'Account', kind: 'name' as const, maxWidth: 170, render: (m: TMessage) => m.accountName }]
      : []),
    { key: 'from', header: 'From', kind: 'figure', render: (m) => <PhoneText value={m.fromNumber} /> },
    { key: 'to', header: 'To', kind: 'figure', render: (m) => <PhoneText value={m.toNumber} /> },
    {
      key: 'type',
      header: 'Type',
      nowrap: true,
      // an SMS's segments beside its type (what it was billed for); an MMS is one message
      render: (m) =>
        m.type === 'SMS' ? (
          <span>
            SMS{' '}
            <Text span size="xs" c="dimmed" aria-label={`${m.segments} segment${m.segments === 1 ? '' : 's'}`}>
              ×{m.segments}
            </Text>
          </span>
        ) : (
          m.type
        ),
    },
    { key: 'status', header: 'Status', kind: 'badge', render: (m) => <StatusBadge status={m.status} /> },
    { key: 'cost', header: 'Cost', align: 'right', kind: 'figure', render: (m) => usd.format(m.cost) },
    { key: 'date', header: 'Date', kind: 'figure', render: (m) => <DateText value={m.sentAt} format="stacked" /> },
  ];

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <FilterBar
          actions={
            <ExportButton
              label="Export to CSV"
              url={`/api/messaging/messages/export${toQueryString(filters)}`}
              fallbackName="messages.csv"
              noun="messages"
              // the list's problems are already on their fields: one message is enough
              disabled={!check.success}
              check={() => ZExportMessagesQuery.safeParse(filters).error?.issues[0]?.message}
            />
          }
        >
          {/* top-aligned, so a field's message below it moves no other field; in pairs, so a narrow screen wraps them two by two */}
          <Group gap="sm" align="flex-start" wrap="wrap">
            <Group gap="sm" align="flex-start" wrap="nowrap">
              <SelectFilter label="Status" w={150} data={STATUS_OPTIONS} {...list.filter('status')} error={fieldErrors.status} />
              <SelectFilter label="Type" w={120} data={TYPE_OPTIONS} {...list.filter('type')} error={fieldErrors.type} />
            </Group>
            <Group gap="sm" align="flex-start" wrap="nowrap">
              <NumberFilter label="From" {...list.filter('from')} error={fieldErrors.from} />
              <NumberFilter label="To" {...list.filter('to')} error={fieldErrors.to} />
            </Group>
            <Group gap="sm" align="flex-start" wrap="nowrap">
              <DayFilter label="Start Date" {...list.filter('startDate')} error={fieldErrors.startDate} />
              <DayFilter label="End Date" {...list.filter('endDate')} error={fieldErrors.endDate} />
            </Group>
          </Group>
        </FilterBar>
        {problem && <Alert color="red">{problem}</Alert>}
        <Box pos="relative">
          <LoadingOverlay
            visible={check.success && isFetching && isPlaceholderData}
            loaderProps={{ children: <Text fw={500}>Loading data...</Text> }}
          />
          <DataTable
            label="Messages"
            columns={columns}
            rows={rows}
            rowKey={(m) => m.id}
            loading={check.success && isFetching && !data}
            emptyText="No messages found matching your criteria"
          />
        </Box>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Page {cursors.length + 1}
            {rows ? ` · ${rows.length} messages` : ''}
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

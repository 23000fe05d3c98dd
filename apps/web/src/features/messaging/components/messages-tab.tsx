import { Alert, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { MESSAGE_STATUSES, MESSAGE_TYPES, type TMessage, ZExportMessagesQuery, ZListMessagesQuery } from '@portal/contract/messaging';
import { useMemo } from 'react';
import { toQueryString } from '../../../lib/download.ts';
import { type Column, DataTable } from '../../../ui/data-table.tsx';
import { DateText } from '../../../ui/date-text.tsx';
import { ExportButton } from '../../../ui/export-button.tsx';
import { FilterBar, SelectFilter } from '../../../ui/filter-bar.tsx';
import { PhoneText } from '../../../ui/phone-text.tsx';
import { DayFilter, KeysetPager, LoadingDataOverlay, TextFilter, useRecordQuery } from '../../../ui/record-list.tsx';
import { ShortId } from '../../../ui/short-id.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { useListState } from '../../../ui/use-list-state.ts';
import { messageListQuery } from '../api/messaging.ts';

const FILTERS = { status: '', type: '', from: '', to: '', startDate: '', endDate: '' };
/** The filters shown as fields: the contract's problems with them are shown on them. */
const FIELDS = new Set(Object.keys(FILTERS));
const STATUS_OPTIONS = [{ value: '', label: 'All statuses' }, ...MESSAGE_STATUSES.map((s) => ({ value: s, label: s }))];
const TYPE_OPTIONS = [{ value: '', label: 'All types' }, ...MESSAGE_TYPES.map((t) => ({ value: t, label: t }))];
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
/** Sub-cent costs as they are billed: $0.0075, $0.02. */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 4 });

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
  const { check, rows, problem, data, isFetching, isPlaceholderData } = useRecordQuery(
    cursors,
    filters,
    ZListMessagesQuery,
    FIELDS,
    messageListQuery,
  );

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
              disabled={!check.ok}
              check={() => ZExportMessagesQuery.safeParse(filters).error?.issues[0]?.message}
            />
          }
        >
          {/* top-aligned, so a field's message below it moves no other field; in pairs, so a narrow screen wraps them two by two */}
          <Group gap="sm" align="flex-start" wrap="wrap">
            <Group gap="sm" align="flex-start" wrap="nowrap">
              <SelectFilter label="Status" w={150} data={STATUS_OPTIONS} {...list.filter('status')} error={check.fieldErrors.status} />
              <SelectFilter label="Type" w={120} data={TYPE_OPTIONS} {...list.filter('type')} error={check.fieldErrors.type} />
            </Group>
            <Group gap="sm" align="flex-start" wrap="nowrap">
              <TextFilter label="From" {...list.filter('from')} error={check.fieldErrors.from} />
              <TextFilter label="To" {...list.filter('to')} error={check.fieldErrors.to} />
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
            label="Messages"
            columns={columns}
            rows={rows}
            rowKey={(m) => m.id}
            loading={check.ok && isFetching && !data}
            emptyText="No messages found matching your criteria"
          />
        </Box>
        <KeysetPager
          cursors={cursors}
          setCursors={list.setCursors}
          nextCursor={data?.nextCursor}
          count={rows?.length}
          noun="messages"
          disabled={!check.ok || isFetching}
        />
      </Stack>
    </Paper>
  );
}

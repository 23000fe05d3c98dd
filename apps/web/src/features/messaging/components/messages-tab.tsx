import { Text } from '@mantine/core';
import { MESSAGE_STATUSES, MESSAGE_TYPES, type TMessage, ZExportMessagesQuery, ZListMessagesQuery } from '@portal/contract/messaging';
import type { Column } from '../../../ui/data-table.tsx';
import { DateText } from '../../../ui/date-text.tsx';
import { optionsOf, SelectFilter } from '../../../ui/filter-bar.tsx';
import { PhoneText } from '../../../ui/phone-text.tsx';
import { DayRangeFilters, FilterGroup, RecordListCard, TextFilter, useRecordList } from '../../../ui/record-list.tsx';
import { ShortId } from '../../../ui/short-id.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { messageListQuery } from '../api/messaging.ts';

const FILTERS = { status: '', type: '', from: '', to: '', startDate: '', endDate: '' };
const STATUS_OPTIONS = optionsOf(MESSAGE_STATUSES, { all: 'All statuses' });
const TYPE_OPTIONS = optionsOf(MESSAGE_TYPES, { all: 'All types' });
/** Sub-cent costs as they are billed: $0.0075, $0.02. */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 4 });
const TEXTS = { label: 'Messages', emptyText: 'No messages found matching your criteria', noun: 'messages' };
const EXPORT = {
  path: '/api/messaging/messages/export',
  fallbackName: 'messages.csv',
  noun: 'messages',
  schema: ZExportMessagesQuery,
};

/**
 * Delivery reports / message log: Status, Type, From/To substring, Start/End date (end inclusive),
 * cursor paging (Next/Previous, the cursors in the URL), Export to CSV with the same filters.
 */
export function MessagesTab({
  scope,
}: {
  scope: { customerId?: string | undefined; accountId?: string | undefined; showAccount: boolean };
}) {
  const records = useRecordList(
    { filters: FILTERS, prefix: 'msg' },
    { schema: ZListMessagesQuery, query: messageListQuery, scope, timeZone: true },
  );
  const { field } = records;

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
    <RecordListCard records={records} columns={columns} texts={TEXTS} exportAs={EXPORT}>
      <FilterGroup>
        <SelectFilter label="Status" w={150} data={STATUS_OPTIONS} {...field('status')} />
        <SelectFilter label="Type" w={120} data={TYPE_OPTIONS} {...field('type')} />
      </FilterGroup>
      <FilterGroup>
        <TextFilter label="From" {...field('from')} />
        <TextFilter label="To" {...field('to')} />
      </FilterGroup>
      <DayRangeFilters start={field('startDate')} end={field('endDate')} />
    </RecordListCard>
  );
}

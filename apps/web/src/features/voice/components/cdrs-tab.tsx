import { type TCdr, ZExportCdrsQuery, ZListCdrsQuery } from '@portal/contract/voice';
import { formatDateTime } from '../../../lib/format.ts';
import type { Column } from '../../../ui/data-table.tsx';
import { MoneyText } from '../../../ui/money-text.tsx';
import { PhoneText } from '../../../ui/phone-text.tsx';
import { DayRangeFilters, FilterGroup, RecordListCard, TextFilter, useRecordList } from '../../../ui/record-list.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { cdrListQuery } from '../api/voice.ts';

const FILTERS = { from: '', to: '', startDate: '', endDate: '' };
const hms = (s: number) => [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60].map((n) => String(n).padStart(2, '0')).join(':');
const TEXTS = { label: 'CDRs', emptyText: 'No CDRs found matching your criteria', noun: 'records' };
const EXPORT = {
  path: '/api/voice/cdrs/export',
  fallbackName: 'cdrs.csv',
  noun: 'CDRs',
  schema: ZExportCdrsQuery,
};

/** CDRs: From/To substring, Start/End date (end inclusive), cursor paging (Next/Previous), Export to CSV with progress. */
export function CdrsTab({ scope }: { scope: { customerId?: string | undefined; accountId?: string | undefined; showAccount: boolean } }) {
  const records = useRecordList(
    { filters: FILTERS, prefix: 'cdr' },
    { schema: ZListCdrsQuery, query: cdrListQuery, scope, timeZone: true },
  );
  const { field } = records;

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
    <RecordListCard records={records} columns={columns} texts={TEXTS} exportAs={EXPORT}>
      <FilterGroup>
        <TextFilter label="From Number" {...field('from')} />
        <TextFilter label="To Number" {...field('to')} />
      </FilterGroup>
      <DayRangeFilters start={field('startDate')} end={field('endDate')} />
    </RecordListCard>
  );
}

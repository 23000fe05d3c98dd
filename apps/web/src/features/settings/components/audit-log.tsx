import { Paper, Text } from '@mantine/core';
import { type TAuditEntry, ZListAuditQuery } from '@portal/contract/audit';
import { AUDIT_RECORD_COLUMN, AUDIT_RECORD_TYPES, AuditEntries } from '../../../ui/audit-entries.tsx';
import type { Column } from '../../../ui/data-table.tsx';
import { DateText } from '../../../ui/date-text.tsx';
import { SelectFilter } from '../../../ui/filter-bar.tsx';
import { DayRangeFilters, FilterGroup, RecordFilters, TextFilter, useRecordList } from '../../../ui/record-list.tsx';
import { auditListQuery } from '../api/settings.ts';

const FILTERS = { search: '', entityType: '', from: '', to: '' };

/** The Record Type filter: every kind of record the audit trail names (entityType). */
const RECORD_TYPES = [{ value: '', label: 'All record types' }, ...AUDIT_RECORD_TYPES];
const EXPORT = {
  label: 'Export CSV',
  path: '/api/audit/export',
  fallbackName: 'audit-log.csv',
  noun: 'entries',
  schema: ZListAuditQuery,
};

/** System Settings, Logs: the audit trail, newest first; search, record type, dates; cursor paging; Export CSV. */
export function AuditLog() {
  const records = useRecordList({ filters: FILTERS, prefix: 'log' }, { schema: ZListAuditQuery, query: auditListQuery });
  const { field } = records;

  const columns: Column<TAuditEntry>[] = [
    { key: 'createdAt', header: 'Date/Time', kind: 'figure', render: (e) => <DateText value={e.createdAt} format="stacked" /> },
    {
      key: 'actor',
      header: 'User',
      // who (cut with its whole text as the tooltip), over where from
      render: (e) => (
        <>
          <Text span inherit truncate="end" maw={180} display="block" title={e.actor ?? 'System'}>
            {e.actor ?? 'System'}
          </Text>
          {e.ip && (
            <Text span size="xs" c="dimmed" display="block">
              {e.ip}
            </Text>
          )}
        </>
      ),
    },
    { key: 'action', header: 'Action', kind: 'name', maxWidth: 150, render: (e) => e.action },
    AUDIT_RECORD_COLUMN,
    { key: 'summary', header: 'Summary', kind: 'name', maxWidth: 280, render: (e) => e.summary },
  ];

  return (
    <Paper withBorder p="md" radius="md">
      <AuditEntries
        description="Every change made in the portal, newest first: who made it, when and from where."
        filters={
          <RecordFilters records={records} exportAs={EXPORT}>
            <FilterGroup>
              <TextFilter label="Search" placeholder="Text, action or user" w={190} {...field('search')} />
              <SelectFilter label="Record Type" data={RECORD_TYPES} w={170} {...field('entityType')} />
            </FilterGroup>
            <DayRangeFilters start={field('from')} end={field('to')} labels={['From', 'To']} />
          </RecordFilters>
        }
        columns={columns}
        records={records}
        emptyText="No log entries found matching your criteria"
      />
    </Paper>
  );
}

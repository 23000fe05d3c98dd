import { Group, Paper, Text } from '@mantine/core';
import { type TAuditEntry, ZListAuditQuery } from '@portal/contract/audit';
import { useMemo } from 'react';
import { toQueryString } from '../../../lib/download.ts';
import { AUDIT_RECORD_COLUMN, AUDIT_RECORD_TYPES, AuditEntries } from '../../../ui/audit-entries.tsx';
import type { Column } from '../../../ui/data-table.tsx';
import { DateText } from '../../../ui/date-text.tsx';
import { ExportButton } from '../../../ui/export-button.tsx';
import { FilterBar, SelectFilter } from '../../../ui/filter-bar.tsx';
import { DayFilter, TextFilter, useRecordQuery } from '../../../ui/record-list.tsx';
import { useListState } from '../../../ui/use-list-state.ts';
import { auditListQuery } from '../api/settings.ts';

const FILTERS = { search: '', entityType: '', from: '', to: '' };
/** The filters shown as fields: the contract's problems with them are shown on them. */
const FIELDS = new Set(Object.keys(FILTERS));

/** The Record Type filter: every kind of record the audit trail names (entityType). */
const RECORD_TYPES = [{ value: '', label: 'All record types' }, ...AUDIT_RECORD_TYPES];

/** System Settings, Logs: the audit trail, newest first; search, record type, dates; cursor paging; Export CSV. */
export function AuditLog() {
  const list = useListState({ filters: FILTERS, prefix: 'log' });
  const filters = useMemo(() => ({ ...list.filters }), [list.filters]);
  const query = useRecordQuery(list.cursors, filters, ZListAuditQuery, FIELDS, auditListQuery);
  const { check } = query;

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
          <FilterBar
            actions={
              <ExportButton
                label="Export CSV"
                url={`/api/audit/export${toQueryString(filters)}`}
                fallbackName="audit-log.csv"
                noun="entries"
                disabled={!check.ok}
                check={() => ZListAuditQuery.safeParse(filters).error?.issues[0]?.message}
              />
            }
          >
            {/* top-aligned, so a field's message below it moves no other field; in pairs, so a narrow screen wraps them two by two */}
            <Group gap="sm" align="flex-start" wrap="wrap">
              <Group gap="sm" align="flex-start" wrap="nowrap">
                <TextFilter
                  label="Search"
                  placeholder="Text, action or user"
                  w={190}
                  {...list.filter('search')}
                  error={check.fieldErrors.search}
                />
                <SelectFilter
                  label="Record Type"
                  data={RECORD_TYPES}
                  w={170}
                  {...list.filter('entityType')}
                  error={check.fieldErrors.entityType}
                />
              </Group>
              <Group gap="sm" align="flex-start" wrap="nowrap">
                <DayFilter label="From" {...list.filter('from')} error={check.fieldErrors.from} />
                <DayFilter label="To" {...list.filter('to')} error={check.fieldErrors.to} />
              </Group>
            </Group>
          </FilterBar>
        }
        columns={columns}
        query={query}
        cursors={list.cursors}
        setCursors={list.setCursors}
        emptyText="No log entries found matching your criteria"
      />
    </Paper>
  );
}

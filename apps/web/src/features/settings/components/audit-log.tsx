import { Alert, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type TAuditEntry, ZListAuditQuery } from '@portal/contract/audit';
import { useMemo } from 'react';
import { toQueryString } from '../../../lib/download.ts';
import { type Column, DataTable } from '../../../ui/data-table.tsx';
import { DateText } from '../../../ui/date-text.tsx';
import { ExportButton } from '../../../ui/export-button.tsx';
import { FilterBar, SelectFilter } from '../../../ui/filter-bar.tsx';
import { DayFilter, KeysetPager, LoadingDataOverlay, TextFilter, useRecordQuery } from '../../../ui/record-list.tsx';
import { ShortId } from '../../../ui/short-id.tsx';
import { useListState } from '../../../ui/use-list-state.ts';
import { auditListQuery } from '../api/settings.ts';

const FILTERS = { search: '', entityType: '', from: '', to: '' };
/** The filters shown as fields: the contract's problems with them are shown on them. */
const FIELDS = new Set(Object.keys(FILTERS));

/** The kinds of record the audit trail names (entityType), for the Record Type filter. */
const RECORD_TYPES: { value: string; label: string }[] = [
  { value: '', label: 'All record types' },
  ...[
    ['account', 'Account'],
    ['account_service', 'Account service'],
    ['api_key', 'API key'],
    ['brand', 'Brand'],
    ['campaign', 'Campaign'],
    ['customer', 'Customer'],
    ['customer_note', 'Customer note'],
    ['dnc_entry', 'Do-not-call entry'],
    ['invoice', 'Invoice'],
    ['ip_address', 'IP address'],
    ['knowledge_article', 'Knowledge article'],
    ['message_template', 'Message template'],
    ['notification', 'Notification'],
    ['opt_out', 'Opt-out'],
    ['payment', 'Payment'],
    ['payment_method', 'Payment method'],
    ['phone_number', 'Phone number'],
    ['platform_token', 'Platform token'],
    ['porting_request', 'Porting request'],
    ['rate_deck', 'Rate deck'],
    ['service_status', 'Service status'],
    ['session', 'Sign-in'],
    ['settings', 'Settings'],
    ['ticket', 'Ticket'],
    ['trunk', 'Trunk'],
    ['user', 'User'],
    ['webhook', 'Webhook'],
  ].map(([value, label]) => ({ value: value as string, label: label as string })),
];
const typeLabel = (type: string) => RECORD_TYPES.find((t) => t.value === type)?.label ?? type;

/** System Settings, Logs: the audit trail, newest first; search, record type, dates; cursor paging; Export CSV. */
export function AuditLog() {
  const list = useListState({ filters: FILTERS, prefix: 'log' });
  const filters = useMemo(() => ({ ...list.filters }), [list.filters]);
  const cursors = list.cursors;
  const { check, rows, problem, data, isFetching, isPlaceholderData } = useRecordQuery(
    cursors,
    filters,
    ZListAuditQuery,
    FIELDS,
    auditListQuery,
  );

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
    {
      key: 'record',
      header: 'Record',
      nowrap: true,
      render: (e) => (
        <Text span inherit>
          {typeLabel(e.entityType)}
          {e.entityId && (
            <Text span size="xs" c="dimmed" display="block">
              <ShortId value={e.entityId} />
            </Text>
          )}
        </Text>
      ),
    },
    { key: 'summary', header: 'Summary', kind: 'name', maxWidth: 280, render: (e) => e.summary },
  ];

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4">
            Activity Logs
          </Title>
          <Text size="sm" c="dimmed">
            Every change made in the portal, newest first: who made it, when and from where.
          </Text>
        </Stack>
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
        {problem && <Alert color="red">{problem}</Alert>}
        <Box pos="relative">
          <LoadingDataOverlay visible={check.ok && isFetching && isPlaceholderData} />
          <DataTable
            label="Activity logs"
            columns={columns}
            rows={rows}
            rowKey={(e) => String(e.id)}
            loading={check.ok && isFetching && !data}
            emptyText="No log entries found matching your criteria"
          />
        </Box>
        <KeysetPager
          cursors={cursors}
          setCursors={list.setCursors}
          nextCursor={data?.nextCursor}
          count={rows?.length}
          noun="entries"
          disabled={!check.ok || isFetching}
        />
      </Stack>
    </Paper>
  );
}

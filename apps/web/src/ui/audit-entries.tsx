import { Stack, Text } from '@mantine/core';
import type { TAuditEntry } from '@portal/contract/audit';
import type { ReactNode } from 'react';
import type { Column } from './data-table.tsx';
import { type RecordList, RecordTable } from './record-list.tsx';
import { ShortId } from './short-id.tsx';
import { SectionTitle } from './titles.tsx';

/** The kinds of record the audit trail names (an entry's entityType), as the screens name them. */
export const AUDIT_RECORD_TYPES: { value: string; label: string }[] = [
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
].map(([value, label]) => ({ value: value as string, label: label as string }));

/** A record kind's name: 'api_key' reads 'API key'; one not listed reads as its words ('two_factor': 'Two factor'). */
export function auditRecordLabel(type: string): string {
  const known = AUDIT_RECORD_TYPES.find((t) => t.value === type);
  if (known) return known.label;
  const text = type.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** An audit list's Record column (the trail's and a user's own activity): the record's kind over its short id. */
export const AUDIT_RECORD_COLUMN: Column<TAuditEntry> = {
  key: 'record',
  header: 'Record',
  nowrap: true,
  render: (e) => (
    <Text span inherit>
      {auditRecordLabel(e.entityType)}
      {e.entityId && (
        <Text span size="xs" c="dimmed" display="block">
          <ShortId value={e.entityId} />
        </Text>
      )}
    </Text>
  ),
};

/**
 * An audit list (System Settings' Logs, a user's own Activity Logs): 'Activity Logs' with what it
 * shows, the filters, the entries (newest first) with their loading state, and Previous/Next.
 */
export function AuditEntries({
  description,
  filters,
  columns,
  records,
  emptyText,
}: {
  description: string;
  filters?: ReactNode;
  columns: Column<TAuditEntry>[];
  records: RecordList<TAuditEntry>;
  emptyText: string;
}) {
  return (
    <Stack gap="md">
      <SectionTitle description={description}>Activity Logs</SectionTitle>
      {filters}
      <RecordTable records={records} columns={columns} texts={{ label: 'Activity logs', emptyText, noun: 'entries' }} />
    </Stack>
  );
}

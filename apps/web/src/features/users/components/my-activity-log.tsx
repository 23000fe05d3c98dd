import { Text } from '@mantine/core';
import { type TAuditEntry, ZMyActivityQuery } from '@portal/contract/audit';
import { AUDIT_RECORD_COLUMN, AuditEntries } from '../../../ui/audit-entries.tsx';
import type { Column } from '../../../ui/data-table.tsx';
import { DateText } from '../../../ui/date-text.tsx';
import { useRecordList } from '../../../ui/record-list.tsx';
import { myActivityQuery } from '../api/profile.ts';

const NO_FILTERS = {};
const PAGE_SIZE = 20;

/** 'auth.sign_in' reads 'Sign in', 'users.profile_update' 'Profile update' (the code stays as the tooltip). */
export function actionLabel(action: string): string {
  const verb = (action.split('.').pop() ?? action).replace(/_/g, ' ');
  return verb.charAt(0).toUpperCase() + verb.slice(1);
}

const COLUMNS: Column<TAuditEntry>[] = [
  { key: 'createdAt', header: 'Date', kind: 'figure', render: (e) => <DateText value={e.createdAt} format="stacked" /> },
  {
    key: 'action',
    header: 'Action',
    nowrap: true,
    render: (e) => (
      <Text span inherit title={e.action}>
        {actionLabel(e.action)}
      </Text>
    ),
  },
  AUDIT_RECORD_COLUMN,
  { key: 'summary', header: 'Details', kind: 'name', maxWidth: 420, render: (e) => e.summary },
];

/**
 * User Settings, Activity Logs: what the signed-in user did in the portal (their own audit
 * entries), newest first, 20 a page with Previous/Next (the cursors in the URL).
 */
export function MyActivityLog() {
  const records = useRecordList(
    { filters: NO_FILTERS, prefix: 'act' },
    { schema: ZMyActivityQuery, query: myActivityQuery, pageSize: PAGE_SIZE },
  );
  return (
    <AuditEntries description="What you did in the portal, newest first." columns={COLUMNS} records={records} emptyText="No activity yet" />
  );
}

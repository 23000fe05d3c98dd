import { Alert, Box, Stack, Text, Title } from '@mantine/core';
import { type TAuditEntry, ZMyActivityQuery } from '@portal/contract/audit';
import { type Column, DataTable } from '../../../ui/data-table.tsx';
import { DateText } from '../../../ui/date-text.tsx';
import { KeysetPager, LoadingDataOverlay, useRecordQuery } from '../../../ui/record-list.tsx';
import { ShortId } from '../../../ui/short-id.tsx';
import { useListState } from '../../../ui/use-list-state.ts';
import { myActivityQuery } from '../api/profile.ts';

const NO_FILTERS = {};
const NO_FIELDS = new Set<string>();
const PAGE_SIZE = 20;

/** 'auth.sign_in' reads 'Sign in', 'users.profile_update' 'Profile update' (the code stays as the tooltip). */
export function actionLabel(action: string): string {
  const verb = (action.split('.').pop() ?? action).replace(/_/g, ' ');
  return verb.charAt(0).toUpperCase() + verb.slice(1);
}

/** 'two_factor' reads 'Two factor'; the record's id below it. */
const recordLabel = (type: string) => {
  const text = type === 'session' ? 'sign-in' : type.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

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
  {
    key: 'record',
    header: 'Record',
    nowrap: true,
    render: (e) => (
      <Text span inherit>
        {recordLabel(e.entityType)}
        {e.entityId && (
          <Text span size="xs" c="dimmed" display="block">
            <ShortId value={e.entityId} />
          </Text>
        )}
      </Text>
    ),
  },
  { key: 'summary', header: 'Details', kind: 'name', maxWidth: 420, render: (e) => e.summary },
];

/**
 * User Settings, Activity Logs: what the signed-in user did in the portal (their own audit
 * entries), newest first, 20 a page with Previous/Next (the cursors in the URL).
 */
export function MyActivityLog() {
  const list = useListState({ filters: NO_FILTERS, prefix: 'act' });
  const { rows, problem, data, isFetching, isPlaceholderData } = useRecordQuery(
    list.cursors,
    NO_FILTERS,
    ZMyActivityQuery,
    NO_FIELDS,
    myActivityQuery,
    PAGE_SIZE,
  );
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={2} size="h4">
          Activity Logs
        </Title>
        <Text size="sm" c="dimmed">
          What you did in the portal, newest first.
        </Text>
      </Stack>
      {problem && <Alert color="red">{problem}</Alert>}
      <Box pos="relative">
        <LoadingDataOverlay visible={isFetching && isPlaceholderData} />
        <DataTable
          label="Activity logs"
          columns={COLUMNS}
          rows={rows}
          rowKey={(e) => String(e.id)}
          loading={isFetching && !data}
          emptyText="No activity yet"
        />
      </Box>
      <KeysetPager
        cursors={list.cursors}
        setCursors={list.setCursors}
        nextCursor={data?.nextCursor}
        count={rows?.length}
        noun="entries"
        disabled={isFetching}
      />
    </Stack>
  );
}

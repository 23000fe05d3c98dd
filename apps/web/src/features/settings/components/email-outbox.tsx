import { Anchor, Modal, Paper, Stack, Text } from '@mantine/core';
import type { TOutboxEmail } from '@portal/contract/email';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format.ts';
import type { Column } from '../../../ui/data-table.tsx';
import { FilterBar, SearchFilter } from '../../../ui/filter-bar.tsx';
import { ListTable } from '../../../ui/list-table.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { SectionTitle } from '../../../ui/titles.tsx';
import { useListState } from '../../../ui/use-list-state.ts';
import { outboxQuery } from '../api/outbox.ts';

const FILTERS = { to: '' };
const STATE_LABELS: Record<string, string> = { kept: 'Kept', sent: 'Sent', failed: 'Failed', queued: 'Queued' };

/**
 * Every email the portal wrote (password resets, invites, reminders). With no SMTP server
 * configured nothing leaves the machine: staff admins read the messages here.
 */
export function EmailOutbox() {
  const list = useListState({ filters: FILTERS, prefix: 'outbox' });
  const { data, isFetching } = useQuery(outboxQuery(list.query));
  const [open, setOpen] = useState<TOutboxEmail | null>(null);

  const columns: Column<TOutboxEmail>[] = [
    { key: 'createdAt', header: 'Date', kind: 'figure', render: (m) => formatDateTime(m.createdAt) },
    { key: 'channel', header: 'Channel', kind: 'badge', render: (m) => (m.channel === 'sms' ? 'SMS' : 'Email') },
    { key: 'to', header: 'To', kind: 'name', render: (m) => m.to },
    {
      key: 'subject',
      header: 'Subject',
      kind: 'name',
      render: (m) => (
        <Anchor component="button" type="button" size="sm" onClick={() => setOpen(m)}>
          {m.subject}
        </Anchor>
      ),
    },
    { key: 'state', header: 'Status', kind: 'badge', render: (m) => <StatusBadge status={STATE_LABELS[m.state] ?? m.state} /> },
  ];

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <SectionTitle description="Emails and notification texts the portal has written, and whether each was sent. Without an SMTP server (for texts, an SMS gateway) they are kept here instead.">
          Email Outbox
        </SectionTitle>
        <FilterBar>
          <SearchFilter label="Recipient" placeholder="Search by email address" {...list.filter('to')} />
        </FilterBar>
        <ListTable list={list} data={data} label="Email outbox" columns={columns} loading={isFetching} emptyText="No emails found" />
      </Stack>
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open?.subject} size="lg">
        {open && (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              To {open.to} · {formatDateTime(open.createdAt)}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="email-body">
              {open.body}
            </Text>
          </Stack>
        )}
      </Modal>
    </Paper>
  );
}

import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { TICKET_PRIORITIES, TICKET_STATUSES, type TTicketListItem } from '@portal/contract/support';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format.ts';
import { CustomerFilter } from '../../../ui/customer-select.tsx';
import type { Column } from '../../../ui/data-table.tsx';
import { DateText } from '../../../ui/date-text.tsx';
import { FilterBar, optionsOf, SearchFilter, SelectFilter } from '../../../ui/filter-bar.tsx';
import { ListTable } from '../../../ui/list-table.tsx';
import { statusLabel } from '../../../ui/status-badge.tsx';
import { useListState } from '../../../ui/use-list-state.ts';
import { assigneesQuery, ticketListQuery } from '../api/support.ts';
import { PriorityBadge, TicketStatusBadge } from './ticket-status.tsx';

const STATUS_OPTIONS = optionsOf(TICKET_STATUSES, { all: 'All statuses', label: statusLabel });
const PRIORITY_OPTIONS = optionsOf(TICKET_PRIORITIES, { all: 'All priorities' });
const FILTERS = { search: '', status: '', priority: '', assignedToId: '', customerId: '' };

/**
 * The tickets list of both portals: a customer's company's tickets, or (staff) every customer's
 * with the Customer and Assigned To columns and an assignee filter. Filters return to page 1.
 */
export function TicketsTable({ portal }: { portal: 'admin' | 'customer' }) {
  const staff = portal === 'admin';
  const list = useListState({ filters: FILTERS, sort: { by: 'updatedAt', dir: 'desc' } });
  const { data, isFetching } = useQuery(ticketListQuery(list.query));
  const assignees = useQuery({ ...assigneesQuery, enabled: staff });
  const path = (t: TTicketListItem) => `/${portal}/support/tickets/${t.id}`;

  const columns: Column<TTicketListItem>[] = [
    {
      key: 'ticketId',
      header: 'Ticket ID',
      sortable: true,
      kind: 'id',
      render: (t) => (
        <Anchor component={Link} to={path(t)} fw={500}>
          {t.ticketId}
        </Anchor>
      ),
    },
    {
      key: 'subject',
      header: 'Subject',
      sortable: true,
      kind: 'name',
      maxWidth: 260,
      // the customer (staff) or the sub-account under the subject: one column less to squeeze
      render: (t) => (
        <>
          <Text size="sm" truncate>
            {t.subject}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {staff ? t.customerName : (t.accountName ?? 'Any account')}
          </Text>
        </>
      ),
    },
    { key: 'status', header: 'Status', sortable: true, kind: 'badge', render: (t) => <TicketStatusBadge status={t.status} /> },
    { key: 'priority', header: 'Priority', sortable: true, kind: 'badge', render: (t) => <PriorityBadge priority={t.priority} /> },
    ...(staff
      ? [
          {
            key: 'assignedTo',
            header: 'Assigned To',
            kind: 'name' as const,
            maxWidth: 150,
            render: (t: TTicketListItem) => t.assignedTo?.name ?? 'Unassigned',
          },
        ]
      : []),
    // staff see when it was opened on the ticket itself; the list keeps to what needs working on
    ...(!staff
      ? [
          {
            key: 'createdAt',
            header: 'Created',
            sortable: true,
            kind: 'figure' as const,
            render: (t: TTicketListItem) => formatDate(t.createdAt, '-'),
          },
        ]
      : []),
    {
      key: 'updatedAt',
      header: 'Last Updated',
      sortable: true,
      kind: 'figure',
      render: (t) => <DateText value={t.updatedAt} format="relative" />,
    },
  ];

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <FilterBar>
          <SearchFilter label="Search" placeholder="Search by subject or ticket ID" {...list.filter('search')} />
          <SelectFilter label="Status" w={160} data={STATUS_OPTIONS} {...list.filter('status')} />
          <SelectFilter label="Priority" w={150} data={PRIORITY_OPTIONS} {...list.filter('priority')} />
          {staff && <CustomerFilter w={240} {...list.filter('customerId')} />}
          {staff && (
            <SelectFilter
              label="Assigned To"
              w={190}
              data={[
                { value: '', label: 'Anyone' },
                { value: 'unassigned', label: 'Unassigned' },
                ...(assignees.data ?? []).map((a) => ({ value: a.id, label: a.name })),
              ]}
              {...list.filter('assignedToId')}
            />
          )}
        </FilterBar>
        <ListTable list={list} data={data} label="Support tickets" columns={columns} loading={isFetching} emptyText="No tickets found" />
      </Stack>
    </Paper>
  );
}

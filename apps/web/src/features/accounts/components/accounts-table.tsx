import { Anchor, Stack } from '@mantine/core';
import { ACCOUNT_STATUSES, type TAccountListItem } from '@portal/contract/accounts';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useCan } from '../../../lib/session.ts';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import type { Column } from '../../../ui/data-table.tsx';
import { DateText } from '../../../ui/date-text.tsx';
import { FilterBar, optionsOf, SearchFilter, SelectFilter } from '../../../ui/filter-bar.tsx';
import { ListTable } from '../../../ui/list-table.tsx';
import { RowAction } from '../../../ui/row-action.tsx';
import { StatusBadge, statusLabel } from '../../../ui/status-badge.tsx';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import { useListState } from '../../../ui/use-list-state.ts';
import { accountListQuery, useDeleteAccount } from '../api/accounts.ts';

const FILTERS = { search: '', status: '' };
const STATUS_OPTIONS = optionsOf(ACCOUNT_STATUSES, { all: 'All', label: statusLabel });

/** Which columns a screen shows: all (staff), with the number counts (customer admin), or the four basics. */
export type AccountColumns = 'staff' | 'counts' | 'basic';

const COLUMN_KEYS: Record<AccountColumns, string[]> = {
  staff: ['name', 'accountId', 'manager', 'status', 'createdAt', 'billing', 'sms', 'voice', 'channels'],
  counts: ['name', 'accountId', 'status', 'createdAt', 'sms', 'voice', 'channels'],
  basic: ['name', 'accountId', 'status', 'createdAt'],
};

function columnsOf(show: AccountColumns, pathOf: (a: TAccountListItem) => string): Column<TAccountListItem>[] {
  const all: Column<TAccountListItem>[] = [
    {
      key: 'name',
      header: 'Account Name',
      sortable: true,
      kind: 'name',
      maxWidth: 180,
      render: (a) => (
        <Anchor component={Link} to={pathOf(a)} fw={500}>
          {a.name}
        </Anchor>
      ),
    },
    { key: 'accountId', header: 'Account ID', sortable: true, kind: 'id', render: (a) => a.accountId },
    {
      key: 'manager',
      header: 'Account Manager',
      kind: 'name',
      maxWidth: 140,
      wrapHeader: true,
      render: (a) => a.accountManagerName ?? 'Unassigned',
    },
    { key: 'status', header: 'Status', sortable: true, kind: 'badge', render: (a) => <StatusBadge status={a.status} /> },
    {
      key: 'createdAt',
      header: 'Created Date',
      sortable: true,
      kind: 'figure',
      wrapHeader: true,
      render: (a) => <DateText value={a.createdAt} />,
    },
    {
      key: 'billing',
      header: 'Billing Info',
      nowrap: true,
      render: (a) => (a.useCustomerBilling ? 'Uses Customer Billing' : 'Custom Billing'),
    },
    { key: 'sms', header: 'SMS Numbers', align: 'right', kind: 'figure', wrapHeader: true, render: (a) => a.smsNumbers },
    { key: 'voice', header: 'Voice Numbers', align: 'right', kind: 'figure', wrapHeader: true, render: (a) => a.voiceNumbers },
    { key: 'channels', header: 'Max Voice Channels', align: 'right', kind: 'figure', wrapHeader: true, render: (a) => a.maxVoiceChannels },
  ];
  return COLUMN_KEYS[show].map((key) => all.find((c) => c.key === key) as Column<TAccountListItem>);
}

/**
 * The one accounts table (spec 2.6 Accounts tab, the customer's Sub-accounts and Company Info):
 * a customer's accounts (staff pass customerId; the server holds a customer user to their own),
 * sorted and paged in the URL, with search and status filters and Edit/Delete where asked for.
 */
export function AccountsTable({
  label,
  customerId,
  pathOf,
  columns = 'basic',
  filters = false,
  actions = false,
  openOnRowClick = false,
  emptyText = 'No accounts found',
  defaultSort = 'createdAt',
  pageSize,
  prefix,
}: {
  /** The table's accessible name. */
  label: string;
  customerId?: string | undefined;
  pathOf: (a: TAccountListItem) => string;
  columns?: AccountColumns;
  filters?: boolean;
  /** Edit (the account page with its Edit dialog open) and Delete on each row, for callers with accounts.write. */
  actions?: boolean;
  openOnRowClick?: boolean;
  emptyText?: string;
  defaultSort?: 'createdAt' | 'name';
  pageSize?: number;
  /** The URL parameters' prefix when the table shares its page with other lists. */
  prefix?: string;
}) {
  const list = useListState({
    filters: FILTERS,
    sort: { by: defaultSort, dir: 'asc' },
    ...(pageSize ? { pageSize } : {}),
    ...(prefix ? { prefix } : {}),
  });
  const { data, isFetching } = useQuery(accountListQuery(customerId ? { customerId, ...list.query } : list.query));
  const canWrite = useCan('accounts.write');
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const { confirm, dialog } = useConfirm();

  async function onDelete(a: TAccountListItem) {
    const ok = await confirm({
      title: 'Delete account',
      message: 'Are you sure you want to delete this account? This action cannot be undone.',
    });
    if (!ok) return;
    remove.mutate(a.id, { onSuccess: () => toastSuccess(`${a.name} was deleted`), onError: (e) => toastError(e) });
  }

  return (
    <Stack gap="md">
      {filters && (
        <FilterBar>
          <SearchFilter placeholder="Search accounts..." {...list.filter('search')} />
          <SelectFilter aria-label="Status" w={160} data={STATUS_OPTIONS} {...list.filter('status')} />
        </FilterBar>
      )}
      <ListTable
        list={list}
        data={data}
        label={label}
        columns={columnsOf(columns, pathOf)}
        loading={isFetching}
        emptyText={emptyText}
        {...(openOnRowClick ? { onRowClick: (a: TAccountListItem) => void navigate(pathOf(a)) } : {})}
        {...(actions && canWrite
          ? {
              rowActions: (a: TAccountListItem) => (
                <>
                  <RowAction
                    label="Edit"
                    name={a.name}
                    icon={<IconEdit size={17} />}
                    onClick={() => void navigate(`${pathOf(a)}?edit=1`)}
                  />
                  <RowAction label="Delete" name={a.name} icon={<IconTrash size={17} />} color="red" onClick={() => void onDelete(a)} />
                </>
              ),
            }
          : {})}
      />
      {dialog}
    </Stack>
  );
}

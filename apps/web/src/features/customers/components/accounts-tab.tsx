import { Anchor, Button, Group, Stack } from '@mantine/core';
import type { TAccountListItem } from '@portal/contract/accounts';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useCan } from '../../../lib/session.ts';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { type Column, DataTable } from '../../../ui/data-table.tsx';
import { DateText } from '../../../ui/date-text.tsx';
import { ListStatePagination } from '../../../ui/pagination.tsx';
import { RowAction } from '../../../ui/row-action.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import { useListState } from '../../../ui/use-list-state.ts';
import { customerAccountsQuery, useDeleteAccount } from '../api/customers.ts';

/** Spec 2.6 Accounts tab: the customer's accounts with real number counts; edit and delete. */
export function AccountsTab({ customerId }: { customerId: string }) {
  const list = useListState({ filters: {}, sort: { by: 'createdAt', dir: 'asc' }, prefix: 'acc' });
  const { data, isFetching } = useQuery(customerAccountsQuery(customerId, list.query));
  const canWrite = useCan('accounts.write');
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const { confirm, dialog } = useConfirm();
  const pathOf = (a: TAccountListItem) => `/admin/customers/${customerId}/accounts/${a.id}`;

  async function onDelete(a: TAccountListItem) {
    if (
      !(await confirm({ title: 'Delete account', message: 'Are you sure you want to delete this account? This action cannot be undone.' }))
    )
      return;
    remove.mutate(a.id, { onSuccess: () => toastSuccess(`${a.name} was deleted`), onError: (e) => toastError(e) });
  }

  const columns: Column<TAccountListItem>[] = [
    {
      key: 'name',
      header: 'Account Name',
      sortable: true,
      render: (a) => (
        <Anchor component={Link} to={pathOf(a)} fw={500}>
          {a.name}
        </Anchor>
      ),
    },
    { key: 'accountId', header: 'Account ID', sortable: true, render: (a) => a.accountId },
    { key: 'manager', header: 'Account Manager', render: (a) => a.accountManagerName ?? 'Unassigned' },
    { key: 'status', header: 'Status', sortable: true, render: (a) => <StatusBadge status={a.status} /> },
    { key: 'createdAt', header: 'Created Date', sortable: true, render: (a) => <DateText value={a.createdAt} /> },
    { key: 'billing', header: 'Billing Info', render: (a) => (a.useCustomerBilling ? 'Uses Customer Billing' : 'Custom Billing') },
    { key: 'sms', header: 'SMS Numbers', align: 'right', render: (a) => a.smsNumbers },
    { key: 'voice', header: 'Voice Numbers', align: 'right', render: (a) => a.voiceNumbers },
    { key: 'channels', header: 'Max Voice Channels', align: 'right', render: (a) => a.maxVoiceChannels },
  ];

  return (
    <Stack gap="md">
      {canWrite && (
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={16} />} variant="light" component={Link} to={`/admin/accounts/new?customerId=${customerId}`}>
            Add Account
          </Button>
        </Group>
      )}
      <DataTable
        label="Accounts"
        columns={columns}
        rows={data?.items}
        rowKey={(a) => a.id}
        loading={isFetching}
        emptyText="No accounts found for this customer"
        sort={list.sort}
        onSort={list.toggleSort}
        rowActions={(a) => (
          <>
            <RowAction label="Edit" name={a.name} icon={<IconEdit size={17} />} onClick={() => void navigate(pathOf(a))} />
            {canWrite && (
              <RowAction label="Delete" name={a.name} icon={<IconTrash size={17} />} color="red" onClick={() => void onDelete(a)} />
            )}
          </>
        )}
      />
      <ListStatePagination list={list} total={data?.total} />
      {dialog}
    </Stack>
  );
}

import { Anchor, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { ACCOUNT_STATUSES, type TAccountListItem } from '@portal/contract/accounts';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useCan } from '../../../lib/session.ts';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { type Column, DataTable } from '../../../ui/data-table.tsx';
import { DateText } from '../../../ui/date-text.tsx';
import { FilterBar, SearchFilter, SelectFilter } from '../../../ui/filter-bar.tsx';
import { ListStatePagination } from '../../../ui/pagination.tsx';
import { RowAction } from '../../../ui/row-action.tsx';
import { StatusBadge, statusLabel } from '../../../ui/status-badge.tsx';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import { useListState } from '../../../ui/use-list-state.ts';
import { accountListQuery, useDeleteAccount } from '../api/accounts.ts';
import { AddAccountModal } from '../components/add-account-modal.tsx';

const STATUS_OPTIONS = [{ value: '', label: 'All' }, ...ACCOUNT_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))];

/** Customer portal /customer/accounts: the company's sub-accounts, 10 per page by default. */
export function AccountListPage() {
  const list = useListState({ filters: { search: '', status: '' }, sort: { by: 'createdAt', dir: 'asc' }, pageSize: 10 });
  const { data, isFetching } = useQuery(accountListQuery(list.query));
  const canWrite = useCan('accounts.write');
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const { confirm, dialog } = useConfirm();
  const [params] = useSearchParams();
  // The dashboard's Add Sub-Account quick link opens the modal with ?add=1.
  const [adding, setAdding] = useState(params.get('add') === '1');

  async function onDelete(a: TAccountListItem) {
    if (!(await confirm({ title: 'Delete account', message: 'Are you sure you want to delete this account?' }))) return;
    remove.mutate(a.id, { onSuccess: () => toastSuccess(`${a.name} was deleted`), onError: (e) => toastError(e) });
  }

  const columns: Column<TAccountListItem>[] = [
    {
      key: 'name',
      header: 'Account Name',
      sortable: true,
      render: (a) => (
        <Anchor component={Link} to={`/customer/accounts/${a.id}`} fw={500}>
          {a.name}
        </Anchor>
      ),
    },
    { key: 'accountId', header: 'Account ID', sortable: true, render: (a) => a.accountId },
    { key: 'status', header: 'Status', sortable: true, render: (a) => <StatusBadge status={a.status} /> },
    { key: 'createdAt', header: 'Created Date', sortable: true, render: (a) => <DateText value={a.createdAt} /> },
    { key: 'sms', header: 'SMS Numbers', align: 'right', render: (a) => a.smsNumbers },
    { key: 'voice', header: 'Voice Numbers', align: 'right', render: (a) => a.voiceNumbers },
    { key: 'channels', header: 'Max Voice Channels', align: 'right', render: (a) => a.maxVoiceChannels },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Sub-accounts
        </Title>
        {canWrite && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            Add Account
          </Button>
        )}
      </Group>
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <FilterBar>
            <SearchFilter placeholder="Search accounts..." value={list.filters.search} onChange={(v) => list.setFilter('search', v)} />
            <SelectFilter
              aria-label="Status"
              w={160}
              data={STATUS_OPTIONS}
              value={list.filters.status}
              onChange={(v) => list.setFilter('status', v)}
            />
          </FilterBar>
          <DataTable
            label="Sub-accounts"
            columns={columns}
            rows={data?.items}
            rowKey={(a) => a.id}
            loading={isFetching}
            emptyText="No accounts found"
            sort={list.sort}
            onSort={list.toggleSort}
            rowActions={
              canWrite
                ? (a) => (
                    <>
                      <RowAction
                        label="Edit"
                        name={a.name}
                        icon={<IconEdit size={17} />}
                        onClick={() => void navigate(`/customer/accounts/${a.id}`)}
                      />
                      <RowAction label="Delete" name={a.name} icon={<IconTrash size={17} />} color="red" onClick={() => void onDelete(a)} />
                    </>
                  )
                : undefined
            }
          />
          <ListStatePagination list={list} total={data?.total} />
        </Stack>
      </Paper>
      {canWrite && <AddAccountModal opened={adding} onClose={() => setAdding(false)} />}
      {dialog}
    </Stack>
  );
}

import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { rolesOfKind, type TUser } from '@portal/contract/users';
import { IconEdit, IconMailForward, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatStamp } from '../../../lib/format.ts';
import { usePortalScope } from '../../../lib/scope.ts';
import { useCan, useSessionUser } from '../../../lib/session.ts';
import { AddButton } from '../../../ui/add-button.tsx';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import type { Column } from '../../../ui/data-table.tsx';
import { FilterBar, optionsOf, SearchFilter, SelectFilter } from '../../../ui/filter-bar.tsx';
import { ListTable } from '../../../ui/list-table.tsx';
import { RowAction } from '../../../ui/row-action.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { PageTitle } from '../../../ui/titles.tsx';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import { useListState } from '../../../ui/use-list-state.ts';
import { useResendInvitation, userListQuery, useSetUserStatus } from '../api/users.ts';
import { UserForm } from '../components/user-form.tsx';
import { UsersTabs } from '../components/users-tabs.tsx';

const FILTERS = { search: '', role: '', status: '' };
const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  { value: 'Active', label: 'Active' },
  { value: 'Inactive', label: 'Inactive' },
];

/**
 * /admin/users (staff users) and /customer/users (the company's users): List and Add/Edit, role
 * and status filters that return to page 1, adjustable page size, activate/deactivate.
 */
export function UserListPage() {
  const { portal } = usePortalScope();
  const kind = portal === 'admin' ? 'staff' : 'customer';
  const base = `/${portal}/users`;
  const list = useListState({ filters: FILTERS, sort: { by: 'name', dir: 'asc' } });
  const [params, setParams] = useSearchParams();
  const adding = params.get('mode') === 'add';
  const { data, isFetching } = useQuery(userListQuery(list.query));
  const navigate = useNavigate();
  const me = useSessionUser();
  const canWrite = useCan('users.write');
  const setStatus = useSetUserStatus();
  const resend = useResendInvitation();
  const { confirm, dialog } = useConfirm();

  const showTab = (tab: 'list' | 'form') =>
    setParams(
      (p) => {
        if (tab === 'form') p.set('mode', 'add');
        else p.delete('mode');
        return p;
      },
      { replace: false },
    );

  async function toggle(u: TUser) {
    const deactivate = u.status === 'Active';
    const ok = await confirm({
      title: deactivate ? 'Deactivate user' : 'Activate user',
      message: deactivate
        ? `Deactivate ${u.name}? They are signed out at once and cannot sign in until activated again.`
        : `Activate ${u.name}? They can sign in again.`,
      confirmLabel: deactivate ? 'Deactivate' : 'Activate',
      danger: deactivate,
    });
    if (!ok) return;
    setStatus.mutate(
      { userId: u.id, status: deactivate ? 'Inactive' : 'Active' },
      { onSuccess: (r) => toastSuccess(`${r.name} is now ${r.status.toLowerCase()}`), onError: (e) => toastError(e) },
    );
  }

  const rowActions = (u: TUser) => (
    <>
      <RowAction label="Edit" name={u.name} icon={<IconEdit size={17} />} onClick={() => void navigate(`${base}/${u.id}`)} />
      {u.invitePending && u.status === 'Active' && (
        <RowAction
          label="Resend invitation"
          name={u.name}
          icon={<IconMailForward size={17} />}
          onClick={() =>
            resend.mutate(u.id, { onSuccess: () => toastSuccess(`A new invitation was sent to ${u.email}`), onError: (e) => toastError(e) })
          }
        />
      )}
      {u.id !== me.id && (
        <RowAction
          label={u.status === 'Active' ? 'Deactivate' : 'Activate'}
          name={u.name}
          color={u.status === 'Active' ? 'red' : 'green'}
          icon={u.status === 'Active' ? <IconUserOff size={17} /> : <IconUserCheck size={17} />}
          onClick={() => void toggle(u)}
        />
      )}
    </>
  );

  const columns: Column<TUser>[] = [
    {
      key: 'name',
      header: 'Name',
      sortable: true,
      kind: 'name',
      maxWidth: 200,
      render: (u) => (
        <Anchor component={Link} to={`${base}/${u.id}`} fw={500}>
          {u.name}
        </Anchor>
      ),
    },
    { key: 'email', header: 'Email', sortable: true, kind: 'name', maxWidth: 240, render: (u) => u.email },
    { key: 'role', header: 'Role', sortable: true, kind: 'badge', render: (u) => u.role },
    ...(kind === 'customer'
      ? [{ key: 'department', header: 'Department', kind: 'name' as const, maxWidth: 140, render: (u: TUser) => u.department ?? '' }]
      : []),
    {
      key: 'status',
      header: 'Status',
      sortable: true,
      kind: 'badge',
      render: (u) => (
        <Group gap={6} wrap="nowrap">
          <StatusBadge status={u.status} />
          {u.invitePending && (
            <Badge variant="light" color="yellow">
              Invited
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'lastLoginAt',
      header: 'Last Login',
      sortable: true,
      kind: 'figure',
      render: (u) =>
        u.lastLoginAt ? (
          formatStamp(u.lastLoginAt)
        ) : (
          <Text span c="dimmed" inherit>
            Never
          </Text>
        ),
    },
  ];

  const roleOptions = optionsOf(rolesOfKind(kind), { all: 'All roles' });

  const table = (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <FilterBar>
          <SearchFilter label="Search" placeholder="Search by name or email" {...list.filter('search')} />
          <SelectFilter label="Role" w={180} data={roleOptions} {...list.filter('role')} />
          <SelectFilter label="Status" w={150} data={STATUS_OPTIONS} {...list.filter('status')} />
        </FilterBar>
        <ListTable
          list={list}
          data={data}
          label="Users"
          columns={columns}
          loading={isFetching}
          emptyText="No users found"
          {...(canWrite ? { rowActions } : {})}
        />
      </Stack>
    </Paper>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <PageTitle>Users</PageTitle>
        {canWrite && !adding && <AddButton onClick={() => showTab('form')}>Add User</AddButton>}
      </Group>
      <UsersTabs
        active={adding ? 'form' : 'list'}
        onChange={showTab}
        list={table}
        form={
          <Paper withBorder p="lg" radius="md">
            <UserForm kind={kind} onDone={(u) => void navigate(`${base}/${u.id}`)} onCancel={() => showTab('list')} />
          </Paper>
        }
      />
      {dialog}
    </Stack>
  );
}

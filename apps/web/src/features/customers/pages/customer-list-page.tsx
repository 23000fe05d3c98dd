import { Anchor, Button, Group, Paper, Stack } from '@mantine/core';
import { CUSTOMER_STATUSES, REVENUE_BANDS, type TCustomerListItem } from '@portal/contract/customers';
import { IconEdit, IconPlus, IconTrash, IconUserShare } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useCan } from '../../../lib/session.ts';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import type { Column } from '../../../ui/data-table.tsx';
import { FilterBar, optionsOf, SearchFilter, SelectFilter } from '../../../ui/filter-bar.tsx';
import { ListTable } from '../../../ui/list-table.tsx';
import { MoneyText } from '../../../ui/money-text.tsx';
import { PhoneText } from '../../../ui/phone-text.tsx';
import { RowAction } from '../../../ui/row-action.tsx';
import { StatusBadge, statusLabel } from '../../../ui/status-badge.tsx';
import { PageTitle } from '../../../ui/titles.tsx';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import { useListState } from '../../../ui/use-list-state.ts';
import { customerListQuery, useDeleteCustomer } from '../api/customers.ts';
import { useImpersonate } from '../api/impersonation.ts';
import { RegistrationsPanel } from '../components/registrations-panel.tsx';

// Every status a customer can have (the spec's Active, Pending, Suspended, and Inactive, which the data has too).
const STATUS_OPTIONS = optionsOf(CUSTOMER_STATUSES, { all: 'All', label: statusLabel });
const REVENUE_OPTIONS = [{ value: '', label: 'All revenue' }, ...REVENUE_BANDS.map((b) => ({ value: b.value, label: b.label }))];
const FILTERS = { search: '', status: '', revenue: '' };

/** Spec 2.5: filters, columns, sorting, paging, Add Customer, Edit, Delete, Impersonate. */
export function CustomerListPage() {
  const list = useListState({ filters: FILTERS, sort: { by: 'name', dir: 'asc' } });
  const { data, isFetching } = useQuery(customerListQuery(list.query));
  const navigate = useNavigate();
  const canWrite = useCan('customers.write');
  const canImpersonate = useCan('customers.impersonate');
  const remove = useDeleteCustomer();
  const impersonate = useImpersonate();
  const { confirm, dialog } = useConfirm();

  async function onDelete(c: TCustomerListItem) {
    const accounts = `${c.accountCount} account${c.accountCount === 1 ? '' : 's'}`;
    const message = `Delete this customer? This is permanent. ${c.name}, its ${accounts} and its users' sign-ins will go. A customer that still holds phone numbers cannot be deleted: move or remove its numbers first.`;
    if (!(await confirm({ title: 'Delete customer', message }))) return;
    remove.mutate(c.id, { onSuccess: () => toastSuccess(`${c.name} was deleted`), onError: (e) => toastError(e) });
  }

  async function onImpersonate(c: TCustomerListItem) {
    const ok = await confirm({
      title: 'Impersonate customer',
      message: `View the customer portal as ${c.name}'s admin? Your staff session pauses until you exit, and both are recorded in the audit log.`,
      confirmLabel: 'Impersonate',
      danger: false,
    });
    if (!ok) return;
    impersonate.mutate(c.id, { onSuccess: (r) => void navigate(r.redirectTo, { replace: true }), onError: (e) => toastError(e) });
  }

  const rowActions = (c: TCustomerListItem) => (
    <>
      {canWrite && (
        <RowAction
          label="Edit"
          name={c.name}
          icon={<IconEdit size={17} />}
          onClick={() => void navigate(`/admin/customers/${c.id}?edit=1`)}
        />
      )}
      {canImpersonate && (
        <RowAction
          label="Impersonate"
          name={c.name}
          icon={<IconUserShare size={17} />}
          color="grape"
          onClick={() => void onImpersonate(c)}
        />
      )}
      {canWrite && <RowAction label="Delete" name={c.name} icon={<IconTrash size={17} />} color="red" onClick={() => void onDelete(c)} />}
    </>
  );

  const columns: Column<TCustomerListItem>[] = [
    {
      key: 'name',
      header: 'Customer Name',
      sortable: true,
      kind: 'name',
      maxWidth: 200,
      render: (c) => (
        <Anchor component={Link} to={`/admin/customers/${c.id}`} fw={500}>
          {c.name}
        </Anchor>
      ),
    },
    { key: 'customerId', header: 'Customer ID', sortable: true, kind: 'id', render: (c) => c.customerId },
    {
      key: 'address',
      header: 'Address',
      kind: 'name',
      maxWidth: 150,
      render: (c) => c.address,
    },
    { key: 'phone', header: 'Phone Number', kind: 'figure', render: (c) => <PhoneText value={c.phone} /> },
    {
      key: 'revenue',
      header: 'Total Revenue (USD)',
      wrapHeader: true,
      sortable: true,
      align: 'right',
      kind: 'figure',
      render: (c) => <MoneyText value={c.revenue} />,
    },
    { key: 'status', header: 'Status', sortable: true, kind: 'badge', render: (c) => <StatusBadge status={c.status} /> },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <PageTitle>Customers</PageTitle>
        {canWrite && (
          <Button leftSection={<IconPlus size={16} />} component={Link} to="/admin/customers/new">
            Add Customer
          </Button>
        )}
      </Group>
      <RegistrationsPanel />
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <FilterBar>
            <SearchFilter label="Name" placeholder="Search by name or customer ID" {...list.filter('search')} />
            <SelectFilter label="Status" w={160} data={STATUS_OPTIONS} {...list.filter('status')} />
            <SelectFilter label="Revenue" w={220} data={REVENUE_OPTIONS} {...list.filter('revenue')} />
          </FilterBar>
          <ListTable
            list={list}
            data={data}
            label="Customers"
            columns={columns}
            loading={isFetching}
            emptyText="No customers found"
            // no Actions column for a role that may do none of them (Support, Billing, Technical)
            {...(canWrite || canImpersonate ? { rowActions } : {})}
          />
        </Stack>
      </Paper>
      {dialog}
    </Stack>
  );
}

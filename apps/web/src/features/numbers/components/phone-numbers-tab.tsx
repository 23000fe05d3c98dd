import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { NUMBER_FEATURES, NUMBER_STATUSES, type TPhoneNumber } from '@portal/contract/numbers';
import { IconArrowsRightLeft, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toQueryString } from '../../../lib/download.ts';
import type { PortalScope } from '../../../lib/scope.ts';
import { useCan } from '../../../lib/session.ts';
import { AccountPicker } from '../../../ui/account-picker.tsx';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import type { Column } from '../../../ui/data-table.tsx';
import { DateText } from '../../../ui/date-text.tsx';
import { ExportButton } from '../../../ui/export-button.tsx';
import { FilterBar, optionsOf, SearchFilter, SelectFilter } from '../../../ui/filter-bar.tsx';
import { ListTable } from '../../../ui/list-table.tsx';
import { MoneyText } from '../../../ui/money-text.tsx';
import { PhoneText } from '../../../ui/phone-text.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import { useListState } from '../../../ui/use-list-state.ts';
import { numberListQuery, useRemoveNumbers } from '../api/numbers.ts';
import { AddNumberModal } from './add-number-modal.tsx';
import { MoveNumbersModal } from './move-numbers-modal.tsx';
import { PortabilityModal } from './portability-modal.tsx';

const FILTERS = { search: '', account: '', type: '', status: '', feature: '' };
const TYPE_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'DID', label: 'DID' },
  { value: 'TFN', label: 'Toll-Free' },
];
const STATUS_OPTIONS = optionsOf(NUMBER_STATUSES, { all: 'All' });
const FEATURE_OPTIONS = optionsOf(NUMBER_FEATURES, { all: 'All' });

/** Spec 2.8, Phone Numbers tab: filters, the list, bulk Move/Remove, Add Number, Search Portability, Export. */
export function PhoneNumbersTab({ scope }: { scope: PortalScope }) {
  const list = useListState({ filters: FILTERS });
  const staffView = scope.portal === 'admin';
  const inAccount = Boolean(scope.accountId);
  // company-wide lists show each row's sub-account and filter by it, in both portals
  const showAccount = !inAccount;
  const canWrite = useCan('numbers.write');
  const canAssign = useCan('numbers.assign');
  const { account, ...rest } = list.filters;
  const apiFilters = {
    search: rest.search,
    type: rest.type,
    status: rest.status,
    feature: rest.feature,
    customerId: scope.portal === 'admin' ? scope.customerId : undefined,
    accountId: scope.accountId ?? (showAccount ? account : '') ?? '',
  };
  const { data, isFetching } = useQuery(numberListQuery({ ...apiFilters, page: list.page, pageSize: list.pageSize }));
  // the customer dashboard's Buy Number quick link opens the purchase with ?buy=1
  const [params] = useSearchParams();
  const [modal, setModal] = useState<'move' | 'add' | 'portability' | null>(
    canAssign && !staffView && params.get('buy') === '1' ? 'add' : null,
  );
  const remove = useRemoveNumbers();
  const { confirm, dialog } = useConfirm();
  // rows seen on any page, so a selection that spans pages still knows its numbers' accounts
  const known = useRef(new Map<string, TPhoneNumber>());
  for (const row of data?.items ?? []) known.current.set(row.id, row);
  const selected = list.selection.map((id) => known.current.get(id)).filter((r): r is TPhoneNumber => Boolean(r));
  const selectedCustomers = [...new Set(selected.map((r) => r.customerId))];

  async function onRemove() {
    const n = list.selection.length;
    const ok = await confirm({
      title: 'Remove numbers',
      message: `Remove ${n} number${n === 1 ? '' : 's'}? ${n === 1 ? 'It goes' : 'They go'} back to the provider's inventory and stop working on this account.`,
      confirmLabel: 'Remove',
    });
    if (!ok) return;
    remove.mutate(
      { numberIds: list.selection },
      {
        onSuccess: (r) => {
          toastSuccess(`Removed ${r.count} number${r.count === 1 ? '' : 's'}`);
          list.setSelection([]);
        },
        onError: (e) => toastError(e),
      },
    );
  }

  const columns: Column<TPhoneNumber>[] = [
    {
      key: 'number',
      header: 'Number',
      kind: 'figure',
      render: (n) => (
        <Text fw={500} size="sm">
          <PhoneText value={n.number} />
        </Text>
      ),
    },
    { key: 'type', header: 'Type', render: (n) => (n.type === 'TFN' ? 'Toll-Free' : 'DID') },
    { key: 'features', header: 'Features', nowrap: true, render: (n) => n.features.join(', ') },
    ...(showAccount
      ? [{ key: 'account', header: 'Account', kind: 'name' as const, maxWidth: 200, render: (n: TPhoneNumber) => n.accountName ?? '—' }]
      : []),
    { key: 'location', header: 'Location', kind: 'name', maxWidth: 150, render: (n) => (n.city ? `${n.city}, ${n.state}` : '—') },
    { key: 'fee', header: 'Monthly Fee', kind: 'figure', align: 'right', render: (n) => <MoneyText value={n.monthlyFee} /> },
    { key: 'status', header: 'Status', kind: 'badge', render: (n) => <StatusBadge status={n.status} /> },
    { key: 'assigned', header: 'Assigned', kind: 'figure', render: (n) => <DateText value={n.assignedAt} /> },
  ];

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <FilterBar
          actions={
            <>
              {canAssign && (
                <Button leftSection={<IconPlus size={16} />} onClick={() => setModal('add')}>
                  {staffView ? 'Add Number' : 'Buy Number'}
                </Button>
              )}
              <Button variant="default" leftSection={<IconSearch size={16} />} onClick={() => setModal('portability')}>
                Search Portability
              </Button>
              <ExportButton
                variant="default"
                url={`/api/numbers/export${toQueryString(apiFilters)}`}
                fallbackName="phone-numbers.csv"
                noun="numbers"
              />
            </>
          }
        >
          <SearchFilter label="Search" placeholder="Number, city or account" {...list.filter('search')} w={220} />
          {showAccount && (
            <AccountPicker
              placeholder="All accounts"
              withCustomer={staffView && !scope.customerId}
              customerId={scope.customerId}
              {...list.filter('account')}
              w={260}
            />
          )}
          <SelectFilter label="Type" w={130} data={TYPE_OPTIONS} {...list.filter('type')} />
          <SelectFilter label="Status" w={130} data={STATUS_OPTIONS} {...list.filter('status')} />
          <SelectFilter label="Feature" w={130} data={FEATURE_OPTIONS} {...list.filter('feature')} />
        </FilterBar>
        {canWrite && list.selection.length > 0 && (
          <Group gap="sm" data-testid="bulk-actions">
            <Text size="sm" fw={500}>
              {list.selection.length} selected
            </Text>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconArrowsRightLeft size={14} />}
              onClick={() => (selectedCustomers.length > 1 ? toastError('Select numbers of one customer to move them') : setModal('move'))}
            >
              Move
            </Button>
            <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} />} onClick={() => void onRemove()}>
              Remove
            </Button>
            <Button size="xs" variant="subtle" onClick={() => list.setSelection([])}>
              Clear selection
            </Button>
          </Group>
        )}
        <ListTable
          list={list}
          data={data}
          label="Phone numbers"
          columns={columns}
          loading={isFetching}
          emptyText="No numbers found matching your filters"
          {...(canWrite ? { selection: list.selection, onSelectionChange: list.setSelection } : {})}
        />
      </Stack>
      <MoveNumbersModal
        opened={modal === 'move'}
        onClose={() => setModal(null)}
        numberIds={list.selection}
        customerId={selectedCustomers[0] ?? scope.customerId ?? undefined}
        currentAccountIds={selected.map((r) => r.accountId ?? '')}
        onDone={() => list.setSelection([])}
      />
      {canAssign && (
        <AddNumberModal
          opened={modal === 'add'}
          onClose={() => setModal(null)}
          accountId={scope.accountId}
          customerId={scope.customerId}
          buy={!staffView}
        />
      )}
      <PortabilityModal
        opened={modal === 'portability'}
        onClose={() => setModal(null)}
        accountId={scope.accountId}
        customerId={scope.customerId}
      />
      {dialog}
    </Paper>
  );
}

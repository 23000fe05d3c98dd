import { Badge, Box, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { ROUTE_STRATEGIES, ROUTE_STRATEGY_LABELS, type TRouteStrategy, TRUNK_STATUSES, type TTrunk } from '@portal/contract/voice';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { usePortalScope } from '../../../lib/scope.ts';
import { useCan } from '../../../lib/session.ts';
import { AddButton } from '../../../ui/add-button.tsx';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { type Column, DataTable } from '../../../ui/data-table.tsx';
import { FilterBar, optionsOf, SearchFilter, SelectFilter } from '../../../ui/filter-bar.tsx';
import { ListStatePagination } from '../../../ui/pagination.tsx';
import { LoadingDataOverlay } from '../../../ui/record-list.tsx';
import { RowAction } from '../../../ui/row-action.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import { useListState } from '../../../ui/use-list-state.ts';
import { trunkListQuery, useDeleteTrunk, useUpdateTrunk } from '../api/voice.ts';
import { TrunkModal } from './trunk-modal.tsx';

const FILTERS = { search: '', status: '' };
const STATUS_OPTIONS = optionsOf(TRUNK_STATUSES, { all: 'All' });

/** An IP group on one line: its first address, and "+N" for the others (all of them, with their names, in the tooltip). */
function IpGroup({ rows }: { rows: { ip: string; name: string | null }[] }) {
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        None
      </Text>
    );
  const [first, ...rest] = rows;
  const all = rows.map((r) => (r.name ? `${r.ip} (${r.name})` : r.ip)).join('\n');
  return (
    <Group gap={6} wrap="nowrap" title={all}>
      <Text size="sm" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {first?.ip}
      </Text>
      {rest.length > 0 && (
        <Badge
          size="sm"
          variant="light"
          color="gray"
          style={{ flexShrink: 0 }}
          aria-label={`and ${rest.length} more: ${rest.map((r) => r.ip).join(', ')}`}
        >
          +{rest.length}
        </Badge>
      )}
    </Group>
  );
}

/** SIP Trunk / Trunk Groups tab: the trunk table with inline route strategy, edit, create and delete. */
export function TrunksTab({ scope }: { scope: { customerId?: string | undefined; accountId?: string | undefined; showAccount: boolean } }) {
  const staff = usePortalScope().portal === 'admin';
  const list = useListState({ filters: FILTERS, prefix: 'trunk' });
  const { data, isFetching, isPlaceholderData } = useQuery(
    trunkListQuery({ ...list.query, customerId: scope.customerId, accountId: scope.accountId }),
  );
  const canWrite = useCan('voice.write');
  const update = useUpdateTrunk();
  const remove = useDeleteTrunk();
  const { confirm, dialog } = useConfirm();
  const [editing, setEditing] = useState<TTrunk | 'new' | null>(null);

  function setStrategy(t: TTrunk, routeStrategy: string | null) {
    if (!routeStrategy || routeStrategy === t.routeStrategy) return;
    update.mutate(
      { id: t.id, body: { routeStrategy: routeStrategy as TTrunk['routeStrategy'] } },
      { onSuccess: () => toastSuccess(`Route strategy of ${t.trunkName} set to ${routeStrategy}`), onError: (e) => toastError(e) },
    );
  }

  async function onDelete(t: TTrunk) {
    if (!(await confirm({ title: 'Delete trunk', message: `Delete the trunk ${t.trunkName}? This cannot be undone.` }))) return;
    remove.mutate(t.id, { onSuccess: () => toastSuccess(`Trunk ${t.trunkName} deleted`), onError: (e) => toastError(e) });
  }

  const columns: Column<TTrunk>[] = [
    {
      key: 'name',
      header: 'Trunk Name',
      kind: 'name',
      maxWidth: 172,
      render: (t) => (
        <Text span size="sm" fw={500}>
          {t.trunkName}
        </Text>
      ),
    },
    ...(scope.showAccount
      ? [{ key: 'account', header: 'Account', kind: 'name' as const, maxWidth: 104, render: (t: TTrunk) => t.accountName }]
      : []),
    { key: 'primary', header: 'Primary Group', render: (t) => <IpGroup rows={t.primaryGroup} /> },
    { key: 'failover', header: 'Failover Group', render: (t) => <IpGroup rows={t.failoverGroup} /> },
    {
      key: 'strategy',
      header: 'Route Strategy',
      render: (t) =>
        canWrite ? (
          <Select
            aria-label={`Route strategy of ${t.trunkName}`}
            size="xs"
            w={124}
            // a compact control keeps the row to one line of text; the short names fit it (LCR), the list spells them out
            styles={{ input: { minHeight: 26, height: 26 } }}
            data={optionsOf(ROUTE_STRATEGIES)}
            renderOption={({ option }) => ROUTE_STRATEGY_LABELS[option.value as TRouteStrategy]}
            value={t.routeStrategy}
            onChange={(v) => setStrategy(t, v)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        ) : (
          ROUTE_STRATEGY_LABELS[t.routeStrategy]
        ),
    },
    { key: 'status', header: 'Status', kind: 'badge', render: (t) => <StatusBadge status={t.status} /> },
  ];

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <FilterBar actions={canWrite && <AddButton onClick={() => setEditing('new')}>Create Trunk</AddButton>}>
          <SearchFilter label="Search" placeholder="Trunk name, IP or account" {...list.filter('search')} />
          <SelectFilter label="Status" w={150} data={STATUS_OPTIONS} {...list.filter('status')} />
        </FilterBar>
        <Box pos="relative">
          <LoadingDataOverlay visible={isFetching && isPlaceholderData} />
          <DataTable
            label="SIP trunks"
            columns={columns}
            rows={data?.items}
            loading={isFetching && !data}
            emptyText="No SIP trunks found matching your criteria"
            rowActions={
              canWrite
                ? (t) => (
                    <Group gap={4} wrap="nowrap">
                      <RowAction label="Edit" name={t.trunkName} icon={<IconEdit size={17} />} onClick={() => setEditing(t)} />
                      <RowAction
                        label="Delete"
                        name={t.trunkName}
                        icon={<IconTrash size={17} />}
                        color="red"
                        onClick={() => void onDelete(t)}
                      />
                    </Group>
                  )
                : undefined
            }
          />
        </Box>
        <ListStatePagination list={list} total={data?.total} />
      </Stack>
      <TrunkModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        trunk={editing === 'new' ? null : editing}
        customerId={scope.customerId}
        withCustomer={staff && scope.showAccount && !scope.customerId}
        defaultAccountId={scope.accountId}
      />
      {dialog}
    </Paper>
  );
}

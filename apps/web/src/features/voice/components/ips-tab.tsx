import { Box, Group, List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IP_TYPE_LABELS, IP_TYPES, NETWORK_RULES, type TIpAddress, TRUNK_STATUSES } from '@portal/contract/voice';
import { IconEdit, IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCan } from '../../../lib/session.ts';
import { AddButton } from '../../../ui/add-button.tsx';
import { type Column, DataTable } from '../../../ui/data-table.tsx';
import { DateText } from '../../../ui/date-text.tsx';
import { FilterBar, optionsOf, SearchFilter, SelectFilter } from '../../../ui/filter-bar.tsx';
import { ListStatePagination } from '../../../ui/pagination.tsx';
import { LoadingDataOverlay } from '../../../ui/record-list.tsx';
import { RowAction } from '../../../ui/row-action.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import { useListState } from '../../../ui/use-list-state.ts';
import { ipListQuery, platformIpsQuery, useUpdateIp } from '../api/voice.ts';
import { IpModal } from './ip-modal.tsx';

const FILTERS = { search: '', status: '', type: '' };
const STATUS_OPTIONS = optionsOf(TRUNK_STATUSES, { all: 'All' });
const TYPE_OPTIONS = [{ value: '', label: 'All' }, ...IP_TYPES.map((t) => ({ value: t, label: IP_TYPE_LABELS[t] }))];

/**
 * 382 Network: the registered IPs with the Type filter, the platform's four fixed addresses and the
 * rules; who may change voice registers, describes, deactivates and reactivates addresses.
 */
export function IpsTab({ scope }: { scope: { customerId?: string | undefined; accountId?: string | undefined; showAccount: boolean } }) {
  const canWrite = useCan('voice.write');
  const [editing, setEditing] = useState<TIpAddress | 'new' | null>(null);
  const update = useUpdateIp();
  const list = useListState({ filters: FILTERS, prefix: 'ip' });
  const { data, isFetching, isPlaceholderData } = useQuery(
    ipListQuery({ ...list.query, customerId: scope.customerId, accountId: scope.accountId }),
  );
  const platform = useQuery(platformIpsQuery);

  const columns: Column<TIpAddress>[] = [
    {
      key: 'ip',
      header: 'IP Address',
      kind: 'figure',
      render: (r) => (
        <Text size="sm" fw={500}>
          {r.ipAddress}
        </Text>
      ),
    },
    { key: 'type', header: 'Type', nowrap: true, render: (r) => IP_TYPE_LABELS[r.type] },
    ...(scope.showAccount
      ? [{ key: 'account', header: 'Account', kind: 'name' as const, render: (r: TIpAddress) => r.accountName ?? '—' }]
      : []),
    { key: 'description', header: 'Description', kind: 'name', render: (r) => r.description ?? '—' },
    { key: 'status', header: 'Status', kind: 'badge', render: (r) => <StatusBadge status={r.status} /> },
    { key: 'updated', header: 'Last Updated', kind: 'figure', render: (r) => <DateText value={r.lastUpdated} /> },
  ];

  function setStatus(r: TIpAddress, status: 'Active' | 'Inactive') {
    update.mutate(
      { id: r.id, body: { status } },
      {
        onSuccess: () => toastSuccess(`${r.ipAddress} ${status === 'Active' ? 'reactivated' : 'deactivated'}`),
        onError: (e) => toastError(e),
      },
    );
  }

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <FilterBar actions={canWrite && <AddButton onClick={() => setEditing('new')}>Register IP</AddButton>}>
            <SearchFilter label="Search" placeholder="IP, description or account" {...list.filter('search')} />
            <SelectFilter label="Type" w={190} data={TYPE_OPTIONS} {...list.filter('type')} />
            <SelectFilter label="Status" w={150} data={STATUS_OPTIONS} {...list.filter('status')} />
          </FilterBar>
          <Box pos="relative">
            <LoadingDataOverlay visible={isFetching && isPlaceholderData} />
            <DataTable
              label="IP addresses"
              columns={columns}
              rows={data?.items}
              loading={isFetching && !data}
              emptyText="No IP addresses found matching your criteria"
              rowActions={
                canWrite
                  ? (r) => (
                      <Group gap={4} wrap="nowrap">
                        <RowAction label="Edit" name={r.ipAddress} icon={<IconEdit size={17} />} onClick={() => setEditing(r)} />
                        {r.status === 'Active' ? (
                          <RowAction
                            label="Deactivate"
                            name={r.ipAddress}
                            icon={<IconPlayerStop size={17} />}
                            color="red"
                            onClick={() => setStatus(r, 'Inactive')}
                          />
                        ) : (
                          <RowAction
                            label="Activate"
                            name={r.ipAddress}
                            icon={<IconPlayerPlay size={17} />}
                            onClick={() => setStatus(r, 'Active')}
                          />
                        )}
                      </Group>
                    )
                  : undefined
              }
            />
          </Box>
          <ListStatePagination list={list} total={data?.total} />
        </Stack>
      </Paper>
      {/* the reference for the list above: the provider's own addresses and the network rules */}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md" radius="md">
          <Title order={3} size="h5" mb="xs">
            Platform IP addresses
          </Title>
          <Table aria-label="Platform IP addresses" verticalSpacing={6} style={{ whiteSpace: 'nowrap' }}>
            <Table.Tbody>
              {(platform.data?.items ?? []).map((p) => (
                <Table.Tr key={p.ipAddress}>
                  <Table.Td fw={500}>{p.ipAddress}</Table.Td>
                  <Table.Td>{IP_TYPE_LABELS[p.type]}</Table.Td>
                  <Table.Td c="dimmed">{p.description}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Title order={3} size="h5" mb="xs">
            Network rules
          </Title>
          <List size="sm" spacing={4}>
            {NETWORK_RULES.map((r) => (
              <List.Item key={r}>{r}</List.Item>
            ))}
          </List>
        </Paper>
      </SimpleGrid>
      <IpModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        ip={editing === 'new' ? null : editing}
        customerId={scope.customerId}
        defaultAccountId={scope.accountId}
      />
    </Stack>
  );
}

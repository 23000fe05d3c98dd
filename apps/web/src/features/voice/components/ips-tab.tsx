import { Box, List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IP_TYPE_LABELS, IP_TYPES, NETWORK_RULES, type TIpAddress, TRUNK_STATUSES } from '@portal/contract/voice';
import { useQuery } from '@tanstack/react-query';
import { type Column, DataTable } from '../../../ui/data-table.tsx';
import { DateText } from '../../../ui/date-text.tsx';
import { FilterBar, SearchFilter, SelectFilter } from '../../../ui/filter-bar.tsx';
import { ListStatePagination } from '../../../ui/pagination.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { useListState } from '../../../ui/use-list-state.ts';
import { ipListQuery, platformIpsQuery } from '../api/voice.ts';
import { LoadingDataOverlay } from './loading-data-overlay.tsx';

const FILTERS = { search: '', status: '', type: '' };
const STATUS_OPTIONS = [{ value: '', label: 'All' }, ...TRUNK_STATUSES.map((s) => ({ value: s, label: s }))];
const TYPE_OPTIONS = [{ value: '', label: 'All' }, ...IP_TYPES.map((t) => ({ value: t, label: IP_TYPE_LABELS[t] }))];

/** 382 Network: the registered IPs with the Type filter, the platform's four fixed addresses and the rules. */
export function IpsTab({ scope }: { scope: { customerId?: string | undefined; accountId?: string | undefined; showAccount: boolean } }) {
  const list = useListState({ filters: FILTERS, prefix: 'ip' });
  const { data, isFetching, isPlaceholderData } = useQuery(
    ipListQuery({ ...list.query, customerId: scope.customerId, accountId: scope.accountId }),
  );
  const platform = useQuery(platformIpsQuery);

  const columns: Column<TIpAddress>[] = [
    {
      key: 'ip',
      header: 'IP Address',
      render: (r) => (
        <Text size="sm" fw={500}>
          {r.ipAddress}
        </Text>
      ),
    },
    { key: 'type', header: 'Type', render: (r) => IP_TYPE_LABELS[r.type] },
    ...(scope.showAccount ? [{ key: 'account', header: 'Account', render: (r: TIpAddress) => r.accountName ?? '—' }] : []),
    { key: 'description', header: 'Description', render: (r) => r.description ?? '—' },
    { key: 'status', header: 'Status', render: (r) => <StatusBadge status={r.status} /> },
    { key: 'updated', header: 'Last Updated', render: (r) => <DateText value={r.lastUpdated} /> },
  ];

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md" radius="md">
          <Title order={3} size="h5" mb="xs">
            Platform IP addresses
          </Title>
          <Table aria-label="Platform IP addresses">
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
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <FilterBar>
            <SearchFilter
              label="Search"
              placeholder="IP, description or account"
              value={list.filters.search}
              onChange={(v) => list.setFilter('search', v)}
            />
            <SelectFilter label="Type" w={190} data={TYPE_OPTIONS} value={list.filters.type} onChange={(v) => list.setFilter('type', v)} />
            <SelectFilter
              label="Status"
              w={150}
              data={STATUS_OPTIONS}
              value={list.filters.status}
              onChange={(v) => list.setFilter('status', v)}
            />
          </FilterBar>
          <Box pos="relative">
            <LoadingDataOverlay visible={isFetching && isPlaceholderData} />
            <DataTable
              label="IP addresses"
              columns={columns}
              rows={data?.items}
              rowKey={(r) => r.id}
              loading={isFetching && !data}
              emptyText="No IP addresses found matching your criteria"
            />
          </Box>
          <ListStatePagination list={list} total={data?.total} />
        </Stack>
      </Paper>
    </Stack>
  );
}

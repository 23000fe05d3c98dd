import { Alert, Anchor, List, Stack } from '@mantine/core';
import type { TIpAddress } from '@portal/contract/customers';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../ui/data-table.tsx';
import { DateText } from '../../../ui/date-text.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { customerIpAddressesQuery } from '../api/customers.ts';

const TYPE_LABEL = { Inbound: 'Call Origination', Outbound: 'Call Termination' } as const;

const columns: Column<TIpAddress>[] = [
  { key: 'ip', header: 'IP Address', kind: 'figure', render: (r) => r.ipAddress },
  { key: 'type', header: 'Type', nowrap: true, render: (r) => TYPE_LABEL[r.type] },
  { key: 'account', header: 'Account', kind: 'name', render: (r) => r.accountName ?? 'All accounts' },
  { key: 'description', header: 'Description', kind: 'name', render: (r) => r.description ?? '' },
  { key: 'status', header: 'Status', kind: 'badge', render: (r) => <StatusBadge status={r.status} /> },
  { key: 'updated', header: 'Last Updated', kind: 'figure', render: (r) => <DateText value={r.lastUpdated} /> },
];

/** Spec 2.6 382 Network tab: the customer's registered IPs and the network rules. */
export function NetworkTab({ customerId }: { customerId: string }) {
  const { data, isFetching } = useQuery(customerIpAddressesQuery(customerId));
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/admin/voice?tab=network" size="sm">
        Register, describe and deactivate IP addresses in Voice Services
      </Anchor>
      <DataTable label="IP addresses" columns={columns} rows={data} loading={isFetching} emptyText="No IP addresses found" />
      <Alert icon={<IconInfoCircle size={18} />} title="382 Network rules" color="blue" variant="light">
        <List size="sm" spacing={4}>
          <List.Item>IP addresses must be registered before they can be used.</List.Item>
          <List.Item>Each IP address is dedicated to a single service.</List.Item>
          <List.Item>All traffic is logged.</List.Item>
          <List.Item>IP addresses unused for 90 days are deactivated.</List.Item>
        </List>
      </Alert>
    </Stack>
  );
}

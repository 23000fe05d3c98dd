import { Anchor, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import type { TAccountListItem } from '@portal/contract/accounts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type Column, DataTable } from '../../../ui/data-table.tsx';
import { DateText } from '../../../ui/date-text.tsx';
import { ListStatePagination } from '../../../ui/pagination.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { useListState } from '../../../ui/use-list-state.ts';
import { companyAccountsQuery, companyProfileQuery } from '../api/company.ts';

const accountPath = (a: TAccountListItem) => `/customer/company-info/accounts/${a.id}`;

const columns: Column<TAccountListItem>[] = [
  {
    key: 'name',
    header: 'Account Name',
    sortable: true,
    render: (a) => (
      <Anchor component={Link} to={accountPath(a)} fw={500}>
        {a.name}
      </Anchor>
    ),
  },
  { key: 'accountId', header: 'Account ID', sortable: true, render: (a) => a.accountId },
  { key: 'status', header: 'Status', sortable: true, render: (a) => <StatusBadge status={a.status} /> },
  { key: 'createdAt', header: 'Created Date', sortable: true, render: (a) => <DateText value={a.createdAt} /> },
];

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children || '—'}</Text>
    </div>
  );
}

function CompanyInfo() {
  const { data: c } = useQuery(companyProfileQuery);
  if (!c) return null;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      <Item label="Company Name">{c.name}</Item>
      <Item label="Customer ID">{c.accountNumber}</Item>
      <Item label="Status">
        <StatusBadge status={c.status} />
      </Item>
      <Item label="Email">{c.email}</Item>
      <Item label="Phone">{c.phone}</Item>
      <Item label="Address">{[c.address, c.city, `${c.state} ${c.zipCode}`.trim(), c.country].filter(Boolean).join(', ')}</Item>
      <Item label="Account Manager">{c.accountManager ?? 'Unassigned'}</Item>
      <Item label="Customer Since">
        <DateText value={c.activationDate} />
      </Item>
    </SimpleGrid>
  );
}

function CompanyAccounts() {
  const list = useListState({ filters: {}, sort: { by: 'name', dir: 'asc' }, pageSize: 10 });
  const { data, isFetching } = useQuery(companyAccountsQuery(list.query));
  const navigate = useNavigate();
  return (
    <Stack gap="md">
      <DataTable
        label="Company accounts"
        columns={columns}
        rows={data?.items}
        rowKey={(a) => a.id}
        loading={isFetching}
        emptyText="No accounts found for this company"
        sort={list.sort}
        onSort={list.toggleSort}
        onRowClick={(a) => void navigate(accountPath(a))}
      />
      <ListStatePagination list={list} total={data?.total} />
    </Stack>
  );
}

/** Customer document, Company Info: tabs company-info and accounts. */
export function CompanyInfoPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'company-info';
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Company Info
      </Title>
      <Paper withBorder p="lg" radius="md">
        <Tabs value={tab} onChange={(v) => setParams(v && v !== 'company-info' ? { tab: v } : {}, { replace: true })} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="company-info">Company Info</Tabs.Tab>
            <Tabs.Tab value="accounts">Accounts</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="company-info">
            <CompanyInfo />
          </Tabs.Panel>
          <Tabs.Panel value="accounts">
            <CompanyAccounts />
          </Tabs.Panel>
        </Tabs>
      </Paper>
    </Stack>
  );
}

import { Button, Group, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCan } from '../../../lib/session.ts';
import { AccountsTable } from './accounts-table.tsx';

/** Spec 2.6, the customer's Accounts tab (staff): every column, Add Account, Edit and Delete. */
export function CustomerAccountsPanel({ customerId }: { customerId: string }) {
  const canWrite = useCan('accounts.write');
  return (
    <Stack gap="md">
      {canWrite && (
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={16} />} variant="light" component={Link} to={`/admin/accounts/new?customerId=${customerId}`}>
            Add Account
          </Button>
        </Group>
      )}
      <AccountsTable
        label="Accounts"
        customerId={customerId}
        columns="staff"
        actions
        prefix="acc"
        emptyText="No accounts found for this customer"
        pathOf={(a) => `/admin/customers/${customerId}/accounts/${a.id}`}
      />
    </Stack>
  );
}

/** Customer document, Company Info's accounts tab: the four basics, a row opens the account. */
export function CompanyAccountsPanel() {
  return (
    <AccountsTable
      label="Company accounts"
      openOnRowClick
      defaultSort="name"
      pageSize={10}
      emptyText="No accounts found for this company"
      pathOf={(a) => `/customer/company-info/accounts/${a.id}`}
    />
  );
}

import { Group, Paper } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCan } from '../../../lib/session.ts';
import { AddButton } from '../../../ui/add-button.tsx';
import { PageTitle } from '../../../ui/titles.tsx';
import { AccountsTable } from '../components/accounts-table.tsx';
import { AddAccountModal } from '../components/add-account-modal.tsx';

/** Customer portal /customer/accounts: the company's sub-accounts, 10 per page by default. */
export function AccountListPage() {
  const canWrite = useCan('accounts.write');
  const [params] = useSearchParams();
  // The dashboard's Add Sub-Account quick link opens the modal with ?add=1.
  const [adding, setAdding] = useState(params.get('add') === '1');

  return (
    <>
      <Group justify="space-between" mb="md">
        <PageTitle>Sub-accounts</PageTitle>
        {canWrite && <AddButton onClick={() => setAdding(true)}>Add Account</AddButton>}
      </Group>
      <Paper withBorder p="md" radius="md">
        <AccountsTable
          label="Sub-accounts"
          columns="counts"
          filters
          actions={canWrite}
          pathOf={(a) => `/customer/accounts/${a.id}`}
          pageSize={10}
        />
      </Paper>
      {canWrite && <AddAccountModal opened={adding} onClose={() => setAdding(false)} />}
    </>
  );
}

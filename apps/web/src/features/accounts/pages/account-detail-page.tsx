import { Button, Group, Stack } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Outlet, useNavigate, useSearchParams } from 'react-router';
import { accountPath, usePortalScope } from '../../../lib/scope.ts';
import { useCan } from '../../../lib/session.ts';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { DetailTabs } from '../../../ui/detail-tabs.tsx';
import { RecordLoading, RecordNotFound } from '../../../ui/record-states.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { PageTitle } from '../../../ui/titles.tsx';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import { accountQuery, useDeleteAccount } from '../api/accounts.ts';
import { AccountEditModal } from '../components/account-edit-modal.tsx';
import { AccountSwitcher } from '../components/account-switcher.tsx';
import { ADMIN_ACCOUNT_TABS, CUSTOMER_ACCOUNT_TABS } from '../components/account-tabs.ts';

function withoutEdit(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('edit');
  return next;
}

/**
 * The account detail layout (spec 2.7; the customer portal's reduced mode): header with the
 * account switcher, the tab bar bound to the path suffixes, and the tab page in the <Outlet/>.
 * Edit for accounts.write (staff, a customer Admin); Delete in the admin portal.
 */
export function AccountDetailPage() {
  const scope = usePortalScope();
  const accountId = scope.accountId ?? '';
  const { data: account, isLoading } = useQuery(accountQuery(accountId));
  // Edit for whoever may change accounts (staff, and a customer Admin on their own sub-accounts);
  // Delete here only in the admin portal (the customer's Sub-accounts list has its own).
  const canEdit = useCan('accounts.write');
  const canDelete = scope.portal === 'admin' && canEdit;
  // A list's Edit pencil opens the page with ?edit=1: the dialog opens once and the parameter goes.
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState(() => params.get('edit') === '1');
  useEffect(() => {
    if (params.has('edit')) setParams((prev) => withoutEdit(prev), { replace: true });
  }, [params, setParams]);
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const { confirm, dialog } = useConfirm();

  if (isLoading) return <RecordLoading />;
  // An account of another customer than the one in the admin path is not this page's account.
  if (!account || (scope.portal === 'admin' && scope.customerId && account.customerId !== scope.customerId)) {
    return <RecordNotFound title="Account not found" error={null} notFound="The account does not exist or has been removed." />;
  }

  async function onDelete() {
    if (!account) return;
    if (
      !(await confirm({ title: 'Delete account', message: 'Are you sure you want to delete this account? This action cannot be undone.' }))
    )
      return;
    remove.mutate(account.id, {
      onSuccess: () => {
        toastSuccess(`${account.name} was deleted`);
        void navigate(`/admin/customers/${account.customerId}`, { replace: true });
      },
      onError: (e) => toastError(e),
    });
  }

  const basePath = accountPath(scope, account.customerId, account.id);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <PageTitle
          badge={<StatusBadge status={account.status} />}
          description={
            <>
              {account.accountId}
              {scope.portal === 'admin' ? ` · ${account.customerName}` : ''}
            </>
          }
        >
          {account.name}
        </PageTitle>
        <Group gap="sm">
          <AccountSwitcher scope={scope} customerId={account.customerId} accountId={account.id} />
          {canEdit && (
            <Button variant="light" leftSection={<IconEdit size={16} />} onClick={() => setEditing(true)}>
              Edit
            </Button>
          )}
          {canDelete && (
            <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={() => void onDelete()}>
              Delete
            </Button>
          )}
        </Group>
      </Group>
      <DetailTabs basePath={basePath} tabs={scope.portal === 'admin' ? ADMIN_ACCOUNT_TABS : CUSTOMER_ACCOUNT_TABS} />
      <Outlet />
      {canEdit && <AccountEditModal account={account} opened={editing} onClose={() => setEditing(false)} />}
      {dialog}
    </Stack>
  );
}

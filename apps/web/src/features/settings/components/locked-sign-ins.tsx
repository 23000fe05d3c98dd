import { Paper, Stack, Text } from '@mantine/core';
import type { TSignInLock } from '@portal/contract/auth';
import { IconLockOpen } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../../lib/format.ts';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { type Column, DataTable } from '../../../ui/data-table.tsx';
import { RowAction } from '../../../ui/row-action.tsx';
import { SectionTitle } from '../../../ui/titles.tsx';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import { signInLocksQuery, useUnlockSignIn } from '../api/sign-in-locks.ts';

/**
 * Addresses refused at sign-in after too many failed attempts. Anyone can lock anyone out by
 * guessing, so a staff Admin can let the real user in again before the lock runs out.
 */
export function LockedSignIns() {
  const { data, isFetching } = useQuery(signInLocksQuery());
  const unlock = useUnlockSignIn();
  const { confirm, dialog } = useConfirm();

  async function onUnlock(lock: TSignInLock) {
    const ok = await confirm({
      title: 'Unlock sign-in',
      message: `Let ${lock.email} sign in again now? The failed attempts are forgotten.`,
      confirmLabel: 'Unlock',
      danger: false,
    });
    if (!ok) return;
    unlock.mutate(lock.email, { onSuccess: () => toastSuccess(`Sign-in unlocked for ${lock.email}`), onError: (e) => toastError(e) });
  }

  const columns: Column<TSignInLock>[] = [
    { key: 'email', header: 'Email', kind: 'name', render: (l) => l.email },
    { key: 'user', header: 'User', render: (l) => l.userName ?? <Text c="dimmed">No such user</Text> },
    { key: 'failures', header: 'Failed Attempts', kind: 'figure', align: 'right', render: (l) => l.failures },
    { key: 'lockedUntil', header: 'Locked Until', kind: 'figure', render: (l) => formatDateTime(l.lockedUntil) },
  ];

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <SectionTitle description="Addresses refused at sign-in after too many failed attempts. A password reset also unlocks an address.">
          Locked Sign-ins
        </SectionTitle>
        <DataTable
          label="Locked sign-ins"
          columns={columns}
          rows={data?.items}
          rowKey={(l) => l.email}
          loading={isFetching && !data}
          emptyText="No locked sign-ins"
          rowActions={(l) => <RowAction label="Unlock" name={l.email} icon={<IconLockOpen size={17} />} onClick={() => void onUnlock(l)} />}
        />
      </Stack>
      {dialog}
    </Paper>
  );
}

import { Button, Group, Paper, Stack } from '@mantine/core';
import { IconShieldOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { usePortalScope } from '../../../lib/scope.ts';
import { useCan } from '../../../lib/session.ts';
import { ActivityLog } from '../../../ui/activity-log.tsx';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { BackButton, MissingRecord, RecordLoading } from '../../../ui/record-states.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { PageTitle } from '../../../ui/titles.tsx';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import { useResetTwoFactor, userActivityQuery, userQuery } from '../api/users.ts';
import { UserForm } from '../components/user-form.tsx';
import { UsersTabs } from '../components/users-tabs.tsx';

/** /admin/users/{id} and /customer/users/{id}: the Add/Edit tab with the user's form; Cancel returns to the list. */
export function UserDetailPage() {
  const { userId = '' } = useParams();
  const { portal } = usePortalScope();
  const base = `/${portal}/users`;
  const navigate = useNavigate();
  const { data: user, isPending, error } = useQuery(userQuery(userId));
  const activity = useQuery({ ...userActivityQuery(userId), enabled: Boolean(user) });
  const back = () => void navigate(base);
  const canResetTwoFactor = useCan('users.resetTwoFactor');
  const resetTwoFactor = useResetTwoFactor();
  const { confirm, dialog } = useConfirm();

  const askResetTwoFactor = async (u: { id: string; name: string }) => {
    const ok = await confirm({
      title: 'Reset Two-Factor Authentication',
      message: `Reset two-factor authentication for ${u.name}? Their authenticator app, recovery codes and trusted computers stop working; they sign in with their password until they set it up again. They are notified.`,
      confirmLabel: 'Reset',
    });
    if (!ok) return;
    resetTwoFactor.mutate(u.id, {
      onSuccess: () => toastSuccess(`Two-factor authentication reset for ${u.name}`),
      onError: (e) => toastError(e),
    });
  };

  if (isPending) return <RecordLoading label="Loading user..." />;
  if (!user) {
    return <MissingRecord noun="user" error={error} back={{ label: 'Back to Users', onClick: back }} />;
  }

  return (
    <Stack gap="md">
      <Group gap="sm">
        <BackButton onClick={back} />
        <PageTitle>{user.name}</PageTitle>
        <StatusBadge status={user.status} />
        {canResetTwoFactor && user.twoFactorEnabled && (
          <Button
            variant="outline"
            color="red.9"
            ml="auto"
            leftSection={<IconShieldOff size={16} />}
            loading={resetTwoFactor.isPending}
            onClick={() => void askResetTwoFactor(user)}
          >
            Reset Two-Factor
          </Button>
        )}
      </Group>
      <UsersTabs
        active="form"
        onChange={(tab) => void navigate(tab === 'list' ? base : `${base}?mode=add`)}
        list={null}
        form={
          <Paper withBorder p="lg" radius="md">
            <UserForm key={`${user.id}-${user.twoFactorEnabled}`} kind={user.kind} user={user} onDone={() => undefined} onCancel={back} />
          </Paper>
        }
      />
      <ActivityLog entries={activity.data} />
      {dialog}
    </Stack>
  );
}

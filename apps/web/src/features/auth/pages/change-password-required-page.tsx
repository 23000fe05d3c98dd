import { Stack, Text, Title } from '@mantine/core';
import { PASSWORD_EXPIRED } from '@portal/contract/auth';
import { useSessionUser } from '../../../lib/session.ts';
import { PublicLayout } from '../../../ui/public-layout.tsx';
import { toastSuccess } from '../../../ui/toast.ts';
import { useLogout } from '../api/logout.ts';
import { ChangePasswordForm } from '../components/change-password-form.tsx';

/**
 * Shown instead of the portal to a user signed in with a temporary password (an admin set it) or
 * with a password older than settings' passwordExpiryDays: nothing else is served until they
 * choose a new one. Cancel signs out.
 */
export function ChangePasswordRequiredPage() {
  const logout = useLogout();
  const expired = useSessionUser().passwordExpired === true;
  return (
    <PublicLayout>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {expired ? 'Change Your Password' : 'Choose Your Password'}
          </Title>
          <Text c="dimmed" size="sm">
            {expired ? PASSWORD_EXPIRED : 'You signed in with a temporary password. Choose a password of your own to continue.'}
          </Text>
        </Stack>
        <ChangePasswordForm
          submitLabel="Save and Continue"
          onDone={() => toastSuccess('Password changed successfully')}
          onCancel={() => logout.mutate()}
        />
      </Stack>
    </PublicLayout>
  );
}

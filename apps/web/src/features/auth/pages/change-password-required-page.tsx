import { Stack } from '@mantine/core';
import { PASSWORD_EXPIRED } from '@portal/contract/auth';
import { useSessionUser } from '../../../lib/session.ts';
import { PublicLayout } from '../../../ui/public-layout.tsx';
import { PageTitle } from '../../../ui/titles.tsx';
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
        <PageTitle
          description={expired ? PASSWORD_EXPIRED : 'You signed in with a temporary password. Choose a password of your own to continue.'}
        >
          {expired ? 'Change Your Password' : 'Choose Your Password'}
        </PageTitle>
        <ChangePasswordForm
          submitLabel="Save and Continue"
          onDone={() => toastSuccess('Password changed successfully')}
          onCancel={() => logout.mutate()}
        />
      </Stack>
    </PublicLayout>
  );
}

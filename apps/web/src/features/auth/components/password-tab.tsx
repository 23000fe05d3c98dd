import { Box, Title } from '@mantine/core';
import { toastSuccess } from '../../../ui/toast.ts';
import { ChangePasswordForm } from './change-password-form.tsx';

/** User Settings' Password tab: the change-password form ('Password changed successfully', fields cleared). */
export function PasswordTab() {
  return (
    <Box maw={480}>
      <Title order={2} size="h4" mb="md">
        Change Password
      </Title>
      <ChangePasswordForm onDone={() => toastSuccess('Password changed successfully')} onCancel={() => undefined} />
    </Box>
  );
}

import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation, useSearchParams } from 'react-router';
import { portalOfPath } from '../../../lib/route-handle.ts';
import { PublicLayout } from '../../../ui/public-layout.tsx';
import { ResetPasswordForm } from '../components/reset-password-form.tsx';

/** /admin/reset-password and /customer/reset-password, opened from the emailed link. */
export function ResetPasswordPage() {
  const portal = portalOfPath(useLocation().pathname);
  const token = useSearchParams()[0].get('token') ?? '';
  return (
    <PublicLayout>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Reset Password
          </Title>
          <Text c="dimmed" size="sm">
            Choose a new password for your account.
          </Text>
        </Stack>
        {token ? (
          <ResetPasswordForm portal={portal} token={token} />
        ) : (
          <Alert color="red" variant="light">
            This reset link is invalid or has expired. Please ask for a new one.
          </Alert>
        )}
        <Text size="sm" ta="center">
          <Anchor component={Link} to={`/${portal}/forgot-password`}>
            Ask for a new link
          </Anchor>
        </Text>
      </Stack>
    </PublicLayout>
  );
}

import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Link, useLocation, useSearchParams } from 'react-router';
import { portalOfPath } from '../../../lib/route-handle.ts';
import { PublicLayout } from '../../../ui/public-layout.tsx';
import { PageTitle } from '../../../ui/titles.tsx';
import { ResetPasswordForm } from '../components/reset-password-form.tsx';

/** /admin/reset-password and /customer/reset-password, opened from the emailed link. */
export function ResetPasswordPage() {
  const portal = portalOfPath(useLocation().pathname);
  const token = useSearchParams()[0].get('token') ?? '';
  return (
    <PublicLayout>
      <Stack gap="lg">
        <PageTitle description="Choose a new password for your account.">Reset Password</PageTitle>
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

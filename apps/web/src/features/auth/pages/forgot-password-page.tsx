import { Anchor, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { portalLogin, portalOfPath } from '../../../lib/route-handle.ts';
import { PublicLayout } from '../../../ui/public-layout.tsx';
import { PageTitle } from '../../../ui/titles.tsx';
import { ForgotPasswordForm } from '../components/forgot-password-form.tsx';

/** /admin/forgot-password and /customer/forgot-password. */
export function ForgotPasswordPage() {
  const portal = portalOfPath(useLocation().pathname);
  return (
    <PublicLayout>
      <Stack gap="lg">
        <PageTitle description="Enter the email address of your account and we will email you a link to reset your password.">
          Forgot Password
        </PageTitle>
        <ForgotPasswordForm portal={portal} />
        <Text size="sm" ta="center">
          <Anchor component={Link} to={portalLogin(portal)}>
            Back to sign in
          </Anchor>
        </Text>
      </Stack>
    </PublicLayout>
  );
}

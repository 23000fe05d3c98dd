import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { portalLogin, portalOfPath } from '../../../lib/route-handle.ts';
import { PublicLayout } from '../../../ui/public-layout.tsx';
import { ForgotPasswordForm } from '../components/forgot-password-form.tsx';

/** /admin/forgot-password and /customer/forgot-password. */
export function ForgotPasswordPage() {
  const portal = portalOfPath(useLocation().pathname);
  return (
    <PublicLayout>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Forgot Password
          </Title>
          <Text c="dimmed" size="sm">
            Enter the email address of your account and we will email you a link to reset your password.
          </Text>
        </Stack>
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

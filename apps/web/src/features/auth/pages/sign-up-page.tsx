import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { REGISTRATION_CLOSED } from '@portal/contract/registration';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session.ts';
import { FullPageLoader } from '../../../ui/full-page-loader.tsx';
import { PublicLayout } from '../../../ui/public-layout.tsx';
import { PageTitle } from '../../../ui/titles.tsx';
import { SignUpForm } from '../components/sign-up-form.tsx';

/** /customer/sign-up: open while settings' allowUserSelfRegistration is on; staff approve each registration. */
export function SignUpPage() {
  const session = useSession();
  if (session.isPending) return <FullPageLoader />;
  const open = session.data?.selfRegistration === true;
  return (
    <PublicLayout width={560}>
      <Stack gap="lg">
        <PageTitle description="Sign up your company. Our team reviews every registration before the account is opened.">
          Create an Account
        </PageTitle>
        {open ? (
          <SignUpForm />
        ) : (
          <Alert color="orange" variant="light">
            {REGISTRATION_CLOSED}
          </Alert>
        )}
        <Text size="sm" ta="center" c="dimmed">
          Already have an account?{' '}
          <Anchor component={Link} to="/customer/login" fw={500}>
            Sign in
          </Anchor>
        </Text>
      </Stack>
    </PublicLayout>
  );
}

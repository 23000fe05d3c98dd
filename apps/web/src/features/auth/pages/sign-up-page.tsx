import { Alert, Stack } from '@mantine/core';
import { REGISTRATION_CLOSED } from '@portal/contract/registration';
import { useSession } from '../../../lib/session.ts';
import { FullPageLoader } from '../../../ui/full-page-loader.tsx';
import { PublicLayout } from '../../../ui/public-layout.tsx';
import { PageTitle } from '../../../ui/titles.tsx';
import { PromptLink } from '../components/prompt-link.tsx';
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
        <PromptLink prompt="Already have an account?" to="/customer/login">
          Sign in
        </PromptLink>
      </Stack>
    </PublicLayout>
  );
}

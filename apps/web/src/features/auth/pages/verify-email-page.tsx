import { Alert, Anchor, Button, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useField } from '@mantine/form';
import { type FormEvent, useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api.ts';
import { PublicLayout } from '../../../ui/public-layout.tsx';
import { PageTitle } from '../../../ui/titles.tsx';
import { useResendVerification, useVerifyEmail } from '../api/registration.ts';
import { emailError } from '../components/auth-validation.ts';

/** Asks for a new verification link by address (the answer is the same whether or not it has one). */
function ResendForm() {
  const resend = useResendVerification();
  const email = useField({ initialValue: '', validate: emailError });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await email.validate()) return;
    resend.mutate(email.getValue().trim());
  };
  if (resend.isSuccess) {
    return (
      <Alert color="teal" variant="light" title="Check your email">
        {resend.data.message}
      </Alert>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {resend.isError && (
          <Alert color="red" variant="light">
            {isApiError(resend.error) ? resend.error.message : 'The link could not be sent. Please try again.'}
          </Alert>
        )}
        <TextInput label="Email" type="email" autoComplete="email" placeholder="you@company.com" {...email.getInputProps()} />
        <Button type="submit" fullWidth loading={resend.isPending}>
          Send a new link
        </Button>
      </Stack>
    </form>
  );
}

/** /customer/verify-email: the emailed link (?token=) verifies the address once; without one, a new link can be asked for. */
export function VerifyEmailPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const verify = useVerifyEmail();
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    verify.mutate(token);
  }, [token, verify]);

  return (
    <PublicLayout>
      <Stack gap="lg">
        <PageTitle>Verify Email</PageTitle>
        {token && verify.isPending && (
          <Stack align="center" gap="xs">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              Verifying your email address…
            </Text>
          </Stack>
        )}
        {verify.isSuccess && (
          <Alert color="teal" variant="light" title="Email verified">
            {verify.data.message}
          </Alert>
        )}
        {verify.isError && (
          <Alert color="red" variant="light">
            {isApiError(verify.error) ? verify.error.message : 'The address could not be verified. Please try again.'}
          </Alert>
        )}
        {(!token || verify.isError) && (
          <>
            <Text c="dimmed" size="sm">
              Enter the email address you signed up with and we will send you a new verification link.
            </Text>
            <ResendForm />
          </>
        )}
        <Text size="sm" ta="center">
          <Anchor component={Link} to="/customer/login">
            Back to sign in
          </Anchor>
        </Text>
      </Stack>
    </PublicLayout>
  );
}

import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useField } from '@mantine/form';
import type { FormEvent } from 'react';
import { isApiError } from '../../../lib/api.ts';
import type { Portal } from '../../../lib/route-handle.ts';
import { useRequestPasswordReset } from '../api/forgot-password.ts';
import { emailError } from './auth-validation.ts';

export function ForgotPasswordForm({ portal }: { portal: Portal }) {
  const request = useRequestPasswordReset();
  const email = useField({ initialValue: '', validate: emailError });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await email.validate()) return;
    request.mutate(
      { email: email.getValue().trim(), portal },
      {
        onError: (error) => {
          if (isApiError(error, 'VALIDATION_FAILED') && error.fields.email) email.setError(error.fields.email);
        },
      },
    );
  };

  if (request.isSuccess) {
    return (
      <Alert color="teal" variant="light" title="Check your email">
        If an account exists for {request.variables.email}, we have sent it a link to reset the password. The link expires after a limited
        time.
      </Alert>
    );
  }

  const failed = request.isError && !(isApiError(request.error, 'VALIDATION_FAILED') && request.error.fields.email);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {failed && (
          <Alert color="red" variant="light">
            {isApiError(request.error, 'RATE_LIMITED') ? request.error.message : 'The reset link could not be requested. Please try again.'}
          </Alert>
        )}
        <TextInput label="Email" placeholder="you@company.com" type="email" autoComplete="email" autoFocus {...email.getInputProps()} />
        <Button type="submit" fullWidth loading={request.isPending}>
          Send reset link
        </Button>
      </Stack>
    </form>
  );
}

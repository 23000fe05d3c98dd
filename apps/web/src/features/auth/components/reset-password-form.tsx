import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useField } from '@mantine/form';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../../lib/api.ts';
import { type Portal, portalLogin } from '../../../lib/route-handle.ts';
import { useResetPassword } from '../api/reset-password.ts';

export function ResetPasswordForm({ portal, token }: { portal: Portal; token: string }) {
  const reset = useResetPassword();
  const password = useField({ initialValue: '', validate: (v: string) => (v ? null : 'Password is required') });
  const confirm = useField({
    initialValue: '',
    validate: (v: string) => (v === password.getValue() ? null : 'New passwords do not match'),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const errors = [await password.validate(), await confirm.validate()];
    if (errors.some(Boolean)) return;
    reset.mutate(
      { token, password: password.getValue() },
      {
        onError: (error) => {
          if (isApiError(error, 'VALIDATION_FAILED') && error.fields.password) password.setError(error.fields.password);
        },
      },
    );
  };

  if (reset.isSuccess) {
    return (
      <Alert color="teal" variant="light" title="Password changed">
        Your password has been reset.{' '}
        <Anchor component={Link} to={portalLogin(portal)}>
          Sign in
        </Anchor>{' '}
        with your new password.
      </Alert>
    );
  }

  const fieldError = isApiError(reset.error, 'VALIDATION_FAILED') && reset.error.fields.password;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {reset.isError && !fieldError && (
          <Alert color="red" variant="light">
            {isApiError(reset.error) ? reset.error.message : 'The password could not be reset. Please try again.'}
          </Alert>
        )}
        <PasswordInput label="New password" autoComplete="new-password" autoFocus {...password.getInputProps()} />
        <PasswordInput label="Confirm new password" autoComplete="new-password" {...confirm.getInputProps()} />
        <Button type="submit" fullWidth loading={reset.isPending}>
          Reset password
        </Button>
      </Stack>
    </form>
  );
}

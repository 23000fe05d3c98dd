import { Alert, Anchor, Button, Checkbox, Group, Loader, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useField } from '@mantine/form';
import type { TTwoFactorChallenge } from '@portal/contract/auth';
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api.ts';
import { AppLink } from '../../../lib/navigation.tsx';
import type { Portal } from '../../../lib/portal.ts';
import { useLogin } from '../api/login.ts';
import { readRememberedEmail } from '../api/remembered-email.ts';
import { emailError, passwordError } from './auth-validation.ts';
import { takeTypedSubmit, typedSignIn } from './typed-sign-in.ts';

// The code step loads only when a sign-in needs it (the sign-in page's first load stays small).
const TwoFactorStep = lazy(() => import('./two-factor-step.tsx').then((m) => ({ default: m.TwoFactorStep })));

const GENERIC_FAILURE = 'Login failed. Please try again.';

/** verify: a self-registered user's address is not verified yet (a link to ask for a new email). */
type Failure = { title: string; message: string; color: 'red' | 'orange'; verify?: boolean };

/**
 * The message shown above the form: the server's own for wrong credentials, a lockout or
 * throttling, the maintenance message while the customer portal is closed, else a generic one.
 */
function failureOf(error: unknown): Failure {
  if (isApiError(error, 'MAINTENANCE')) return { title: 'Down for maintenance', message: error.message, color: 'orange' };
  if (isApiError(error, 'EMAIL_NOT_VERIFIED'))
    return { title: 'Email not verified', message: error.message, color: 'orange', verify: true };
  if (isApiError(error, 'REGISTRATION_PENDING')) return { title: 'Registration under review', message: error.message, color: 'orange' };
  if (isApiError(error, 'INVALID_CREDENTIALS') || isApiError(error, 'ACCOUNT_LOCKED') || isApiError(error, 'RATE_LIMITED'))
    return { title: 'Sign-in failed', message: error.message, color: 'red' };
  return { title: 'Sign-in failed', message: GENERIC_FAILURE, color: 'red' };
}

export function LoginForm({ portal }: { portal: Portal }) {
  const login = useLogin();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [remembered] = useState(readRememberedEmail);
  // what was typed into the form drawn at build time before this one replaced it (typed-sign-in.ts)
  const [typed] = useState(typedSignIn);
  // Each field's error clears as soon as that field is edited (clearErrorOnChange).
  const email = useField({ initialValue: typed?.email || (remembered ?? ''), validate: emailError });
  const password = useField({ initialValue: typed?.password ?? '', validate: passwordError });
  const remember = useField({ initialValue: typed?.remember === true || remembered !== null, type: 'checkbox' });
  // The password was right and the user has two-factor sign-in: the code step replaces the form.
  const [challenge, setChallenge] = useState<TTwoFactorChallenge | null>(null);
  const form = useRef<HTMLFormElement>(null);
  // Sign in was pressed on the prerendered form before this one was drawn: sign in now.
  useEffect(() => {
    if (takeTypedSubmit()) form.current?.requestSubmit();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const errors = await Promise.all([email.validate(), password.validate()]);
    if (errors.some(Boolean)) return;
    try {
      const result = await login.mutateAsync({
        email: email.getValue().trim(),
        password: password.getValue(),
        remember: remember.getValue(),
        portal,
      });
      if ('twoFactor' in result) setChallenge(result.twoFactor);
    } catch (error) {
      const fields = isApiError(error, 'VALIDATION_FAILED') ? error.fields : {};
      if (fields.email || fields.password) {
        if (fields.email) email.setError(fields.email);
        if (fields.password) password.setError(fields.password);
      } else {
        setFailure(failureOf(error));
      }
    }
  };

  if (challenge) {
    return (
      <Suspense fallback={<Loader size="sm" mx="auto" aria-label="Loading" />}>
        <TwoFactorStep
          challenge={challenge}
          email={email.getValue().trim()}
          remember={remember.getValue()}
          onBack={(end) => {
            setChallenge(null);
            password.reset();
            setFailure(
              end
                ? {
                    title: end.maintenance ? 'Down for maintenance' : 'Sign-in failed',
                    message: end.message,
                    color: end.maintenance ? 'orange' : 'red',
                  }
                : null,
            );
          }}
        />
      </Suspense>
    );
  }

  return (
    <form ref={form} onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure && (
          <Alert color={failure.color} variant="light" title={failure.title} role={failure.color === 'orange' ? 'status' : undefined}>
            {failure.message}
            {failure.verify && (
              <>
                {' '}
                <Anchor component={AppLink} to="/customer/verify-email" size="sm">
                  Send a new link
                </Anchor>
              </>
            )}
          </Alert>
        )}
        <TextInput
          label="Email"
          placeholder="you@company.com"
          type="email"
          autoComplete="username"
          autoFocus={!remembered}
          {...email.getInputProps()}
        />
        <PasswordInput
          label="Password"
          placeholder="Your password"
          autoComplete="current-password"
          autoFocus={Boolean(remembered)}
          {...password.getInputProps()}
        />
        <Group justify="space-between" wrap="nowrap">
          <Checkbox label="Remember me" {...remember.getInputProps()} />
          <Anchor component={AppLink} to={`/${portal}/forgot-password`} size="sm">
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" fullWidth size="md" loading={login.isPending}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}

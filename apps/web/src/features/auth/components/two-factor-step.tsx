import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useField } from '@mantine/form';
import type { TTwoFactorChallenge } from '@portal/contract/auth';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../../lib/api.ts';
import { useLoginTwoFactor } from '../api/two-factor.ts';
import { recoveryCodeError, twoFactorCodeError } from './auth-validation.ts';

/** Why the code step ended and the password is asked again (shown above the sign-in form). */
export type CodeStepEnd = { message: string; maintenance?: boolean };

/**
 * The sign-in's second step (the password was right): the 6-digit code from the authenticator app,
 * or one of the recovery codes. A wrong code stays here; an expired or used-up step, or a lockout,
 * goes back to the password with the server's message.
 */
export function TwoFactorStep({
  challenge,
  email,
  remember,
  onBack,
}: {
  challenge: TTwoFactorChallenge;
  email: string;
  remember: boolean;
  onBack: (end?: CodeStepEnd) => void;
}) {
  const verify = useLoginTwoFactor();
  const [recovery, setRecovery] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const appCode = useField({ initialValue: '', validate: twoFactorCodeError });
  const recoveryCode = useField({ initialValue: '', validate: recoveryCodeError });
  const code = recovery ? recoveryCode : appCode;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (await code.validate()) return;
    try {
      await verify.mutateAsync({ challengeId: challenge.challengeId, code: code.getValue().trim(), email, remember });
    } catch (error) {
      if (isApiError(error, 'INVALID_CODE')) {
        code.setError(error.message);
      } else if (isApiError(error, 'CHALLENGE_EXPIRED') || isApiError(error, 'ACCOUNT_LOCKED')) {
        onBack({ message: error.message });
      } else if (isApiError(error, 'MAINTENANCE')) {
        // maintenance began between the password and the code: the customer portal takes no sign-in
        onBack({ message: error.message, maintenance: true });
      } else if (isApiError(error, 'VALIDATION_FAILED') && error.fields.code) {
        code.setError(error.fields.code);
      } else {
        setFailure(isApiError(error, 'RATE_LIMITED') ? error.message : 'Login failed. Please try again.');
      }
    }
  };

  const switchKind = () => {
    setRecovery((r) => !r);
    appCode.reset();
    recoveryCode.reset();
    setFailure(null);
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="two-factor-step-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4" id="two-factor-step-title">
            Two-Factor Authentication
          </Title>
          <Text size="sm" c="dimmed">
            {recovery
              ? 'Enter one of the recovery codes you saved when you set up two-factor authentication. Each works once.'
              : 'Enter the 6-digit code from your authenticator app.'}
          </Text>
        </Stack>
        {failure && (
          <Alert color="red" variant="light" title="Sign-in failed">
            {failure}
          </Alert>
        )}
        <TextInput
          key={recovery ? 'recovery' : 'code'}
          label={recovery ? 'Recovery code' : 'Verification code'}
          placeholder={recovery ? 'xxxxx-xxxxx' : '123456'}
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          maxLength={recovery ? 20 : 6}
          autoFocus
          {...code.getInputProps()}
        />
        {challenge.mode === 'once_per_computer' && (
          <Text size="xs" c="dimmed">
            This computer will not ask again for 30 days.
          </Text>
        )}
        <Button type="submit" fullWidth size="md" loading={verify.isPending}>
          Verify
        </Button>
        <Group justify="space-between" wrap="nowrap">
          <Anchor component="button" type="button" size="sm" onClick={switchKind}>
            {recovery ? 'Use a code from the app' : 'Use a recovery code'}
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={() => onBack()}>
            Back to sign in
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}

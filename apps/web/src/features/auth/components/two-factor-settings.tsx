import { Alert, Button, Group, Modal, PasswordInput, SegmentedControl, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { RECOVERY_CODES, type TTwoFactorSetup, TWO_FACTOR_DISABLE_CONFIRM } from '@portal/contract/auth';
import { TWO_FACTOR_MODE_LABELS } from '@portal/contract/users';
import { IconShieldCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api.ts';
import { DateText } from '../../../ui/date-text.tsx';
import { FormActions } from '../../../ui/form-actions.tsx';
import { ShownOnceModal } from '../../../ui/shown-once.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { SectionTitle } from '../../../ui/titles.tsx';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import {
  twoFactorStatusQuery,
  useDisableTwoFactor,
  useRefreshSession,
  useRegenerateRecoveryCodes,
  useStartTwoFactorSetup,
} from '../api/two-factor.ts';
import { TWO_FACTOR_CODE_MESSAGE, twoFactorCodeError } from './auth-validation.ts';
import { TwoFactorSetupPanel } from './two-factor-setup.tsx';

/** The ten recovery codes, shown once after enabling (or making new ones). */
function RecoveryCodesModal({ codes, onClose }: { codes: string[]; onClose: () => void }) {
  return (
    <ShownOnceModal
      title="Save Your Recovery Codes"
      warning={`These ${codes.length} codes are shown only once. Keep them somewhere safe: each one signs you in once if you lose your phone.`}
      value={codes.join('\n')}
      testId="recovery-codes"
      onClose={onClose}
    />
  );
}

/** One field, checked on submit; its error clears when it is edited. */
function useCodeField() {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  return {
    value,
    error,
    setError,
    reset: () => {
      setValue('');
      setError(null);
    },
    props: {
      value,
      error,
      onChange: (e: { currentTarget: { value: string } }) => {
        setValue(e.currentTarget.value);
        setError(null);
      },
    },
  };
}

/**
 * Turning it off: the spec's confirmation, proven with a current code from the app (a recovery
 * code works too) or the password.
 */
function DisableModal({ onClose }: { onClose: () => void }) {
  const [proof, setProof] = useState<'code' | 'password'>('code');
  const field = useCodeField();
  const disable = useDisableTwoFactor();
  const refreshSession = useRefreshSession();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = field.value.trim();
    if (proof === 'code' && !value) return field.setError(TWO_FACTOR_CODE_MESSAGE);
    if (proof === 'password' && !field.value) return field.setError('Password is required');
    disable.mutate(proof === 'code' ? { code: value } : { password: field.value }, {
      onSuccess: () => {
        toastSuccess('Two-factor authentication disabled');
        refreshSession();
        onClose();
      },
      onError: (e) => {
        const message = isApiError(e, 'VALIDATION_FAILED') ? (e.fields.code ?? e.fields.password) : undefined;
        if (message) field.setError(message);
        else toastError(e);
      },
    });
  };

  return (
    <Modal opened onClose={onClose} title="Disable Two-Factor Authentication" centered size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{TWO_FACTOR_DISABLE_CONFIRM}</Text>
          <SegmentedControl
            value={proof}
            onChange={(v) => {
              setProof(v as 'code' | 'password');
              field.reset();
            }}
            data={[
              { value: 'code', label: 'Authenticator code' },
              { value: 'password', label: 'Password' },
            ]}
            aria-label="Confirm with"
          />
          {proof === 'code' ? (
            <TextInput
              label="Verification code"
              description="The code from your authenticator app, or one of your recovery codes"
              autoComplete="one-time-code"
              data-autofocus
              {...field.props}
            />
          ) : (
            <PasswordInput label="Password" autoComplete="current-password" data-autofocus {...field.props} />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={disable.isPending}>
              Disable
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** New recovery codes (the old ones stop working), after a current code from the app. */
function RegenerateModal({ onClose, onCodes }: { onClose: () => void; onCodes: (codes: string[]) => void }) {
  const field = useCodeField();
  const regenerate = useRegenerateRecoveryCodes();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = twoFactorCodeError(field.value);
    if (problem) return field.setError(problem);
    regenerate.mutate(field.value.trim(), {
      onSuccess: ({ recoveryCodes }) => onCodes(recoveryCodes),
      onError: (e) => {
        const message = isApiError(e, 'VALIDATION_FAILED') ? e.fields.code : undefined;
        if (message) field.setError(message);
        else toastError(e);
      },
    });
  };
  return (
    <Modal opened onClose={onClose} title="New Recovery Codes" centered size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">Your current recovery codes stop working. Enter a code from your authenticator app to continue.</Text>
          <TextInput
            label="Verification code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            data-autofocus
            {...field.props}
          />
          <FormActions onCancel={onClose} pending={regenerate.isPending} submitLabel="Make New Codes" />
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The signed-in user's two-factor authentication (User Settings' tab, the admin profile, the setup
 * that settings may require): enable with an authenticator app, see how it is asked, make new
 * recovery codes, disable. Hidden when settings turn two-factor off (mfaEnabled).
 */
export function TwoFactorSettings({ openSetup = false }: { openSetup?: boolean }) {
  const status = useQuery(twoFactorStatusQuery);
  const start = useStartTwoFactorSetup();
  const refreshSession = useRefreshSession();
  const [setup, setSetup] = useState<TTwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [dialog, setDialog] = useState<'disable' | 'regenerate' | null>(null);
  const autoStarted = useRef(false);

  const beginSetup = () => start.mutate(undefined, { onSuccess: setSetup, onError: (e) => toastError(e) });
  const s = status.data;
  const canOpen = openSetup && s?.available === true && !s.enabled;
  // biome-ignore lint/correctness/useExhaustiveDependencies: opens the setup once, when the status first allows it
  useEffect(() => {
    if (canOpen && !autoStarted.current) {
      autoStarted.current = true;
      beginSetup();
    }
  }, [canOpen]);

  if (status.isPending) return <Skeleton h={120} aria-busy="true" />;
  if (!s) return <Alert color="red">Two-factor settings could not be loaded. Please try again.</Alert>;

  const closeCodes = () => {
    setCodes(null);
    // the session says whether setup is still required: read it once the codes were seen
    refreshSession();
  };

  return (
    <Stack gap="md">
      <Group gap="sm">
        <SectionTitle>Two-Factor Authentication</SectionTitle>
        <StatusBadge status={s.enabled ? 'Enabled' : 'Disabled'} />
      </Group>
      {!s.available ? (
        <Alert color="gray" variant="light">
          Two-factor authentication is turned off for this portal by an administrator.
        </Alert>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            Two-factor authentication adds a second step to signing in: after your password, a 6-digit code from an authenticator app on
            your phone.
          </Text>
          {s.required && !s.enabled && !openSetup && (
            <Alert color="yellow" variant="light">
              Your administrator requires two-factor authentication. Set it up to continue using the portal.
            </Alert>
          )}
          {s.enabled && (
            <>
              <Table withRowBorders={false} verticalSpacing={4} maw={560} layout="fixed">
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Th w={200}>Enabled since</Table.Th>
                    <Table.Td>
                      <DateText value={s.enabledAt} />
                    </Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>Code asked</Table.Th>
                    <Table.Td>{TWO_FACTOR_MODE_LABELS[s.mode]}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th>Recovery codes left</Table.Th>
                    <Table.Td>
                      {s.recoveryCodesLeft} of {RECOVERY_CODES}
                    </Table.Td>
                  </Table.Tr>
                  {s.mode === 'once_per_computer' && (
                    <Table.Tr>
                      <Table.Th>Trusted computers</Table.Th>
                      <Table.Td>{s.trustedDevices}</Table.Td>
                    </Table.Tr>
                  )}
                </Table.Tbody>
              </Table>
              <Group gap="sm">
                <Button variant="default" onClick={() => setDialog('regenerate')}>
                  New Recovery Codes
                </Button>
                {!s.required && (
                  <Button variant="outline" color="red.9" onClick={() => setDialog('disable')}>
                    Disable Two-Factor Authentication
                  </Button>
                )}
              </Group>
            </>
          )}
          {!s.enabled && !setup && (
            <Group>
              <Button leftSection={<IconShieldCheck size={18} />} onClick={beginSetup} loading={start.isPending}>
                Enable Two-Factor Authentication
              </Button>
            </Group>
          )}
          {!s.enabled && setup && (
            <TwoFactorSetupPanel
              setup={setup}
              onCancel={() => setSetup(null)}
              onEnabled={(recoveryCodes) => {
                setSetup(null);
                setCodes(recoveryCodes);
              }}
            />
          )}
        </>
      )}
      {dialog === 'disable' && <DisableModal onClose={() => setDialog(null)} />}
      {dialog === 'regenerate' && (
        <RegenerateModal
          onClose={() => setDialog(null)}
          onCodes={(c) => {
            setDialog(null);
            setCodes(c);
          }}
        />
      )}
      {codes && <RecoveryCodesModal codes={codes} onClose={closeCodes} />}
    </Stack>
  );
}

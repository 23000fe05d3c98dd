import { Anchor, Box, Button, Code, CopyButton, Group, Image, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  type TEnableTwoFactorBody,
  type TTwoFactorSetup,
  TWO_FACTOR_ASK_MODES,
  TWO_FACTOR_ENABLED,
  ZEnableTwoFactorBody,
} from '@portal/contract/auth';
import { TWO_FACTOR_MODE_LABELS } from '@portal/contract/users';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { FormActions } from '../../../ui/form-actions.tsx';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { toastSuccess } from '../../../ui/toast.ts';
import { useEnableTwoFactor } from '../api/two-factor.ts';

/** Authenticator apps that read the QR code (any RFC 6238 app works). */
const APPS = [
  { name: 'Google Authenticator', href: 'https://support.google.com/accounts/answer/1066447' },
  { name: 'Microsoft Authenticator', href: 'https://www.microsoft.com/security/mobile-authenticator-app' },
  { name: 'Twilio Authy', href: 'https://www.authy.com/download/' },
];

const EMPTY: TEnableTwoFactorBody = { code: '', mode: 'every_login' };

function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Title order={3} size="h5">
        {n}. {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * The open setup (customer spec 4): authenticator app links, the QR code, the manual key and the
 * code entry. Verify & Enable with a 6-digit code turns it on, clears the code, closes the panel and
 * says 'Two-factor authentication enabled successfully'; the recovery codes come next. Cancel closes it.
 */
export function TwoFactorSetupPanel({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TTwoFactorSetup;
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const form = useSchemaForm(ZEnableTwoFactorBody, EMPTY);
  const enable = useEnableTwoFactor();
  const key = setup.secret.replace(/\s/g, '');

  return (
    <Paper withBorder radius="md" p="lg" data-testid="two-factor-setup">
      <Stack gap="lg">
        <Step n={1} title="Install an authenticator app">
          <Text size="sm">
            Use any app that makes time-based codes, for example{' '}
            {APPS.map((app, i) => (
              <span key={app.name}>
                <Anchor href={app.href} target="_blank" rel="noopener noreferrer">
                  {app.name}
                </Anchor>
                {i < APPS.length - 2 ? ', ' : i === APPS.length - 2 ? ' or ' : '.'}
              </span>
            ))}
          </Text>
        </Step>
        <Step n={2} title="Scan the QR code">
          <Group align="flex-start" gap="lg">
            <Image src={setup.qrCode} alt="QR code to add this account to an authenticator app" w={176} h={176} radius="sm" />
            <Stack gap="xs" style={{ flex: '1 1 220px', minWidth: 0 }}>
              <Text size="sm">
                Cannot scan it? Enter this key in the app (account {setup.account}, issuer {setup.issuer}), or{' '}
                <Anchor href={setup.otpauthUrl}>open it in an authenticator app on this device</Anchor>.
              </Text>
              <Group gap="xs">
                <Code fz="sm" py={6} px={10} data-testid="two-factor-key" style={{ letterSpacing: 1, whiteSpace: 'nowrap' }}>
                  {setup.secret}
                </Code>
                <CopyButton value={key}>
                  {({ copied, copy }) => (
                    <Button
                      size="xs"
                      variant={copied ? 'light' : 'default'}
                      color={copied ? 'green' : undefined}
                      leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                      onClick={copy}
                    >
                      {copied ? 'Copied' : 'Copy key'}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            </Stack>
          </Group>
        </Step>
        <Step n={3} title="Enter the code from the app">
          <SchemaForm
            form={form}
            onSubmit={(values) =>
              enable.mutate(values as TEnableTwoFactorBody, {
                onSuccess: ({ recoveryCodes }) => {
                  form.reset();
                  toastSuccess(TWO_FACTOR_ENABLED);
                  onEnabled(recoveryCodes);
                },
                onError: (e) => showFormError(form, e),
              })
            }
          >
            <Stack gap="md">
              <Radio.Group label="Ask for a code" {...form.getInputProps('mode')}>
                <Stack gap={6} mt={6}>
                  {TWO_FACTOR_ASK_MODES.map((mode) => (
                    <Radio key={mode} value={mode} label={TWO_FACTOR_MODE_LABELS[mode]} />
                  ))}
                </Stack>
              </Radio.Group>
              <Box maw={240}>
                <TextInput
                  label="Verification code"
                  placeholder="123456"
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  maxLength={6}
                  withAsterisk
                  {...form.getInputProps('code')}
                />
              </Box>
              <FormActions onCancel={onCancel} pending={enable.isPending} submitLabel="Verify & Enable" />
            </Stack>
          </SchemaForm>
        </Step>
      </Stack>
    </Paper>
  );
}

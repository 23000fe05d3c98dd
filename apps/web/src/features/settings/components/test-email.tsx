import { Alert, Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { ZTestEmailBody } from '@portal/contract/settings';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../../lib/api.ts';
import { useSchemaForm } from '../../../ui/form.ts';
import { SectionTitle } from '../../../ui/titles.tsx';
import { useSendTestEmail } from '../api/settings.ts';

type Outcome = { ok: boolean; message: string };

/**
 * Send test email: through the saved SMTP settings (the server's error shown when it refuses), or
 * into the Email Outbox below when no SMTP server is configured.
 */
export function TestEmail({ defaultTo }: { defaultTo: string }) {
  const form = useSchemaForm(ZTestEmailBody, { to: defaultTo });
  const send = useSendTestEmail();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const submit = form.onSubmit((values) => {
    setOutcome(null);
    send.mutate(values.to.trim(), {
      onSuccess: (r) => setOutcome({ ok: true, message: r.message }),
      onError: (e) => {
        if (isApiError(e) && e.fields.to) form.setFieldError('to', e.fields.to);
        else setOutcome({ ok: false, message: isApiError(e) ? e.message : 'The test email could not be sent.' });
      },
    });
  });

  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={submit} noValidate aria-label="Send test email">
        <Stack gap="sm">
          <SectionTitle description="Sends a short email with the saved settings (save your changes first).">Test Email</SectionTitle>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput label="Send to" type="email" w={300} maw="100%" {...form.getInputProps('to')} />
            <Button type="submit" mt={25} loading={send.isPending} leftSection={<IconSend size={16} />}>
              Send test email
            </Button>
          </Group>
          {outcome && (
            <Alert
              color={outcome.ok ? 'green' : 'red'}
              variant="light"
              title={outcome.ok ? 'Test email' : 'The test email failed'}
              role="status"
            >
              {outcome.message}
            </Alert>
          )}
        </Stack>
      </form>
    </Paper>
  );
}

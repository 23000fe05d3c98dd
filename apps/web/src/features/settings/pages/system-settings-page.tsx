import { Stack } from '@mantine/core';
import { useCan } from '../../../lib/session.ts';
import { ScreenPlaceholder } from '../../../ui/screen-placeholder.tsx';
import { EmailOutbox } from '../components/email-outbox.tsx';

/** /admin/settings: the settings tabs arrive with their own change; the email outbox is here already. */
export function SystemSettingsPage() {
  const canReadOutbox = useCan('outbox.read');
  return (
    <Stack gap="lg">
      <ScreenPlaceholder />
      {canReadOutbox && <EmailOutbox />}
    </Stack>
  );
}

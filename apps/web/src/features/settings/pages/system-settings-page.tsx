import { Stack } from '@mantine/core';
import { useCan } from '../../../lib/session.ts';
import { ScreenPlaceholder } from '../../../ui/screen-placeholder.tsx';
import { EmailOutbox } from '../components/email-outbox.tsx';
import { LockedSignIns } from '../components/locked-sign-ins.tsx';

/** /admin/settings: the settings tabs arrive with their own change; locked sign-ins and the email outbox are here already. */
export function SystemSettingsPage() {
  const canReadOutbox = useCan('outbox.read');
  const canUnlock = useCan('users.unlock');
  return (
    <Stack gap="lg">
      <ScreenPlaceholder />
      {canUnlock && <LockedSignIns />}
      {canReadOutbox && <EmailOutbox />}
    </Stack>
  );
}

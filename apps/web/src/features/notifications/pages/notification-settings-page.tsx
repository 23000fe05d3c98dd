import { Alert, Center, Group, Loader, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { type TNotificationFlags, ZNotificationFlags } from '@portal/contract/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { FormActions } from '../../../ui/form-actions.tsx';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { PageTitle } from '../../../ui/titles.tsx';
import { toastSuccess } from '../../../ui/toast.ts';
import { useUnsavedChangesGuard } from '../../../ui/use-unsaved-changes-guard.tsx';
import { latestNotificationsQuery, notificationSettingsQuery, useSaveNotificationSettings } from '../api/notifications.ts';
import { FLAG_GROUPS } from '../components/notification-labels.ts';
import { NotificationListActions } from '../components/notification-list-actions.tsx';

export const SECURITY_NOTE =
  'Security notifications always appear in the portal: these switches only decide whether they are also emailed.';

function FlagsForm({ flags }: { flags: TNotificationFlags }) {
  const form = useSchemaForm(ZNotificationFlags, flags);
  const save = useSaveNotificationSettings();
  const navigate = useNavigate();
  const { guard } = useUnsavedChangesGuard(form.isDirty());

  const submit = (values: TNotificationFlags) =>
    save.mutate(
      { flags: values },
      {
        onSuccess: (saved) => {
          form.setInitialValues(saved.flags);
          form.setValues(saved.flags);
          form.resetDirty(saved.flags);
          toastSuccess('Notification settings saved successfully');
        },
        onError: (e) => showFormError(form, e),
      },
    );

  return (
    <SchemaForm form={form} onSubmit={submit}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="md">
        {FLAG_GROUPS.map((group) => (
          <Paper key={group.id} withBorder radius="md" p="lg" component="section" aria-labelledby={`flag-group-${group.id}`}>
            <Title order={2} size="h4" id={`flag-group-${group.id}`}>
              {group.title}
            </Title>
            <Text size="sm" c="dimmed" mb="md">
              {group.description}
            </Text>
            {group.id === 'security' && (
              <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} mb="md" p="sm">
                <Text size="sm">{SECURITY_NOTE}</Text>
              </Alert>
            )}
            <Stack gap="md">
              {group.flags.map((f) => (
                <Switch key={f.key} label={f.label} description={f.description} {...form.getInputProps(f.key, { type: 'checkbox' })} />
              ))}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      <FormActions
        onCancel={() => void navigate('..', { relative: 'path' })}
        pending={save.isPending}
        submitLabel="Save Settings"
        mt="lg"
      />
      {guard}
    </SchemaForm>
  );
}

/**
 * Notification Settings (/customer/notifications/settings, /admin/notifications/settings): the 20
 * flags in the groups billing, usage, service, security and communication, Save Settings ('Notification
 * settings saved successfully'), and the center's list actions.
 */
export function NotificationSettingsPage() {
  const settings = useQuery(notificationSettingsQuery);
  const list = useQuery(latestNotificationsQuery(1));
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <div>
          <PageTitle>Notification Settings</PageTitle>
          <Text size="sm" c="dimmed">
            Choose the events you are notified of.
          </Text>
        </div>
        <NotificationListActions unreadCount={list.data?.unreadCount ?? 0} hasNotifications={(list.data?.items.length ?? 0) > 0} />
      </Group>
      {settings.data ? (
        <FlagsForm flags={settings.data.flags} />
      ) : settings.isError ? (
        <Text c="red" size="sm">
          Notification settings could not be loaded.
        </Text>
      ) : (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      )}
    </Stack>
  );
}

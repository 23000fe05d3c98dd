import { Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type TNotificationPreferences, ZNotificationPreferences } from '@portal/contract/notifications';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { FormActions } from '../../../ui/form-actions.tsx';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { toastSuccess } from '../../../ui/toast.ts';
import { useUnsavedChangesGuard } from '../../../ui/use-unsaved-changes-guard.tsx';
import { useSaveNotificationSettings } from '../api/notifications.ts';
import { PREFERENCE_COLUMNS } from './notification-labels.ts';

/**
 * The Notification Center's 'Notification Settings': the 9 preference checkboxes by channel, with
 * Save Preferences at the top and at the bottom ('Notification settings saved'). Only the
 * preferences are sent (the settings page saves the flags).
 */
export function NotificationPreferencesForm({ preferences }: { preferences: TNotificationPreferences }) {
  const form = useSchemaForm(ZNotificationPreferences, preferences);
  const save = useSaveNotificationSettings();
  const { guard } = useUnsavedChangesGuard(form.isDirty());

  const submit = (values: TNotificationPreferences) =>
    save.mutate(
      { preferences: values },
      {
        onSuccess: (saved) => {
          form.setInitialValues(saved.preferences);
          form.setValues(saved.preferences);
          form.resetDirty(saved.preferences);
          toastSuccess('Notification settings saved');
        },
        onError: (e) => showFormError(form, e),
      },
    );

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="notification-preferences-title">
      <SchemaForm form={form} onSubmit={submit}>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="sm">
            <div>
              <Title order={2} size="h4" id="notification-preferences-title">
                Notification Settings
              </Title>
              <Text size="sm" c="dimmed">
                How notifications reach you
              </Text>
            </div>
            <Button type="submit" loading={save.isPending}>
              Save Preferences
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" verticalSpacing="md">
            {PREFERENCE_COLUMNS.map((column) => (
              <Stack key={column.channel} gap="sm">
                {column.preferences.map((p) => (
                  <Checkbox key={p.key} label={p.label} description={p.description} {...form.getInputProps(p.key, { type: 'checkbox' })} />
                ))}
              </Stack>
            ))}
          </SimpleGrid>
          <FormActions onCancel={() => form.reset()} pending={save.isPending} submitLabel="Save Preferences" />
        </Stack>
      </SchemaForm>
      {guard}
    </Paper>
  );
}

import { PasswordInput, Stack } from '@mantine/core';
import { type TChangePasswordBody, ZChangePasswordBody } from '@portal/contract/auth';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { FormActions } from '../../../ui/form-actions.tsx';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { useChangePassword } from '../api/change-password.ts';

const EMPTY: TChangePasswordBody = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Current, new and confirm (all required, the policy from settings checked by the server). The
 * fields are cleared after a change; `onDone` says what follows.
 */
export function ChangePasswordForm({
  onDone,
  onCancel,
  submitLabel = 'Change Password',
}: {
  onDone: () => void;
  onCancel: () => void;
  submitLabel?: string;
}) {
  const form = useSchemaForm(ZChangePasswordBody, EMPTY);
  const change = useChangePassword();
  return (
    <SchemaForm
      form={form}
      onSubmit={(values) =>
        change.mutate(values, {
          onSuccess: () => {
            form.reset();
            onDone();
          },
          onError: (e) => showFormError(form, e),
        })
      }
    >
      <Stack gap="md">
        <PasswordInput
          label="Current Password"
          withAsterisk
          autoComplete="current-password"
          data-autofocus
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput label="New Password" withAsterisk autoComplete="new-password" {...form.getInputProps('newPassword')} />
        <PasswordInput label="Confirm New Password" withAsterisk autoComplete="new-password" {...form.getInputProps('confirmPassword')} />
        <FormActions onCancel={onCancel} pending={change.isPending} submitLabel={submitLabel} />
      </Stack>
    </SchemaForm>
  );
}

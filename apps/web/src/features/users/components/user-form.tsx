import { Checkbox, PasswordInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  defaultRoleOf,
  rolesOfKind,
  type TCreateUserBody,
  type TUpdateUserBody,
  type TUser,
  TWO_FACTOR_METHOD_LABELS,
  TWO_FACTOR_METHODS,
  TWO_FACTOR_MODE_LABELS,
  TWO_FACTOR_MODES,
  USER_TIMEZONES,
  ZCreateUserBody,
  ZUpdateUserBody,
} from '@portal/contract/users';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { FormActions } from '../../../ui/form-actions.tsx';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { SectionTitle } from '../../../ui/titles.tsx';
import { toastSuccess } from '../../../ui/toast.ts';
import { useUnsavedChangesGuard } from '../../../ui/use-unsaved-changes-guard.tsx';
import { useCreateUser, useUpdateUser } from '../api/users.ts';

export const USER_SAVED = 'User information saved successfully';

type Kind = 'staff' | 'customer';
const options = <T extends string>(values: readonly T[], labels?: Record<T, string>) =>
  values.map((v) => ({ value: v, label: labels?.[v] ?? v }));

function initialValues(kind: Kind, user?: TUser) {
  return {
    name: user?.name ?? '',
    email: user?.email ?? '',
    role: user?.role ?? defaultRoleOf(kind),
    timezone: user?.timezone ?? 'America/New_York',
    phone: user?.phone ?? '',
    department: user?.department ?? '',
    password: '',
    sendInvite: false,
    twoFactorMode: user?.twoFactorMode ?? 'disabled',
    twoFactorMethod: user?.twoFactorMethod ?? 'authy',
  };
}

/**
 * The user form (admin spec 5): name, email, role and timezone required; adding asks a Temporary
 * Password (or sends an invitation instead); editing offers New Password (blank keeps it) and the
 * two-factor options, whose method shows only when two-factor is not disabled.
 */
export function UserForm({ kind, user, onDone, onCancel }: { kind: Kind; user?: TUser; onDone: (u: TUser) => void; onCancel: () => void }) {
  const adding = !user;
  const form = useSchemaForm(adding ? ZCreateUserBody : ZUpdateUserBody, initialValues(kind, user));
  const create = useCreateUser();
  const update = useUpdateUser(user?.id ?? '');
  const { guard, leaveWithoutAsking } = useUnsavedChangesGuard(form.isDirty());
  const values = form.getValues();
  const pending = create.isPending || update.isPending;

  const submit = (v: typeof values) => {
    const fields = {
      name: v.name,
      email: v.email,
      role: v.role,
      timezone: v.timezone as TCreateUserBody['timezone'],
      phone: v.phone,
      department: v.department,
    };
    const done = {
      onSuccess: (u: TUser) => {
        toastSuccess(USER_SAVED);
        leaveWithoutAsking();
        form.resetDirty();
        onDone(u);
      },
      onError: (e: unknown) => showFormError(form, e),
    };
    if (adding) {
      create.mutate({ ...fields, sendInvite: v.sendInvite, ...(v.sendInvite ? {} : { password: v.password }) }, done);
    } else {
      update.mutate(
        {
          ...fields,
          twoFactorMode: v.twoFactorMode as TUpdateUserBody['twoFactorMode'],
          twoFactorMethod: v.twoFactorMethod as TUpdateUserBody['twoFactorMethod'],
          ...(v.password ? { password: v.password } : {}),
        },
        done,
      );
    }
  };

  return (
    <SchemaForm form={form} onSubmit={submit}>
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Name" withAsterisk data-autofocus {...form.getInputProps('name')} />
          <TextInput label="Email" withAsterisk type="email" {...form.getInputProps('email')} />
          <Select label="Role" withAsterisk allowDeselect={false} data={options(rolesOfKind(kind))} {...form.getInputProps('role')} />
          <Select label="Timezone" withAsterisk allowDeselect={false} data={options(USER_TIMEZONES)} {...form.getInputProps('timezone')} />
          <TextInput label="Phone" {...form.getInputProps('phone')} />
          <TextInput label="Department" {...form.getInputProps('department')} />
          {adding && !values.sendInvite && (
            <PasswordInput
              label="Temporary Password"
              withAsterisk
              autoComplete="new-password"
              description="The user chooses their own at the first sign-in"
              {...form.getInputProps('password')}
            />
          )}
          {!adding && (
            <PasswordInput
              label="New Password"
              autoComplete="new-password"
              description="Leave blank to keep the current password"
              {...form.getInputProps('password')}
            />
          )}
        </SimpleGrid>
        {adding && (
          <Checkbox
            label="Send an invitation email instead (the user chooses a password through a link valid for 7 days)"
            {...form.getInputProps('sendInvite', { type: 'checkbox' })}
          />
        )}
        {!adding && (
          <Stack gap="sm">
            <SectionTitle>Two-Factor Authentication</SectionTitle>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Select
                label="When to ask for a code"
                allowDeselect={false}
                data={options(TWO_FACTOR_MODES, TWO_FACTOR_MODE_LABELS)}
                {...form.getInputProps('twoFactorMode')}
              />
              {values.twoFactorMode !== 'disabled' && (
                <Select
                  label="Method"
                  allowDeselect={false}
                  data={options(TWO_FACTOR_METHODS, TWO_FACTOR_METHOD_LABELS)}
                  {...form.getInputProps('twoFactorMethod')}
                />
              )}
            </SimpleGrid>
            {user && !user.twoFactorEnabled && values.twoFactorMode !== 'disabled' && (
              <Text size="sm" c="dimmed">
                {user.name} has not set up an authenticator yet.
              </Text>
            )}
          </Stack>
        )}
        <FormActions onCancel={onCancel} pending={pending} submitLabel={adding ? 'Add User' : 'Save Changes'} />
      </Stack>
      {guard}
    </SchemaForm>
  );
}

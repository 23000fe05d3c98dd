import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { formatPhone } from '@portal/contract/phone';
import {
  PROFILE_LANGUAGES,
  PROFILE_TIMEZONES,
  PROFILE_UPDATED,
  TIMEZONE_LABELS,
  type TMyProfile,
  type TUpdateMyProfileBody,
  ZUpdateMyProfileBody,
} from '@portal/contract/users';
import { IconEdit } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { formatDateTime } from '../../../lib/format.ts';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { FormActions } from '../../../ui/form-actions.tsx';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { SectionTitle } from '../../../ui/titles.tsx';
import { toastSuccess } from '../../../ui/toast.ts';
import { useUnsavedChangesGuard } from '../../../ui/use-unsaved-changes-guard.tsx';
import { useUpdateMyProfile } from '../api/profile.ts';

type Values = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  jobTitle: string;
  department: string;
  timeZone: string;
  language: string;
};

const valuesOf = (p: TMyProfile): Values => ({
  firstName: p.firstName,
  lastName: p.lastName,
  email: p.email,
  // shown as people write it; the server stores E.164 again
  phone: formatPhone(p.phone),
  jobTitle: p.jobTitle ?? '',
  department: p.department ?? '',
  timeZone: p.timeZone,
  language: p.language,
});

/** Eastern, Central, Mountain and Pacific Time; a zone an admin set that My Profile does not offer keeps its own name. */
export const timeZoneLabel = (zone: string) => TIMEZONE_LABELS[zone as keyof typeof TIMEZONE_LABELS] ?? zone;

function timeZoneOptions(current: string) {
  const zones: string[] = [...PROFILE_TIMEZONES];
  if (current && !zones.includes(current)) zones.push(current);
  return zones.map((z) => ({ value: z, label: timeZoneLabel(z) }));
}

/** A section of the profile: a titled card (or, inside a card already, a titled block). */
export function ProfileSection({
  title,
  description,
  framed = true,
  children,
}: {
  title: string;
  description?: string;
  framed?: boolean;
  children: ReactNode;
}) {
  return (
    <Paper
      withBorder={framed}
      p={framed ? 'lg' : 0}
      radius="md"
      component="section"
      aria-label={title}
      bg={framed ? undefined : 'transparent'}
    >
      <Stack gap="md">
        <SectionTitle description={description}>{title}</SectionTitle>
        {children}
      </Stack>
    </Paper>
  );
}

/** A read-only value under its label (the read view, and what is never edited here). */
export function ReadField({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {value === null || value === undefined || value === '' ? 'Not set' : value}
      </Text>
    </Stack>
  );
}

/**
 * The signed-in user's profile form (customer spec: My Profile; User Settings, Basic Information):
 * Personal Information and Preferences, first name, last name and email required, checked by the
 * contract's schema, the server's field errors (a taken email) on their fields. With `toggle` it
 * opens as the read view with Edit Profile (My Profile); with `always` the fields are inputs (the
 * settings tab). `between` is shown between the two sections (My Profile's Company Information).
 */
export function ProfileForm({
  profile,
  mode,
  title,
  between,
}: {
  profile: TMyProfile;
  mode: 'toggle' | 'always';
  title?: ReactNode;
  between?: ReactNode;
}) {
  const [editingNow, setEditing] = useState(false);
  const editing = mode === 'always' || editingNow;
  const form = useSchemaForm(ZUpdateMyProfileBody, valuesOf(profile));
  const save = useUpdateMyProfile();
  const { guard } = useUnsavedChangesGuard(editing && form.isDirty());
  const values = form.getValues();

  const reset = (p: TMyProfile) => {
    form.setValues(valuesOf(p));
    form.resetDirty(valuesOf(p));
    form.clearErrors();
  };
  const cancel = () => {
    reset(profile);
    setEditing(false);
  };
  const submit = (v: Values) =>
    save.mutate(v as TUpdateMyProfileBody, {
      onSuccess: (saved) => {
        toastSuccess(PROFILE_UPDATED);
        reset(saved);
        setEditing(false);
      },
      onError: (e) => showFormError(form, e),
    });

  const text = (name: keyof Values, label: string, opts: { required?: boolean; type?: string; autoComplete?: string } = {}) =>
    editing ? (
      <TextInput
        label={label}
        withAsterisk={opts.required}
        type={opts.type}
        autoComplete={opts.autoComplete}
        {...form.getInputProps(name)}
      />
    ) : (
      <ReadField label={label} value={values[name]} />
    );

  return (
    <SchemaForm form={form} onSubmit={submit} aria-label="Profile">
      <Stack gap="md">
        {(title || mode === 'toggle') && (
          <Group justify="space-between" wrap="wrap" gap="sm">
            {title ?? <span />}
            {mode === 'toggle' && !editing && (
              <Button leftSection={<IconEdit size={16} />} onClick={() => setEditing(true)}>
                Edit Profile
              </Button>
            )}
          </Group>
        )}
        <ProfileSection title="Personal Information" framed={mode === 'toggle'}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            {text('firstName', 'First Name', { required: true, autoComplete: 'given-name' })}
            {text('lastName', 'Last Name', { required: true, autoComplete: 'family-name' })}
            {text('email', 'Email', { required: true, type: 'email', autoComplete: 'email' })}
            {text('phone', 'Phone', { type: 'tel', autoComplete: 'tel' })}
            {text('jobTitle', 'Job Title', { autoComplete: 'organization-title' })}
            {text('department', 'Department')}
            <ReadField label="Role" value={profile.role} />
            <ReadField label="Last Login" value={profile.lastLoginAt ? formatDateTime(profile.lastLoginAt) : 'Never'} />
          </SimpleGrid>
        </ProfileSection>
        {between}
        <ProfileSection title="Preferences" framed={mode === 'toggle'}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {editing ? (
              <>
                <Select
                  label="Time Zone"
                  withAsterisk
                  allowDeselect={false}
                  data={timeZoneOptions(profile.timeZone)}
                  {...form.getInputProps('timeZone')}
                />
                <Select
                  label="Language"
                  withAsterisk
                  allowDeselect={false}
                  data={[...PROFILE_LANGUAGES]}
                  {...form.getInputProps('language')}
                />
              </>
            ) : (
              <>
                <ReadField label="Time Zone" value={timeZoneLabel(values.timeZone)} />
                <ReadField label="Language" value={values.language} />
              </>
            )}
          </SimpleGrid>
        </ProfileSection>
        {editing && <FormActions onCancel={cancel} pending={save.isPending} submitLabel="Save Changes" />}
      </Stack>
      {guard}
    </SchemaForm>
  );
}

import { Fieldset, NumberInput, PasswordInput, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { TSystemSettingsView } from '@portal/contract/settings';
import { type ReactNode, useEffect, useMemo } from 'react';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { FormActions } from '../../../ui/form-actions.tsx';
import { toastSuccess } from '../../../ui/toast.ts';
import { useSaveSettings } from '../api/settings.ts';
import {
  FIELDS,
  helpOf,
  keysOfTab,
  SETTINGS_TABS,
  type SettingKey,
  type SettingsTab,
  saveBody,
  type TabValues,
  tabSchema,
  tabValues,
} from './settings-fields.ts';

export const SAVED_MESSAGE = 'Settings saved successfully';

type Form = UseFormReturnType<TabValues>;

/** One setting's field: its label, its help with the bounds, the contract's message on bad input. */
export function SettingField({ form, name, readOnly, extraHelp }: { form: Form; name: SettingKey; readOnly: boolean; extraHelp?: string }) {
  const spec = FIELDS[name];
  const description = extraHelp ? `${helpOf(name)} ${extraHelp}` : helpOf(name);
  const common = { label: spec.label, description, disabled: readOnly };
  switch (spec.kind) {
    case 'switch':
      return <Switch {...common} {...form.getInputProps(name, { type: 'checkbox' })} />;
    case 'number':
      return (
        <NumberInput
          {...common}
          {...form.getInputProps(name)}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=","
          // bounds are checked (with their message), never silently clamped
          clampBehavior="none"
          hideControls
        />
      );
    case 'select': {
      const value = String(form.getValues()[name] ?? '');
      const options = spec.options ?? [];
      // a value saved before the list changed stays choosable
      const data = options.some((o) => o.value === value) || !value ? options : [...options, { value, label: value }];
      return <Select {...common} {...form.getInputProps(name)} data={data} allowDeselect={false} />;
    }
    case 'password':
      return <PasswordInput {...common} {...form.getInputProps(name)} autoComplete="new-password" />;
    case 'textarea':
      return <Textarea {...common} {...form.getInputProps(name)} autosize minRows={3} maxRows={6} />;
    default:
      return <TextInput {...common} {...form.getInputProps(name)} />;
  }
}

/** A tab's form over the contract's schema of its settings. */
export function useSettingsForm(view: TSystemSettingsView, keys: readonly SettingKey[]) {
  const schema = useMemo(() => tabSchema(keys), [keys]);
  return useSchemaForm<TabValues>(schema, tabValues(view, keys));
}

/**
 * One settings tab: its sections of fields, Save ('Settings saved successfully', the server's field
 * errors on the fields) and Cancel (back to the saved values). Read-only without settings.write.
 * `beforeSave` may stop the save (a confirmation); `extra` adds to a field's help.
 */
export function SettingsTabForm({
  tab,
  view,
  canWrite,
  onDirtyChange,
  beforeSave,
  extraHelp,
  children,
}: {
  tab: SettingsTab;
  view: TSystemSettingsView;
  canWrite: boolean;
  onDirtyChange: (tab: SettingsTab, dirty: boolean) => void;
  beforeSave?: (values: TabValues, saved: TSystemSettingsView) => Promise<boolean>;
  extraHelp?: Partial<Record<SettingKey, string>>;
  /** Shown above the fields (a warning). */
  children?: (form: Form) => ReactNode;
}) {
  const keys = useMemo(() => keysOfTab(tab), [tab]);
  const form = useSettingsForm(view, keys);
  const save = useSaveSettings();
  const dirty = form.isDirty();

  useEffect(() => onDirtyChange(tab, dirty), [tab, dirty, onDirtyChange]);

  const submit = form.onSubmit(async (values) => {
    if (beforeSave && !(await beforeSave(values, view))) return;
    save.mutate(saveBody(values, keys), {
      onSuccess: (saved) => {
        const next = tabValues(saved, keys);
        form.setInitialValues(next);
        form.setValues(next);
        form.resetDirty(next);
        toastSuccess(SAVED_MESSAGE);
      },
      onError: (error) => showFormError(form, error),
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label={`${tab} settings`}>
      <Stack gap="lg">
        {children?.(form)}
        {SETTINGS_TABS[tab].map((section) => (
          <Fieldset
            key={section.title}
            legend={section.title}
            variant="unstyled"
            styles={{ legend: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="md" mt="xs">
              {section.keys.map((name) => (
                <SettingField key={name} form={form} name={name} readOnly={!canWrite} extraHelp={extraHelp?.[name]} />
              ))}
            </SimpleGrid>
          </Fieldset>
        ))}
        {canWrite && <FormActions onCancel={() => form.reset()} pending={save.isPending} />}
      </Stack>
    </form>
  );
}

import { Group, Modal, Select, Stack, Switch, TagsInput, TextInput } from '@mantine/core';
import {
  REPORT_FORMAT_LABELS,
  REPORT_FORMATS,
  REPORT_SERVICES,
  type TReportFormat,
  type TReportSchedule,
  type TReportService,
  type TReportTab,
  ZReportScheduleInput,
} from '@portal/contract/reports';
import { useEffect } from 'react';
import { ALL_CUSTOMERS, CustomerSelect } from '../../../ui/customer-select.tsx';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { FormActions } from '../../../ui/form-actions.tsx';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { toastSuccess } from '../../../ui/toast.ts';
import { useCreateSchedule, useUpdateSchedule } from '../api/reports.ts';
import { REPORT_TABS, type ReportPortal } from './report-params.ts';

export type ScheduleValues = {
  name: string;
  frequency: 'weekly' | 'monthly';
  format: TReportFormat;
  tab: TReportTab;
  service: TReportService;
  /** Staff: '' for every customer. */
  customerId: string;
  recipients: string[];
  active: boolean;
};

export const FREQUENCY_LABELS = { weekly: 'Weekly', monthly: 'Monthly' } as const;
const FREQUENCY_OPTIONS = [
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
];
const FREQUENCY_NOTES = { weekly: 'Mondays, for the previous 7 days', monthly: 'On the 1st, for the previous month' } as const;
const SERVICE_LABELS: Record<TReportService, string> = { all: 'All Services', sms: 'SMS', voice: 'Voice', numbers: 'Numbers' };

/** The tabs a schedule can send (not the CDR export). */
export const scheduleTabs = (portal: ReportPortal) => REPORT_TABS[portal].filter(([t]) => t !== 'cdr') as [TReportTab, string][];

export function scheduleValuesOf(s: TReportSchedule | null, defaults: Partial<ScheduleValues> = {}): ScheduleValues {
  return {
    name: s?.name ?? '',
    frequency: s?.frequency ?? 'weekly',
    format: s?.format ?? 'pdf',
    tab: s?.tab ?? defaults.tab ?? 'overview',
    service: s?.service ?? defaults.service ?? 'all',
    customerId: s ? (s.customerId ?? '') : (defaults.customerId ?? ''),
    recipients: s?.recipients ?? defaults.recipients ?? [],
    active: s?.active ?? true,
  };
}

/** Create or edit a scheduled report: name, Weekly/Monthly, format, report tab, service, customer (staff) and recipients. */
export function ScheduleModal({
  opened,
  onClose,
  schedule,
  portal,
  defaults,
}: {
  opened: boolean;
  onClose: () => void;
  /** null: a new schedule. */
  schedule: TReportSchedule | null;
  portal: ReportPortal;
  /** A new schedule starts from what the page shows (tab, service, customer) and the user's address. */
  defaults: Partial<ScheduleValues>;
}) {
  const form = useSchemaForm<ScheduleValues>(ZReportScheduleInput, scheduleValuesOf(schedule, defaults));
  const create = useCreateSchedule();
  const update = useUpdateSchedule();

  // biome-ignore lint/correctness/useExhaustiveDependencies: start afresh each time the dialog opens
  useEffect(() => {
    if (!opened) return;
    form.setInitialValues(scheduleValuesOf(schedule, defaults));
    form.reset();
  }, [opened, schedule]);

  function submit(values: ScheduleValues) {
    const body = ZReportScheduleInput.parse(portal === 'admin' ? values : { ...values, customerId: '' });
    const done = {
      onSuccess: () => {
        toastSuccess(schedule ? 'Schedule saved' : 'Schedule created');
        onClose();
      },
      onError: (e: unknown) => showFormError(form, e),
    };
    if (schedule) update.mutate({ id: schedule.id, body }, done);
    else create.mutate(body, done);
  }

  return (
    <Modal opened={opened} onClose={onClose} title={schedule ? `Edit ${schedule.name}` : 'New Scheduled Report'} size="lg" centered>
      <SchemaForm form={form} onSubmit={submit}>
        <Stack gap="sm">
          <TextInput label="Name" withAsterisk data-autofocus {...form.getInputProps('name')} />
          <Group grow align="flex-start">
            <Select
              label="Frequency"
              description={FREQUENCY_NOTES[form.getValues().frequency]}
              allowDeselect={false}
              data={FREQUENCY_OPTIONS}
              {...form.getInputProps('frequency')}
            />
            <Select
              label="Format"
              description="The attached file"
              allowDeselect={false}
              data={REPORT_FORMATS.map((f) => ({ value: f, label: REPORT_FORMAT_LABELS[f] }))}
              {...form.getInputProps('format')}
            />
          </Group>
          <Group grow align="flex-start">
            <Select
              label="Report"
              allowDeselect={false}
              data={scheduleTabs(portal).map(([value, label]) => ({ value, label }))}
              {...form.getInputProps('tab')}
            />
            <Select
              label="Service"
              allowDeselect={false}
              data={REPORT_SERVICES.map((s) => ({ value: s, label: SERVICE_LABELS[s] }))}
              {...form.getInputProps('service')}
            />
          </Group>
          {portal === 'admin' && (
            <CustomerSelect
              label="Customer"
              placeholder="Search customers..."
              allLabel="All customers"
              allowDeselect={false}
              {...form.getInputProps('customerId')}
              value={form.getValues().customerId || ALL_CUSTOMERS}
              onChange={(v) => form.setFieldValue('customerId', !v || v === ALL_CUSTOMERS ? '' : v)}
            />
          )}
          <TagsInput
            label="Recipients"
            description="Email addresses; press Enter or a comma after each"
            withAsterisk
            splitChars={[',', ' ', ';']}
            clearable
            {...form.getInputProps('recipients')}
            // a pasted or blurred 'a@x.com, b@y.com;' becomes one address a tag, without separators or repeats
            onChange={(tags) => form.setFieldValue('recipients', splitAddresses(tags))}
            error={recipientsError(form.errors, form.getValues().recipients)}
          />
          <Switch label="Active" {...form.getInputProps('active', { type: 'checkbox' })} />
          <FormActions onCancel={onClose} pending={create.isPending || update.isPending} submitLabel={schedule ? 'Save' : 'Create'} />
        </Stack>
      </SchemaForm>
    </Modal>
  );
}

/** The list's own message, or the first address the schema refused, named ('x@: Email address is invalid'). */
export function recipientsError(errors: Record<string, unknown>, recipients: string[]): string | undefined {
  if (errors.recipients) return String(errors.recipients);
  const key = Object.keys(errors).find((k) => /^recipients\.\d+$/.test(k));
  if (!key) return undefined;
  const address = recipients[Number(key.slice('recipients.'.length))];
  return address ? `${address}: ${String(errors[key])}` : String(errors[key]);
}

/** The recipients' tags as addresses: split at commas, semicolons and spaces, trimmed, each once. */
export function splitAddresses(tags: string[]): string[] {
  return [...new Set(tags.flatMap((t) => t.split(/[\s,;]+/)).filter(Boolean))];
}

import { Group, Modal, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { type TGenerateInvoiceBody, type TInvoice, ZGenerateInvoiceBody } from '@portal/contract/billing';
import { AccountPicker } from '../../../ui/account-picker.tsx';
import { CustomerSelect } from '../../../ui/customer-select.tsx';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { FormActions } from '../../../ui/form-actions.tsx';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { toastSuccess } from '../../../ui/toast.ts';
import { useGenerateInvoice } from '../api/billing.ts';
import { lastMonth } from '../billing-scope.ts';

/**
 * Generate Invoice (staff): a draft for a customer (preset inside an account or a customer's view),
 * optionally one account, over a billing period (last month by default). Opens the draft when made.
 */
export function GenerateInvoiceModal({
  customerId,
  accountId,
  onClose,
  onCreated,
}: {
  customerId?: string | undefined;
  accountId?: string | undefined;
  onClose: () => void;
  onCreated: (invoice: TInvoice) => void;
}) {
  const period = lastMonth();
  const form = useSchemaForm(ZGenerateInvoiceBody, {
    customerId: customerId ?? '',
    accountId: accountId ?? '',
    periodStart: period.start,
    periodEnd: period.end,
  });
  const generate = useGenerateInvoice();
  const v = form.getValues();
  const dateProps = { valueFormat: 'MM/DD/YYYY', w: '100%' } as const;
  return (
    <Modal opened onClose={onClose} title="Generate Invoice" size="md">
      <SchemaForm
        form={form}
        onSubmit={(values) =>
          generate.mutate({ ...values, accountId: values.accountId || undefined } as TGenerateInvoiceBody, {
            onSuccess: (invoice) => {
              toastSuccess('Draft invoice created');
              onCreated(invoice);
            },
            onError: (e) => showFormError(form, e),
          })
        }
      >
        <Stack gap="sm">
          {!customerId && (
            <CustomerSelect
              label="Customer"
              placeholder="Choose a customer"
              withAsterisk
              {...form.getInputProps('customerId')}
              onChange={(id) => {
                form.setFieldValue('customerId', id ?? '');
                form.setFieldValue('accountId', '');
              }}
            />
          )}
          {!accountId && v.customerId && (
            <AccountPicker
              label="Account"
              placeholder="All accounts (the customer's invoice)"
              customerId={v.customerId || undefined}
              value={v.accountId}
              onChange={(id) => form.setFieldValue('accountId', id)}
              error={form.errors.accountId}
            />
          )}
          <Group grow align="flex-start" gap="sm">
            <DatePickerInput
              label="Period Start"
              withAsterisk
              {...dateProps}
              value={v.periodStart || null}
              onChange={(d) => form.setFieldValue('periodStart', d ?? '')}
              error={form.errors.periodStart}
            />
            <DatePickerInput
              label="Period End"
              withAsterisk
              {...dateProps}
              value={v.periodEnd || null}
              onChange={(d) => form.setFieldValue('periodEnd', d ?? '')}
              error={form.errors.periodEnd}
            />
          </Group>
          <Text size="xs" c="dimmed">
            The draft bills the period's rated usage, number fees and services. Review it, add adjustments, then finalize it to number and
            send it.
          </Text>
          <FormActions onCancel={onClose} pending={generate.isPending} submitLabel="Generate Draft" />
        </Stack>
      </SchemaForm>
    </Modal>
  );
}

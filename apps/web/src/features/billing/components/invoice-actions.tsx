import { Modal, NumberInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type TInvoice, type TInvoiceListItem, ZAdjustmentBody, ZVoidBody } from '@portal/contract/billing';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { FormActions } from '../../../ui/form-actions.tsx';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { toastSuccess } from '../../../ui/toast.ts';
import { useAddAdjustment, useVoidInvoice } from '../api/billing.ts';
import { invoiceLabel } from '../billing-scope.ts';

/** Add adjustment (staff, on a draft): a description and an amount; a negative amount is a credit. */
export function AdjustmentModal({ invoice, onClose }: { invoice: TInvoice; onClose: () => void }) {
  const form = useSchemaForm(ZAdjustmentBody, { description: '', amount: '' as unknown as number });
  const adjust = useAddAdjustment();
  return (
    <Modal opened onClose={onClose} title="Add adjustment" size="md">
      <SchemaForm
        form={form}
        onSubmit={(body) =>
          adjust.mutate(
            { id: invoice.id, body },
            {
              onSuccess: () => {
                toastSuccess('Adjustment added');
                onClose();
              },
              onError: (e) => showFormError(form, e),
            },
          )
        }
      >
        <Stack gap="sm">
          <TextInput
            label="Description"
            withAsterisk
            data-autofocus
            placeholder="e.g. Service credit for the March outage"
            {...form.getInputProps('description')}
          />
          <NumberInput
            label="Amount"
            description="A negative amount is a credit"
            withAsterisk
            leftSection="$"
            decimalScale={2}
            thousandSeparator=","
            {...form.getInputProps('amount')}
            onChange={(v) => form.setFieldValue('amount', (typeof v === 'number' ? v : v === '' || v === '-' ? '' : Number(v)) as number)}
          />
          <FormActions onCancel={onClose} pending={adjust.isPending} submitLabel="Add adjustment" />
        </Stack>
      </SchemaForm>
    </Modal>
  );
}

/** Void (staff, a finalized unpaid invoice): the reason is required and kept on the invoice. */
export function VoidModal({ invoice, onClose }: { invoice: TInvoice | TInvoiceListItem; onClose: () => void }) {
  const form = useSchemaForm(ZVoidBody, { reason: '' });
  const voidIt = useVoidInvoice();
  return (
    <Modal opened onClose={onClose} title={`Void ${invoiceLabel(invoice)}`} size="md">
      <SchemaForm
        form={form}
        onSubmit={({ reason }) =>
          voidIt.mutate(
            { id: invoice.id, reason },
            {
              onSuccess: () => {
                toastSuccess(`${invoiceLabel(invoice)} voided`);
                onClose();
              },
              onError: (e) => showFormError(form, e),
            },
          )
        }
      >
        <Stack gap="sm">
          <Text size="sm">The invoice stays on record as Void and can no longer be paid. This cannot be undone.</Text>
          <Textarea label="Reason" withAsterisk data-autofocus autosize minRows={2} maxRows={6} {...form.getInputProps('reason')} />
          <FormActions onCancel={onClose} pending={voidIt.isPending} submitLabel="Void Invoice" />
        </Stack>
      </SchemaForm>
    </Modal>
  );
}

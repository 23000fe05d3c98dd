import { Alert, Modal, Select, Stack, TextInput } from '@mantine/core';
import { DNC_LIST_LABELS, DNC_LIST_TYPES, REQUIRED_FIELDS, type TDncListType, ZCreateDncBody } from '@portal/contract/compliance';
import { CustomerSelect } from '../../../ui/customer-select.tsx';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { FormActions } from '../../../ui/form-actions.tsx';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { toastSuccess } from '../../../ui/toast.ts';
import { useAddDncEntry } from '../api/compliance.ts';

const LIST_OPTIONS = DNC_LIST_TYPES.map((t) => ({ value: t, label: DNC_LIST_LABELS[t] }));

/** Add Entry: the number (or an area-code block) and, for staff, the customer are required. */
export function AddEntryModal({ listType, staff, onClose }: { listType: TDncListType; staff: boolean; onClose: () => void }) {
  const form = useSchemaForm(ZCreateDncBody, { number: '', customerId: '', listType, reason: '' });
  const add = useAddDncEntry();
  const missing = Object.values(form.errors).includes(REQUIRED_FIELDS);
  return (
    <Modal opened onClose={onClose} title="Add Entry">
      <SchemaForm
        form={form}
        onSubmit={(v) => {
          if (staff && !v.customerId) {
            form.setFieldError('customerId', REQUIRED_FIELDS);
            return;
          }
          add.mutate(
            { ...v, listType: v.listType as TDncListType, customerId: v.customerId || null },
            {
              onSuccess: (e) => {
                toastSuccess(`${e.number} added to the ${e.listType} list`);
                onClose();
              },
              onError: (e) => showFormError(form, e),
            },
          );
        }}
      >
        <Stack gap="sm">
          {missing && (
            <Alert color="red" variant="light">
              {REQUIRED_FIELDS}
            </Alert>
          )}
          <TextInput
            label="Number"
            withAsterisk
            data-autofocus
            description="A phone number, or an area code (212) or area code and exchange (212-555) for a block"
            {...form.getInputProps('number')}
          />
          {staff && <CustomerSelect label="Customer" withAsterisk {...form.getInputProps('customerId')} />}
          <Select label="Type" allowDeselect={false} data={LIST_OPTIONS} {...form.getInputProps('listType')} />
          <TextInput label="Reason" {...form.getInputProps('reason')} />
          <FormActions onCancel={onClose} pending={add.isPending} submitLabel="Add Entry" />
        </Stack>
      </SchemaForm>
    </Modal>
  );
}

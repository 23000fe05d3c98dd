import { Modal } from '@mantine/core';
import type { TCustomer } from '@portal/contract/customers';
import { useEffect } from 'react';
import { showFormError } from '../../../ui/form.ts';
import { FormActions } from '../../../ui/form-actions.tsx';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { toastSuccess } from '../../../ui/toast.ts';
import { useUpdateCustomer } from '../api/customers.ts';
import { CustomerFormFields, customerFormValues, useCustomerForm } from './customer-form-fields.tsx';

/** Spec 2.6 Edit: the Company Profile modal. Reports its unsaved state so the page can guard leaving. */
export function CompanyProfileModal({
  customer,
  opened,
  onClose,
  onDirtyChange,
}: {
  customer: TCustomer;
  opened: boolean;
  onClose: () => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const form = useCustomerForm(customer);
  const update = useUpdateCustomer(customer.id);
  const dirty = opened && form.isDirty();

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal opens
  useEffect(() => {
    if (opened) {
      form.setInitialValues(customerFormValues(customer));
      form.reset();
    }
  }, [opened]);

  return (
    <Modal opened={opened} onClose={onClose} title="Company Profile" size="lg">
      <SchemaForm
        form={form}
        onSubmit={(values) =>
          update.mutate(values, {
            onSuccess: () => {
              toastSuccess('Company profile updated successfully');
              form.resetDirty();
              onClose();
            },
            onError: (e) => showFormError(form, e),
          })
        }
      >
        <CustomerFormFields form={form} customerId={customer.customerId} />
        <FormActions onCancel={onClose} pending={update.isPending} mt="lg" />
      </SchemaForm>
    </Modal>
  );
}

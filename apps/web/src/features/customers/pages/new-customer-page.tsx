import { useNavigate } from 'react-router';
import { showFormError } from '../../../ui/form.ts';
import { FormActions } from '../../../ui/form-actions.tsx';
import { CardPage } from '../../../ui/page-frame.tsx';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { toastSuccess } from '../../../ui/toast.ts';
import { useUnsavedChangesGuard } from '../../../ui/use-unsaved-changes-guard.tsx';
import { useCreateCustomer } from '../api/customers.ts';
import { CustomerFormFields, useCustomerForm } from '../components/customer-form-fields.tsx';

/** /admin/customers/new: the company profile of a new customer; its customer ID is assigned on save. */
export function NewCustomerPage() {
  const form = useCustomerForm();
  const create = useCreateCustomer();
  const navigate = useNavigate();
  const { guard, leaveWithoutAsking } = useUnsavedChangesGuard(form.isDirty());

  return (
    <CardPage title="New Customer">
      <SchemaForm
        form={form}
        onSubmit={(values) =>
          create.mutate(values, {
            onSuccess: (c) => {
              toastSuccess(`Customer ${c.name} (${c.customerId}) created`);
              leaveWithoutAsking();
              void navigate(`/admin/customers/${c.id}`, { replace: true });
            },
            onError: (e) => showFormError(form, e),
          })
        }
      >
        <CustomerFormFields form={form} customerId="Assigned when saved" />
        <FormActions onCancel={() => void navigate('/admin/customers')} pending={create.isPending} submitLabel="Create Customer" mt="lg" />
      </SchemaForm>
      {guard}
    </CardPage>
  );
}

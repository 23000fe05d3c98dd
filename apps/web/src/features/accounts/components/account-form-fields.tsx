import { Checkbox, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { TStaffOption } from '@portal/contract/customers';

type BillingField =
  | 'useCustomerBilling'
  | 'billingContactName'
  | 'billingContactTitle'
  | 'billingContactEmail'
  | 'billingContactPhone'
  | 'billingAddress';

/** An account's billing: the customer's, or (when unticked) a contact and address of its own. */
export function AccountBillingFields({
  inputProps,
  ownBilling,
}: {
  /** The form's getInputProps. */
  inputProps: (path: BillingField, options?: { type: 'checkbox' }) => object;
  /** The box is unticked: the account's own contact is asked for. */
  ownBilling: boolean;
}) {
  return (
    <>
      <Checkbox label="Use the customer's billing information" {...inputProps('useCustomerBilling', { type: 'checkbox' })} />
      {ownBilling && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Billing Contact Name" withAsterisk {...inputProps('billingContactName')} />
          <TextInput label="Title" {...inputProps('billingContactTitle')} />
          <TextInput label="Email" withAsterisk {...inputProps('billingContactEmail')} />
          <TextInput label="Phone" {...inputProps('billingContactPhone')} />
          <TextInput label="Billing Address" {...inputProps('billingAddress')} />
        </SimpleGrid>
      )}
    </>
  );
}

/** The provider's account manager of an account, chosen by staff among the staff options. */
export function AccountManagerSelect({ managers, inputProps }: { managers: TStaffOption[] | undefined; inputProps: object }) {
  return (
    <Select
      label="Account Manager"
      clearable
      searchable
      data={(managers ?? []).map((m) => ({ value: m.id, label: `${m.name} (${m.role})` }))}
      {...inputProps}
    />
  );
}

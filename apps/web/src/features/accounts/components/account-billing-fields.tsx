import { Checkbox, SimpleGrid, TextInput } from '@mantine/core';

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

import { Checkbox, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { TCompanyProfile } from '@portal/contract/company';
import { formatDate } from '../../../lib/format.ts';

export type ProfileValues = Omit<TCompanyProfile, 'accountNumber' | 'accountType' | 'activationDate' | 'accountManager' | 'status'> &
  Record<string, unknown>;
type Form = UseFormReturnType<ProfileValues>;
type Props = { form: Form; editing: boolean };

const ADDRESS_PAIRS = [
  ['billingAddress', 'address'],
  ['billingCity', 'city'],
  ['billingState', 'state'],
  ['billingZipCode', 'zipCode'],
  ['billingCountry', 'country'],
] as const;

/** A text field that is an input in edit mode and plain read-only text in view mode. */
function Field({
  form,
  editing,
  name,
  label,
  required,
  locked,
}: Props & { name: keyof ProfileValues & string; label: string; required?: boolean; locked?: boolean }) {
  return (
    <TextInput
      label={label}
      withAsterisk={editing && required}
      readOnly={!editing || locked}
      variant={!editing || locked ? 'filled' : 'default'}
      {...form.getInputProps(name)}
      value={(form.getValues()[name] as string | null) ?? ''}
    />
  );
}

export function CompanyFields(p: Props) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Field {...p} name="name" label="Company Name" required />
      <Field {...p} name="website" label="Website" />
      <Field {...p} name="industry" label="Industry" />
      <Field {...p} name="founded" label="Founded" />
      <Field {...p} name="address" label="Address" required />
      <Field {...p} name="city" label="City" required />
      <Field {...p} name="state" label="State" required />
      <Field {...p} name="zipCode" label="ZIP Code" required />
      <Field {...p} name="country" label="Country" required />
      <Field {...p} name="taxID" label="Tax ID" />
    </SimpleGrid>
  );
}

export function ContactFields(p: Props) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Field {...p} name="contactName" label="Contact Name" required />
      <Field {...p} name="contactTitle" label="Contact Title" />
      <Field {...p} name="phone" label="Phone" required />
      <Field {...p} name="email" label="Email" required />
    </SimpleGrid>
  );
}

/** Billing contact and address; while 'Same as company address' is ticked the address copies the company's and is locked. */
export function BillingFields(p: Props) {
  const same = Boolean(p.form.getValues().billingSameAsCompany);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Field {...p} name="billingContactName" label="Billing Contact Name" required />
      <Field {...p} name="billingContactTitle" label="Billing Contact Title" />
      <Field {...p} name="billingContactPhone" label="Billing Contact Phone" />
      <Field {...p} name="billingEmail" label="Billing Email" required />
      <Checkbox
        label="Same as company address"
        disabled={!p.editing}
        style={{ gridColumn: '1 / -1' }}
        checked={same}
        onChange={(e) => {
          const checked = e.currentTarget.checked;
          p.form.setFieldValue('billingSameAsCompany', checked);
          if (checked) copyCompanyAddress(p.form);
        }}
      />
      <Field {...p} name="billingAddress" label="Billing Address" required locked={same} />
      <Field {...p} name="billingCity" label="Billing City" required locked={same} />
      <Field {...p} name="billingState" label="Billing State" required locked={same} />
      <Field {...p} name="billingZipCode" label="Billing ZIP Code" required locked={same} />
      <Field {...p} name="billingCountry" label="Billing Country" required locked={same} />
    </SimpleGrid>
  );
}

export function copyCompanyAddress(form: Form) {
  const v = form.getValues();
  for (const [billing, company] of ADDRESS_PAIRS) form.setFieldValue(billing, v[company]);
}

/** The account tab: always read-only. */
export function AccountFields({ profile }: { profile: TCompanyProfile }) {
  const item = (label: string, value: string) => <TextInput label={label} readOnly variant="filled" value={value} />;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {item('Account Number', profile.accountNumber)}
      {item('Account Type', profile.accountType)}
      {item('Activation Date', formatDate(profile.activationDate))}
      {item('Account Manager', profile.accountManager ?? 'Unassigned')}
    </SimpleGrid>
  );
}

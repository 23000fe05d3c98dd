import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { CUSTOMER_STATUSES, type TCustomer, type TCustomerBody, ZCustomerBody } from '@portal/contract/customers';
import { useQuery } from '@tanstack/react-query';
import { optionsOf } from '../../../ui/filter-bar.tsx';
import { useSchemaForm } from '../../../ui/form.ts';
import { statusLabel } from '../../../ui/status-badge.tsx';
import { staffOptionsQuery } from '../api/customers.ts';

export type CustomerFormValues = Omit<TCustomerBody, 'website' | 'industry' | 'accountManagerId'> & {
  accountManagerId: string | null;
  website: string;
  industry: string;
};

export function customerFormValues(c?: TCustomer): CustomerFormValues {
  return {
    name: c?.name ?? '',
    email: c?.email ?? '',
    phone: c?.phone ?? '',
    address: c?.address ?? '',
    city: c?.city ?? '',
    state: c?.state ?? '',
    zipCode: c?.zipCode ?? '',
    country: c?.country ?? 'United States',
    status: c?.status ?? 'active',
    accountManagerId: c?.accountManager?.id ?? null,
    website: c?.website ?? '',
    industry: c?.industry ?? '',
  };
}

export function useCustomerForm(c?: TCustomer) {
  return useSchemaForm<CustomerFormValues>(ZCustomerBody, customerFormValues(c));
}

const STATUSES = optionsOf(CUSTOMER_STATUSES, { label: statusLabel });

/** The company profile fields: used by New Customer and the Company Profile modal. */
export function CustomerFormFields({ form, customerId }: { form: UseFormReturnType<CustomerFormValues>; customerId: string }) {
  const staff = useQuery(staffOptionsQuery);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextInput label="Company Name" withAsterisk {...form.getInputProps('name')} />
      <TextInput label="Customer ID" value={customerId} readOnly variant="filled" description="Assigned by the system; cannot be changed" />
      <TextInput label="Email" withAsterisk {...form.getInputProps('email')} />
      <TextInput label="Phone" withAsterisk {...form.getInputProps('phone')} />
      <TextInput label="Address" withAsterisk {...form.getInputProps('address')} />
      <TextInput label="City" {...form.getInputProps('city')} />
      <TextInput label="State" {...form.getInputProps('state')} />
      <TextInput label="ZIP Code" {...form.getInputProps('zipCode')} />
      <TextInput label="Country" {...form.getInputProps('country')} />
      <Select label="Status" data={STATUSES} allowDeselect={false} {...form.getInputProps('status')} />
      <Select
        label="Account Manager"
        placeholder={staff.isLoading ? 'Loading staff...' : 'Choose an account manager'}
        searchable
        clearable
        data={(staff.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.role})` }))}
        {...form.getInputProps('accountManagerId')}
      />
      <TextInput label="Website" {...form.getInputProps('website')} />
    </SimpleGrid>
  );
}

import { NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ACCOUNT_STATUSES, DEFAULT_MAX_VOICE_CHANNELS, ZCreateAccountBody } from '@portal/contract/accounts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { customerSuggestionsQuery } from '../../../lib/customer-suggestions.ts';
import { optionsOf } from '../../../ui/filter-bar.tsx';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { FormActions } from '../../../ui/form-actions.tsx';
import { CardPage } from '../../../ui/page-frame.tsx';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { statusLabel } from '../../../ui/status-badge.tsx';
import { toastSuccess } from '../../../ui/toast.ts';
import { useUnsavedChangesGuard } from '../../../ui/use-unsaved-changes-guard.tsx';
import { customerNameQuery, managerOptionsQuery, useCreateAccount } from '../api/accounts.ts';
import { AccountBillingFields, AccountManagerSelect } from '../components/account-form-fields.tsx';

/** /admin/accounts/new: a new account for a customer chosen here or passed as ?customerId=. */
export function NewAccountPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const create = useCreateAccount();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const customers = useQuery(customerSuggestionsQuery(debounced, { limit: 20, browse: true }));
  const managers = useQuery(managerOptionsQuery);
  const presetCustomer = params.get('customerId') ?? '';
  const preset = useQuery(customerNameQuery(presetCustomer));
  const form = useSchemaForm(ZCreateAccountBody, {
    customerId: presetCustomer,
    name: '',
    accountId: '',
    status: 'active' as const,
    accountManagerId: null as string | null,
    maxVoiceChannels: DEFAULT_MAX_VOICE_CHANNELS,
    useCustomerBilling: true,
    billingContactName: '',
    billingContactTitle: '',
    billingContactEmail: '',
    billingContactPhone: '',
    billingAddress: '',
  });
  const { guard, leaveWithoutAsking } = useUnsavedChangesGuard(form.isDirty());
  const values = form.getValues();
  const customerOptions = (customers.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.customerId})` }));

  return (
    <CardPage title="New Account">
      <SchemaForm
        form={form}
        onSubmit={(v) =>
          create.mutate(v, {
            onSuccess: (a) => {
              toastSuccess(`Account ${a.name} (${a.accountId}) created`);
              leaveWithoutAsking();
              void navigate(`/admin/customers/${a.customerId}/accounts/${a.id}`, { replace: true });
            },
            onError: (e) => showFormError(form, e),
          })
        }
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Customer"
              required
              searchable
              placeholder="Search customers..."
              nothingFoundMessage="No customers found"
              searchValue={search}
              onSearchChange={setSearch}
              data={
                preset.data && !customerOptions.some((o) => o.value === preset.data.id)
                  ? [{ value: preset.data.id, label: preset.data.name }, ...customerOptions]
                  : customerOptions
              }
              {...form.getInputProps('customerId')}
            />
            <TextInput label="Account Name" withAsterisk {...form.getInputProps('name')} />
            <TextInput label="Account ID" placeholder="Generated when left blank" {...form.getInputProps('accountId')} />
            <Select
              label="Status"
              allowDeselect={false}
              data={optionsOf(ACCOUNT_STATUSES, { label: statusLabel })}
              {...form.getInputProps('status')}
            />
            <AccountManagerSelect managers={managers.data} inputProps={form.getInputProps('accountManagerId')} />
            <NumberInput label="Max Voice Channels" min={1} {...form.getInputProps('maxVoiceChannels')} />
          </SimpleGrid>
          <AccountBillingFields inputProps={form.getInputProps} ownBilling={!values.useCustomerBilling} />
          <FormActions onCancel={() => void navigate(-1)} pending={create.isPending} submitLabel="Create Account" />
        </Stack>
      </SchemaForm>
      {guard}
    </CardPage>
  );
}

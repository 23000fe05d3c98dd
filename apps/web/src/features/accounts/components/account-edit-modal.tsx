import { Modal, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { allowedAccountStatuses, type TAccount, ZUpdateAccountBody } from '@portal/contract/accounts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSessionUser } from '../../../lib/session.ts';
import { optionsOf } from '../../../ui/filter-bar.tsx';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { FormActions } from '../../../ui/form-actions.tsx';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { statusLabel } from '../../../ui/status-badge.tsx';
import { toastSuccess } from '../../../ui/toast.ts';
import { managerOptionsQuery, useUpdateAccount } from '../api/accounts.ts';
import { AccountBillingFields, AccountManagerSelect } from './account-form-fields.tsx';

function valuesOf(a: TAccount) {
  const c = a.billingInfo.contact;
  return {
    name: a.name,
    status: a.status,
    accountManagerId: a.accountManager?.id ?? null,
    maxVoiceChannels: a.maxVoiceChannels,
    useCustomerBilling: a.billingInfo.useCustomerBilling,
    billingContactName: c.name ?? '',
    billingContactTitle: c.title ?? '',
    billingContactEmail: c.email ?? '',
    billingContactPhone: c.phone ?? '',
    billingAddress: a.billingInfo.address ?? '',
  };
}

/** Edit of an account: name, status, channels and billing; staff also choose the account manager. */
export function AccountEditModal({ account, opened, onClose }: { account: TAccount; opened: boolean; onClose: () => void }) {
  const form = useSchemaForm(ZUpdateAccountBody, valuesOf(account));
  const update = useUpdateAccount(account.id);
  const { kind } = useSessionUser();
  // The provider's account managers are chosen by staff only (the server ignores a customer's choice).
  const staff = kind === 'staff';
  const managers = useQuery({ ...managerOptionsQuery, enabled: staff });
  // statuses beyond active/inactive are the provider's: a customer Admin is offered only those
  const statuses = allowedAccountStatuses(kind, account.status);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal opens
  useEffect(() => {
    if (opened) {
      form.setInitialValues(valuesOf(account));
      form.reset();
    }
  }, [opened]);
  const custom = !form.getValues().useCustomerBilling;

  return (
    <Modal opened={opened} onClose={onClose} title="Edit Account" size="lg">
      <SchemaForm
        form={form}
        onSubmit={(v) =>
          update.mutate(v, {
            onSuccess: () => {
              toastSuccess('Account updated');
              onClose();
            },
            onError: (e) => showFormError(form, e),
          })
        }
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Account Name" withAsterisk {...form.getInputProps('name')} />
            <Select
              label="Status"
              allowDeselect={false}
              data={optionsOf(statuses, { label: statusLabel })}
              {...form.getInputProps('status')}
            />
            {staff && <AccountManagerSelect managers={managers.data} inputProps={form.getInputProps('accountManagerId')} />}
            <NumberInput label="Max Voice Channels" min={1} withAsterisk {...form.getInputProps('maxVoiceChannels')} />
          </SimpleGrid>
          <AccountBillingFields inputProps={form.getInputProps} ownBilling={custom} />
          <FormActions onCancel={onClose} pending={update.isPending} />
        </Stack>
      </SchemaForm>
    </Modal>
  );
}

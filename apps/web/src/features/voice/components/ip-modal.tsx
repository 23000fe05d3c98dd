import { Modal, Select, Stack, TextInput } from '@mantine/core';
import { IP_TYPE_LABELS, IP_TYPES, type TIpAddress, ZRegisterIpBody, ZUpdateIpBody } from '@portal/contract/voice';
import { useEffect } from 'react';
import { usePortalScope } from '../../../lib/scope.ts';
import { AccountPicker } from '../../../ui/account-picker.tsx';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { FormActions } from '../../../ui/form-actions.tsx';
import { toastSuccess } from '../../../ui/toast.ts';
import { useRegisterIp, useUpdateIp } from '../api/voice.ts';

const TYPE_OPTIONS = IP_TYPES.map((t) => ({ value: t, label: IP_TYPE_LABELS[t] }));

/**
 * Register IP (account, address, Call Origination/Termination, description) or Edit a registered
 * one (type and description; the address itself is fixed once registered).
 */
export function IpModal({
  opened,
  onClose,
  ip,
  customerId,
  defaultAccountId,
}: {
  opened: boolean;
  onClose: () => void;
  ip: TIpAddress | null;
  /** Staff: the customer whose accounts are offered. */
  customerId?: string | undefined;
  defaultAccountId?: string | undefined;
}) {
  const staff = usePortalScope().portal === 'admin';
  const initial = {
    accountId: ip?.accountId ?? defaultAccountId ?? '',
    ipAddress: ip?.ipAddress ?? '',
    type: ip?.type ?? 'Inbound',
    description: ip?.description ?? '',
  };
  const form = useSchemaForm(ip ? ZUpdateIpBody : ZRegisterIpBody, initial);
  const register = useRegisterIp();
  const update = useUpdateIp();
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal opens
  useEffect(() => {
    if (opened) {
      form.setInitialValues(initial);
      form.reset();
    }
  }, [opened]);

  const submit = form.onSubmit((v) => {
    const done = { onError: (e: unknown) => showFormError(form, e) };
    if (ip)
      update.mutate(
        { id: ip.id, body: { type: v.type, description: v.description } },
        {
          ...done,
          onSuccess: (r) => {
            toastSuccess(`${r.ipAddress} updated`);
            onClose();
          },
        },
      );
    else
      register.mutate(v, {
        ...done,
        onSuccess: (r) => {
          toastSuccess(`${r.ipAddress} registered`);
          onClose();
        },
      });
  });

  return (
    <Modal opened={opened} onClose={onClose} title={ip ? `Edit ${ip.ipAddress}` : 'Register IP Address'} centered>
      <form onSubmit={submit}>
        <Stack gap="sm">
          {!ip && (
            <>
              <AccountPicker
                label="Account"
                withAsterisk
                customerId={customerId}
                withCustomer={staff && !customerId}
                value={String(form.getValues().accountId ?? '')}
                onChange={(v) => form.setFieldValue('accountId', v)}
                error={form.errors.accountId}
              />
              <TextInput
                label="IP Address"
                placeholder="e.g. 203.0.113.10"
                withAsterisk
                data-autofocus
                {...form.getInputProps('ipAddress')}
              />
            </>
          )}
          <Select
            label="Type"
            allowDeselect={false}
            data={TYPE_OPTIONS}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('type')}
          />
          <TextInput label="Description" placeholder="e.g. Office firewall" maxLength={200} {...form.getInputProps('description')} />
          <FormActions onCancel={onClose} pending={register.isPending || update.isPending} submitLabel={ip ? 'Save' : 'Register'} />
        </Stack>
      </form>
    </Modal>
  );
}

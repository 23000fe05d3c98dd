import { Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { ACCOUNT_SERVICE_STATUSES, SERVICE_TYPES, type TAccountService, type TServiceBody, ZServiceBody } from '@portal/contract/accounts';
import { useEffect } from 'react';
import { optionsOf } from '../../../ui/filter-bar.tsx';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { FormActions } from '../../../ui/form-actions.tsx';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { statusLabel } from '../../../ui/status-badge.tsx';
import { toastSuccess } from '../../../ui/toast.ts';
import { useAccountServices } from '../api/accounts.ts';

const EMPTY: TServiceBody = { name: '', serviceType: 'SMS', status: 'active', monthlyCost: 0 };

/** Add or edit one service of an account (admin only). */
export function ServiceModal({
  accountId,
  service,
  opened,
  onClose,
}: {
  accountId: string;
  service: TAccountService | null;
  opened: boolean;
  onClose: () => void;
}) {
  const form = useSchemaForm(ZServiceBody, EMPTY);
  const { add, update } = useAccountServices(accountId);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal opens
  useEffect(() => {
    if (!opened) return;
    form.setInitialValues(
      service ? { name: service.name, serviceType: service.serviceType, status: service.status, monthlyCost: service.monthlyCost } : EMPTY,
    );
    form.reset();
  }, [opened]);
  const saving = add.isPending || update.isPending;
  const done = {
    onSuccess: () => {
      toastSuccess(service ? 'Service updated' : 'Service added');
      onClose();
    },
    onError: (e: unknown) => showFormError(form, e),
  };

  return (
    <Modal opened={opened} onClose={onClose} title={service ? 'Edit Service' : 'Add Service'}>
      <SchemaForm form={form} onSubmit={(v) => (service ? update.mutate({ serviceId: service.id, body: v }, done) : add.mutate(v, done))}>
        <Stack gap="sm">
          <TextInput label="Service Name" withAsterisk {...form.getInputProps('name')} />
          <Select label="Type" allowDeselect={false} data={[...SERVICE_TYPES]} {...form.getInputProps('serviceType')} />
          <Select
            label="Status"
            allowDeselect={false}
            data={optionsOf(ACCOUNT_SERVICE_STATUSES, { label: statusLabel })}
            {...form.getInputProps('status')}
          />
          <NumberInput label="Monthly Cost (USD)" min={0} decimalScale={2} prefix="$" {...form.getInputProps('monthlyCost')} />
          <FormActions onCancel={onClose} pending={saving} />
        </Stack>
      </SchemaForm>
    </Modal>
  );
}

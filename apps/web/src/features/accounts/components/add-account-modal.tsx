import { Modal, Select, Stack, TextInput } from '@mantine/core';
import { SUB_ACCOUNT_STATUSES, ZCreateAccountBody } from '@portal/contract/accounts';
import { optionsOf } from '../../../ui/filter-bar.tsx';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { FormActions } from '../../../ui/form-actions.tsx';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { statusLabel } from '../../../ui/status-badge.tsx';
import { toastSuccess } from '../../../ui/toast.ts';
import { useCreateAccount } from '../api/accounts.ts';

const EMPTY = { name: '', accountId: '', status: 'active' as const };

/** Customer portal Add Account: name and account ID required (Save disabled until both are filled); 30 voice channels. */
export function AddAccountModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const form = useSchemaForm(ZCreateAccountBody, EMPTY);
  const create = useCreateAccount();
  const { name, accountId } = form.getValues();
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Add Account">
      <SchemaForm
        form={form}
        onSubmit={(v) =>
          create.mutate(v, {
            onSuccess: (a) => {
              toastSuccess(`Account ${a.name} created`);
              close();
            },
            onError: (e) => showFormError(form, e),
          })
        }
      >
        <Stack gap="sm">
          <TextInput label="Account Name" withAsterisk data-autofocus {...form.getInputProps('name')} />
          <TextInput label="Account ID" withAsterisk {...form.getInputProps('accountId')} />
          <Select
            label="Status"
            allowDeselect={false}
            data={optionsOf(SUB_ACCOUNT_STATUSES, { label: statusLabel })}
            {...form.getInputProps('status')}
          />
          <FormActions
            onCancel={close}
            pending={create.isPending}
            disabled={!name?.trim() || !accountId?.trim()}
            submitLabel="Add Account"
          />
        </Stack>
      </SchemaForm>
    </Modal>
  );
}

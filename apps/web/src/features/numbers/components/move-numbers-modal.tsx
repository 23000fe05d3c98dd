import { Modal, Stack, Text } from '@mantine/core';
import { ZMoveNumbersBody } from '@portal/contract/numbers';
import { useEffect } from 'react';
import { AccountPicker } from '../../../ui/account-picker.tsx';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { FormActions } from '../../../ui/form-actions.tsx';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { toastSuccess } from '../../../ui/toast.ts';
import { useMoveNumbers } from '../api/numbers.ts';

/** Bulk Move: to another account of the same customer, chosen here. */
export function MoveNumbersModal({
  opened,
  onClose,
  numberIds,
  customerId,
  currentAccountIds,
  onDone,
}: {
  opened: boolean;
  onClose: () => void;
  numberIds: string[];
  customerId: string | undefined;
  currentAccountIds: string[];
  onDone: () => void;
}) {
  const form = useSchemaForm(ZMoveNumbersBody, { numberIds, accountId: '' });
  const move = useMoveNumbers();
  const single = new Set(currentAccountIds).size === 1 ? currentAccountIds : [];
  // biome-ignore lint/correctness/useExhaustiveDependencies: start afresh with the selection each time the dialog opens
  useEffect(() => {
    if (!opened) return;
    form.setInitialValues({ numberIds, accountId: '' });
    form.reset();
  }, [opened]);

  return (
    <Modal opened={opened} onClose={onClose} title="Move Numbers" centered>
      <SchemaForm
        form={form}
        onSubmit={(values) =>
          move.mutate(values, {
            onSuccess: (r) => {
              toastSuccess(`Moved ${r.count} number${r.count === 1 ? '' : 's'}`);
              onDone();
              onClose();
            },
            onError: (e) => showFormError(form, e),
          })
        }
      >
        <Stack>
          <Text size="sm">
            Move {numberIds.length} selected number{numberIds.length === 1 ? '' : 's'} to another account of the same customer.
          </Text>
          <AccountPicker
            label="Target account"
            customerId={customerId}
            exclude={single}
            withAsterisk
            {...form.getInputProps('accountId')}
          />
          {form.errors.numberIds && (
            <Text size="sm" c="red">
              {form.errors.numberIds}
            </Text>
          )}
          <FormActions onCancel={onClose} pending={move.isPending} submitLabel="Move" />
        </Stack>
      </SchemaForm>
    </Modal>
  );
}

import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { isApiError } from '../../../lib/api.ts';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import { useMoveNumbers } from '../api/numbers.ts';
import { AccountSelect } from './account-select.tsx';

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
  const [accountId, setAccountId] = useState('');
  const [error, setError] = useState<string | undefined>();
  const move = useMoveNumbers();
  const single = new Set(currentAccountIds).size === 1 ? currentAccountIds : [];

  function submit() {
    if (!accountId) {
      setError('Choose the account to move the numbers to');
      return;
    }
    move.mutate(
      { numberIds, accountId },
      {
        onSuccess: (r) => {
          toastSuccess(`Moved ${r.count} number${r.count === 1 ? '' : 's'}`);
          setAccountId('');
          onDone();
          onClose();
        },
        onError: (e) => {
          if (isApiError(e) && e.fields.accountId) setError(e.fields.accountId);
          toastError(e);
        },
      },
    );
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Move Numbers" centered>
      <Stack>
        <Text size="sm">
          Move {numberIds.length} selected number{numberIds.length === 1 ? '' : 's'} to another account of the same customer.
        </Text>
        <AccountSelect
          label="Target account"
          customerId={customerId}
          exclude={single}
          value={accountId}
          onChange={(v) => {
            setAccountId(v);
            setError(undefined);
          }}
          error={error}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={move.isPending}>
            Move
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

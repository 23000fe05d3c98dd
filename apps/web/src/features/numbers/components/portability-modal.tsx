import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { E164_PATTERN, type TPortability } from '@portal/contract/numbers';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useState } from 'react';
import { useCan } from '../../../lib/session.ts';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import { useCheckPortability, useCreatePorting } from '../api/numbers.ts';
import { AccountSelect } from './account-select.tsx';

/** Search Portability: prompts for a number, validates it as E.164 and says whether it can be ported in and why. */
export function PortabilityModal({
  opened,
  onClose,
  accountId: fixedAccount,
  customerId,
}: {
  opened: boolean;
  onClose: () => void;
  accountId?: string | undefined;
  customerId?: string | undefined;
}) {
  const [number, setNumber] = useState('');
  const [error, setError] = useState<string>();
  const [result, setResult] = useState<TPortability | null>(null);
  const [accountId, setAccountId] = useState(fixedAccount ?? '');
  const check = useCheckPortability();
  const create = useCreatePorting();
  const canPort = useCan('porting.write');

  function submit() {
    const value = number.trim();
    if (!value) return setError('Please enter a phone number');
    if (!E164_PATTERN.test(value)) return setError('Enter the number in E.164 format, e.g. +12125550123');
    setError(undefined);
    check.mutate(value, { onSuccess: setResult, onError: (e) => toastError(e) });
  }

  function requestPort() {
    if (!result || !accountId) return;
    create.mutate(
      { accountId, number: result.number },
      {
        onSuccess: (p) => {
          toastSuccess(`Porting request ${p.requestCode} created`);
          setResult(null);
          setNumber('');
          onClose();
        },
        onError: (e) => toastError(e),
      },
    );
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Search Portability" centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label="Phone number"
            description="In E.164 format: a plus, the country code and the number"
            placeholder="+12125550123"
            value={number}
            error={error}
            onChange={(e) => {
              setNumber(e.currentTarget.value);
              setResult(null);
            }}
            data-autofocus
          />
          {result && (
            <Alert
              color={result.portable ? 'green' : 'red'}
              icon={result.portable ? <IconCircleCheck /> : <IconCircleX />}
              title={result.portable ? `${result.number} can be ported in` : `${result.number} cannot be ported in`}
              data-testid="portability-result"
            >
              {result.reason}
            </Alert>
          )}
          {result?.portable && canPort && (
            <Group align="flex-end">
              {!fixedAccount && (
                <AccountSelect
                  label="Port into account"
                  customerId={customerId}
                  withCustomer={!customerId}
                  value={accountId}
                  onChange={setAccountId}
                  w={280}
                />
              )}
              <Button variant="light" onClick={requestPort} disabled={!accountId} loading={create.isPending}>
                Request Port
              </Button>
            </Group>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" loading={check.isPending}>
              Check
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

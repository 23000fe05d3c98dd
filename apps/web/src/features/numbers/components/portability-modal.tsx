import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type TPortability, ZCreatePortingBody, ZPortabilityBody } from '@portal/contract/numbers';
import { formatPhone } from '@portal/contract/phone';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useCan } from '../../../lib/session.ts';
import { AccountPicker } from '../../../ui/account-picker.tsx';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { toastSuccess } from '../../../ui/toast.ts';
import { useCheckPortability, useCreatePorting } from '../api/numbers.ts';

/** Search Portability: prompts for a number, checks it as E.164 (the contract's rule) and says whether it can be ported in and why. */
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
  const form = useSchemaForm(ZPortabilityBody, { number: '' });
  const port = useSchemaForm(ZCreatePortingBody, { accountId: fixedAccount ?? '', number: '' });
  const [result, setResult] = useState<TPortability | null>(null);
  const check = useCheckPortability();
  const create = useCreatePorting();
  const canPort = useCan('porting.write');
  // biome-ignore lint/correctness/useExhaustiveDependencies: start afresh each time the dialog opens
  useEffect(() => {
    if (!opened) return;
    form.reset();
    port.setInitialValues({ accountId: fixedAccount ?? '', number: '' });
    port.reset();
    setResult(null);
  }, [opened]);

  return (
    <Modal opened={opened} onClose={onClose} title="Search Portability" centered>
      <Stack>
        <SchemaForm
          form={form}
          onSubmit={(values) =>
            check.mutate(values.number.trim(), {
              onSuccess: (r) => {
                setResult(r);
                port.setFieldValue('number', r.number);
              },
              onError: (e) => showFormError(form, e),
            })
          }
        >
          <Stack>
            <TextInput
              label="Phone number"
              description="In E.164 format: a plus, the country code and the number"
              placeholder="+12125550123"
              data-autofocus
              {...form.getInputProps('number')}
              onChange={(e) => {
                form.getInputProps('number').onChange(e);
                setResult(null);
              }}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Close
              </Button>
              <Button type="submit" loading={check.isPending}>
                Check
              </Button>
            </Group>
          </Stack>
        </SchemaForm>
        {result && (
          <Alert
            color={result.portable ? 'green' : 'red'}
            icon={result.portable ? <IconCircleCheck /> : <IconCircleX />}
            title={result.portable ? `${formatPhone(result.number)} can be ported in` : `${formatPhone(result.number)} cannot be ported in`}
            data-testid="portability-result"
          >
            {result.reason}
          </Alert>
        )}
        {result?.portable && canPort && (
          <SchemaForm
            form={port}
            onSubmit={(values) =>
              create.mutate(values, {
                onSuccess: (p) => {
                  toastSuccess(`Porting request ${p.requestCode} created`);
                  onClose();
                },
                onError: (e) => showFormError(port, e),
              })
            }
          >
            <Group align="flex-start">
              {!fixedAccount && (
                <AccountPicker
                  label="Port into account"
                  customerId={customerId}
                  withCustomer={!customerId}
                  withAsterisk
                  w={280}
                  {...port.getInputProps('accountId')}
                />
              )}
              <Button type="submit" variant="light" mt={fixedAccount ? 0 : 25} loading={create.isPending}>
                Request Port
              </Button>
            </Group>
            {port.errors.number && (
              <Alert color="red" mt="xs">
                {port.errors.number}
              </Alert>
            )}
          </SchemaForm>
        )}
      </Stack>
    </Modal>
  );
}

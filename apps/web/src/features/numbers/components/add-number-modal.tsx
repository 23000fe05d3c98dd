import { Button, Checkbox, Group, Modal, ScrollArea, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { NUMBER_FEATURES, type TPhoneNumber, ZAssignNumbersBody, ZInventoryQuery } from '@portal/contract/numbers';
import { formatPhone } from '@portal/contract/phone';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { formatUsd } from '../../../lib/format.ts';
import { AccountPicker } from '../../../ui/account-picker.tsx';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { PhoneText } from '../../../ui/phone-text.tsx';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { toastSuccess } from '../../../ui/toast.ts';
import { inventoryQuery, useAssignNumbers } from '../api/numbers.ts';

const SEARCH = { prefix: '', type: '', features: [] as string[] };

/**
 * Add Number (staff) and Buy Number (customer Admins): search the provider's inventory by area code
 * or prefix, type and features, pick numbers and the sub-account, see the monthly fee, confirm.
 */
export function AddNumberModal({
  opened,
  onClose,
  accountId: fixedAccount,
  customerId,
  buy = false,
}: {
  opened: boolean;
  onClose: () => void;
  accountId?: string | undefined;
  customerId?: string | undefined;
  /** The customer's Buy Number: the fee is spelled out and the purchase confirmed. */
  buy?: boolean;
}) {
  // Two forms on the contract's schemas: the inventory search (checked as typed) and the assignment.
  const search = useSchemaForm(ZInventoryQuery, SEARCH);
  const form = useSchemaForm(ZAssignNumbersBody, { numberIds: [] as string[], accountId: fixedAccount ?? '' });
  const { prefix, type, features } = search.getValues();
  const prefixError = ZInventoryQuery.shape.prefix.safeParse(prefix).error?.issues[0]?.message;
  const { data, isFetching } = useQuery({
    ...inventoryQuery({ prefix: prefixError ? '' : prefix, type, features: features.join(',') }),
    enabled: opened,
  });
  const assign = useAssignNumbers();
  const picked = form.getValues().numberIds;
  // the rows seen in any search, so the fee of a pick made before the search changed is still known
  const seen = useRef(new Map<string, TPhoneNumber>());
  for (const n of data?.items ?? []) seen.current.set(n.id, n);
  const monthly = picked.reduce((sum, id) => sum + Number(seen.current.get(id)?.monthlyFee ?? 0), 0);
  const { confirm, dialog } = useConfirm();
  const noun = (n: number) => `${n} number${n === 1 ? '' : 's'}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: start afresh each time the dialog opens
  useEffect(() => {
    if (!opened) return;
    search.reset();
    form.setInitialValues({ numberIds: [], accountId: fixedAccount ?? '' });
    form.reset();
  }, [opened]);

  return (
    <Modal opened={opened} onClose={onClose} title={buy ? 'Buy Number' : 'Add Number'} size="xl" centered>
      <Stack>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label="Area code or prefix"
            placeholder="e.g. 212 or 800"
            {...search.getInputProps('prefix')}
            error={prefixError}
            w={180}
          />
          <Select
            label="Type"
            w={150}
            data={[
              { value: '', label: 'All' },
              { value: 'DID', label: 'DID' },
              { value: 'TFN', label: 'Toll-Free' },
            ]}
            {...search.getInputProps('type')}
            allowDeselect={false}
          />
          <Checkbox.Group label="Features" {...search.getInputProps('features')}>
            <Group gap="sm" mt={8}>
              {NUMBER_FEATURES.map((f) => (
                <Checkbox key={f} value={f} label={f} />
              ))}
            </Group>
          </Checkbox.Group>
        </Group>
        <Text size="sm" c="dimmed">
          {isFetching
            ? 'Searching...'
            : `${data?.total ?? 0} available number${data?.total === 1 ? '' : 's'}${(data?.total ?? 0) > 50 ? ' (first 50 shown)' : ''}`}
        </Text>
        <ScrollArea h={280}>
          <Table striped highlightOnHover aria-label="Available numbers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40} />
                <Table.Th>Number</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Features</Table.Th>
                <Table.Th>Location</Table.Th>
                <Table.Th ta="right">Monthly Fee</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(data?.items ?? []).map((n) => (
                <Table.Tr key={n.id}>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Select ${formatPhone(n.number)}`}
                      checked={picked.includes(n.id)}
                      onChange={(e) =>
                        form.setFieldValue('numberIds', e.currentTarget.checked ? [...picked, n.id] : picked.filter((x) => x !== n.id))
                      }
                    />
                  </Table.Td>
                  <Table.Td>
                    <PhoneText value={n.number} />
                  </Table.Td>
                  <Table.Td>{n.type === 'TFN' ? 'Toll-Free' : 'DID'}</Table.Td>
                  <Table.Td>{n.features.join(', ')}</Table.Td>
                  <Table.Td>{n.city ? `${n.city}, ${n.state}` : '—'}</Table.Td>
                  <Table.Td ta="right">{formatUsd(n.monthlyFee)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {!isFetching && data?.items.length === 0 && (
            <Text c="dimmed" ta="center" py="md" size="sm">
              No numbers found matching your filters
            </Text>
          )}
        </ScrollArea>
        <SchemaForm
          form={form}
          onSubmit={async (values) => {
            if (
              buy &&
              !(await confirm({
                title: 'Buy Number',
                message: `Buy ${noun(values.numberIds.length)} for ${formatUsd(monthly)} a month? The monthly fee is billed from today.`,
                confirmLabel: 'Buy',
                danger: false,
              }))
            )
              return;
            assign.mutate(values, {
              onSuccess: (r) => {
                toastSuccess(`${buy ? 'Bought' : 'Added'} ${noun(r.count)}`);
                onClose();
              },
              onError: (e) => showFormError(form, e),
            });
          }}
        >
          {form.errors.numberIds && (
            <Text size="sm" c="red" mb="xs">
              {form.errors.numberIds}
            </Text>
          )}
          <Group justify="space-between" align="flex-end">
            {fixedAccount ? (
              <span />
            ) : (
              <AccountPicker
                label={buy ? 'For sub-account' : 'Add to account'}
                customerId={customerId}
                withCustomer={!customerId && !buy}
                withAsterisk
                w={360}
                {...form.getInputProps('accountId')}
              />
            )}
            <Group>
              {picked.length > 0 && (
                <Text size="sm" data-testid="monthly-total">
                  {formatUsd(monthly)} / month
                </Text>
              )}
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={picked.length === 0} loading={assign.isPending}>
                {buy ? 'Buy' : 'Add'} {picked.length || ''} Number{picked.length === 1 ? '' : 's'}
              </Button>
            </Group>
          </Group>
        </SchemaForm>
      </Stack>
      {dialog}
    </Modal>
  );
}

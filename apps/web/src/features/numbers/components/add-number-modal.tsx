import { Button, Checkbox, Group, Modal, ScrollArea, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { NUMBER_FEATURES } from '@portal/contract/numbers';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatUsd } from '../../../lib/format.ts';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import { inventoryQuery, useAssignNumbers } from '../api/numbers.ts';
import { AccountSelect } from './account-select.tsx';

/** Add Number: search the provider's inventory by area code or prefix, type and features, then assign. */
export function AddNumberModal({
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
  const [prefix, setPrefix] = useState('');
  const [type, setType] = useState('');
  const [features, setFeatures] = useState<string[]>([]);
  const [picked, setPicked] = useState<string[]>([]);
  const [accountId, setAccountId] = useState(fixedAccount ?? '');
  const [accountError, setAccountError] = useState<string>();
  const prefixError = prefix && !/^\+?\d{1,10}$/.test(prefix) ? 'Enter an area code or leading digits' : undefined;
  const { data, isFetching } = useQuery({
    ...inventoryQuery({ prefix: prefixError ? '' : prefix, type, features: features.join(',') }),
    enabled: opened,
  });
  const assign = useAssignNumbers();

  function submit() {
    if (!accountId) {
      setAccountError('Choose the account to add the numbers to');
      return;
    }
    assign.mutate(
      { numberIds: picked, accountId },
      {
        onSuccess: (r) => {
          toastSuccess(`Added ${r.count} number${r.count === 1 ? '' : 's'}`);
          setPicked([]);
          onClose();
        },
        onError: (e) => toastError(e),
      },
    );
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Add Number" size="xl" centered>
      <Stack>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label="Area code or prefix"
            placeholder="e.g. 212 or 800"
            value={prefix}
            error={prefixError}
            onChange={(e) => setPrefix(e.currentTarget.value.trim())}
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
            value={type}
            onChange={(v) => setType(v ?? '')}
            allowDeselect={false}
          />
          <Checkbox.Group label="Features" value={features} onChange={setFeatures}>
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
                      aria-label={`Select ${n.number}`}
                      checked={picked.includes(n.id)}
                      onChange={(e) => setPicked(e.currentTarget.checked ? [...picked, n.id] : picked.filter((x) => x !== n.id))}
                    />
                  </Table.Td>
                  <Table.Td>{n.number}</Table.Td>
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
        <Group justify="space-between" align="flex-end">
          {fixedAccount ? (
            <span />
          ) : (
            <AccountSelect
              label="Add to account"
              customerId={customerId}
              withCustomer={!customerId}
              value={accountId}
              onChange={(v) => {
                setAccountId(v);
                setAccountError(undefined);
              }}
              error={accountError}
              w={360}
            />
          )}
          <Group>
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={submit} disabled={picked.length === 0} loading={assign.isPending}>
              Add {picked.length || ''} Number{picked.length === 1 ? '' : 's'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

import { ActionIcon, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  ROUTE_STRATEGIES,
  ROUTE_STRATEGY_LABELS,
  TRUNK_STATUSES,
  type TTrunk,
  ZCreateTrunkBody,
  ZUpdateTrunkBody,
} from '@portal/contract/voice';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect } from 'react';
import { AccountPicker } from '../../../ui/account-picker.tsx';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { FormActions } from '../../../ui/form-actions.tsx';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { toastSuccess } from '../../../ui/toast.ts';
import { useCreateTrunk, useUpdateTrunk } from '../api/voice.ts';

type Row = { ip: string; name: string };
type TrunkValues = {
  accountId: string;
  trunkName: string;
  routeStrategy: TTrunk['routeStrategy'];
  status: TTrunk['status'];
  primaryGroup: Row[];
  failoverGroup: Row[];
};
type GroupKey = 'primaryGroup' | 'failoverGroup';

const rowsOf = (g: { ip: string; name: string | null }[]) => g.map((r) => ({ ip: r.ip, name: r.name ?? '' }));

function valuesOf(trunk: TTrunk | null, accountId: string | undefined): TrunkValues {
  return {
    accountId: trunk?.accountId ?? accountId ?? '',
    trunkName: trunk?.trunkName ?? '',
    routeStrategy: trunk?.routeStrategy ?? 'Round Robin',
    status: trunk?.status ?? 'Active',
    primaryGroup: trunk ? rowsOf(trunk.primaryGroup) : [{ ip: '', name: '' }],
    failoverGroup: trunk ? rowsOf(trunk.failoverGroup) : [],
  };
}

/** A group's rows of IP plus optional name; the contract's ZIpGroup checks them (and the primary/failover overlap). */
function GroupEditor({ label, group, form }: { label: string; group: GroupKey; form: UseFormReturnType<TrunkValues> }) {
  const rows = form.getValues()[group];
  return (
    <Stack gap={6} data-testid={`${group}-editor`}>
      <Group justify="space-between">
        <Text fw={600} size="sm">
          {label}
        </Text>
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconPlus size={12} />}
          onClick={() => form.insertListItem(group, { ip: '', name: '' })}
        >
          Add IP
        </Button>
      </Group>
      {rows.length === 0 && (
        <Text size="xs" c="dimmed">
          No IP addresses
        </Text>
      )}
      {form.errors[group] && (
        <Text size="xs" c="red">
          {form.errors[group]}
        </Text>
      )}
      {rows.map((_, i) => (
        <Group key={form.key(`${group}.${i}`)} align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            aria-label={`${label} IP ${i + 1}`}
            placeholder="IP address (IPv4 or IPv6)"
            style={{ flex: 2 }}
            {...form.getInputProps(`${group}.${i}.ip`)}
          />
          <TextInput
            aria-label={`${label} name ${i + 1}`}
            placeholder="Name (optional)"
            style={{ flex: 1 }}
            {...form.getInputProps(`${group}.${i}.name`)}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={4}
            aria-label={`Remove ${label} IP ${i + 1}`}
            onClick={() => form.removeListItem(group, i)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}

/** Create or edit a trunk: name, route strategy, status and the primary and failover groups (rows of IP plus optional name). */
export function TrunkModal({
  opened,
  onClose,
  trunk,
  customerId,
  withCustomer = false,
  defaultAccountId,
}: {
  opened: boolean;
  onClose: () => void;
  trunk: TTrunk | null;
  /** Staff: the customer whose accounts are offered. */
  customerId?: string | undefined;
  withCustomer?: boolean;
  defaultAccountId?: string | undefined;
}) {
  const form = useSchemaForm<TrunkValues>(trunk ? ZUpdateTrunkBody : ZCreateTrunkBody, valuesOf(trunk, defaultAccountId));
  const create = useCreateTrunk();
  const update = useUpdateTrunk();

  // biome-ignore lint/correctness/useExhaustiveDependencies: start afresh each time the dialog opens
  useEffect(() => {
    if (!opened) return;
    form.setInitialValues(valuesOf(trunk, defaultAccountId));
    form.reset();
  }, [opened, trunk, defaultAccountId]);

  function submit(values: TrunkValues) {
    const done = {
      onSuccess: (t: TTrunk) => {
        toastSuccess(trunk ? `Trunk ${t.trunkName} saved` : `Trunk ${t.trunkName} created`);
        onClose();
      },
      onError: (e: unknown) => showFormError(form, e),
    };
    const { accountId, ...fields } = values;
    if (trunk) update.mutate({ id: trunk.id, body: ZUpdateTrunkBody.parse(fields) }, done);
    else create.mutate(ZCreateTrunkBody.parse(values), done);
  }

  return (
    <Modal opened={opened} onClose={onClose} title={trunk ? `Edit ${trunk.trunkName}` : 'Create Trunk'} size="lg" centered>
      <SchemaForm form={form} onSubmit={submit}>
        <Stack>
          {!trunk && (
            <AccountPicker
              label="Account"
              customerId={customerId}
              withCustomer={withCustomer}
              withAsterisk
              {...form.getInputProps('accountId')}
            />
          )}
          <TextInput label="Trunk Name" withAsterisk {...form.getInputProps('trunkName')} />
          <Group grow>
            <Select
              label="Route Strategy"
              data={ROUTE_STRATEGIES.map((s) => ({ value: s, label: ROUTE_STRATEGY_LABELS[s] }))}
              allowDeselect={false}
              {...form.getInputProps('routeStrategy')}
            />
            <Select label="Status" data={[...TRUNK_STATUSES]} allowDeselect={false} {...form.getInputProps('status')} />
          </Group>
          <GroupEditor label="Primary Group" group="primaryGroup" form={form} />
          <GroupEditor label="Failover Group" group="failoverGroup" form={form} />
          <FormActions onCancel={onClose} pending={create.isPending || update.isPending} submitLabel={trunk ? 'Save' : 'Create Trunk'} />
        </Stack>
      </SchemaForm>
    </Modal>
  );
}

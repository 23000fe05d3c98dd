import { ActionIcon, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { isIpAddress, normalizeIp, ROUTE_STRATEGIES, ROUTE_STRATEGY_LABELS, TRUNK_STATUSES, type TTrunk } from '@portal/contract/voice';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { isApiError } from '../../../lib/api.ts';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import { useCreateTrunk, useUpdateTrunk } from '../api/voice.ts';

type Row = { ip: string; name: string };
type Errors = Record<string, string>;

function validateGroups(primary: Row[], failover: Row[]): Errors {
  const errors: Errors = {};
  const check = (rows: Row[], group: string, others: Set<string>) => {
    const seen = new Set<string>();
    rows.forEach((r, i) => {
      const key = normalizeIp(r.ip);
      if (!r.ip.trim()) errors[`${group}.${i}.ip`] = 'Enter an IP address';
      else if (!isIpAddress(r.ip.trim())) errors[`${group}.${i}.ip`] = 'Enter a valid IPv4 or IPv6 address';
      else if (seen.has(key)) errors[`${group}.${i}.ip`] = 'This IP address is already in the list';
      else if (others.has(key)) errors[`${group}.${i}.ip`] = 'This IP address is already in the primary group';
      seen.add(key);
    });
  };
  if (primary.length === 0) errors.primaryGroup = 'Add at least one IP address';
  check(primary, 'primaryGroup', new Set());
  check(failover, 'failoverGroup', new Set(primary.map((r) => normalizeIp(r.ip))));
  return errors;
}

/** An edit clears the group's messages; Save checks again. */
const withoutGroup = (errors: Errors, group: string) => Object.fromEntries(Object.entries(errors).filter(([k]) => !k.startsWith(group)));

function GroupEditor({
  label,
  group,
  rows,
  onChange,
  errors,
}: {
  label: string;
  group: string;
  rows: Row[];
  onChange: (rows: Row[]) => void;
  errors: Errors;
}) {
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
          onClick={() => onChange([...rows, { ip: '', name: '' }])}
        >
          Add IP
        </Button>
      </Group>
      {rows.length === 0 && (
        <Text size="xs" c="dimmed">
          No IP addresses
        </Text>
      )}
      {errors[group] && (
        <Text size="xs" c="red">
          {errors[group]}
        </Text>
      )}
      {rows.map((r, i) => (
        <Group key={`${group}-${i.toString()}`} align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            aria-label={`${label} IP ${i + 1}`}
            placeholder="IP address (IPv4 or IPv6)"
            value={r.ip}
            error={errors[`${group}.${i}.ip`]}
            onChange={(e) => onChange(rows.map((x, j) => (j === i ? { ...x, ip: e.currentTarget.value } : x)))}
            style={{ flex: 2 }}
          />
          <TextInput
            aria-label={`${label} name ${i + 1}`}
            placeholder="Name (optional)"
            value={r.name}
            onChange={(e) => onChange(rows.map((x, j) => (j === i ? { ...x, name: e.currentTarget.value } : x)))}
            style={{ flex: 1 }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={4}
            aria-label={`Remove ${label} IP ${i + 1}`}
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
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
  accounts,
  defaultAccountId,
}: {
  opened: boolean;
  onClose: () => void;
  trunk: TTrunk | null;
  accounts: { value: string; label: string }[];
  defaultAccountId?: string | undefined;
}) {
  const [name, setName] = useState('');
  const [accountId, setAccountId] = useState('');
  const [strategy, setStrategy] = useState<string>('Round Robin');
  const [status, setStatus] = useState<string>('Active');
  const [primary, setPrimary] = useState<Row[]>([]);
  const [failover, setFailover] = useState<Row[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateTrunk();
  const update = useUpdateTrunk();

  useEffect(() => {
    if (!opened) return;
    setName(trunk?.trunkName ?? '');
    setAccountId(trunk?.accountId ?? defaultAccountId ?? '');
    setStrategy(trunk?.routeStrategy ?? 'Round Robin');
    setStatus(trunk?.status ?? 'Active');
    const rows = (g: { ip: string; name: string | null }[]) => g.map((r) => ({ ip: r.ip, name: r.name ?? '' }));
    setPrimary(trunk ? rows(trunk.primaryGroup) : [{ ip: '', name: '' }]);
    setFailover(trunk ? rows(trunk.failoverGroup) : []);
    setErrors({});
  }, [opened, trunk, defaultAccountId]);

  function submit() {
    const next = validateGroups(primary, failover);
    if (!name.trim()) next.trunkName = 'Trunk name is required';
    if (!trunk && !accountId) next.accountId = 'Choose an account';
    setErrors(next);
    if (Object.keys(next).length) return;
    const clean = (rows: Row[]) => rows.map((r) => ({ ip: r.ip.trim(), name: r.name.trim() || null }));
    const body = {
      trunkName: name.trim(),
      routeStrategy: strategy as TTrunk['routeStrategy'],
      status: status as TTrunk['status'],
      primaryGroup: clean(primary),
      failoverGroup: clean(failover),
    };
    const done = {
      onSuccess: (t: TTrunk) => {
        toastSuccess(trunk ? `Trunk ${t.trunkName} saved` : `Trunk ${t.trunkName} created`);
        onClose();
      },
      onError: (e: unknown) => {
        if (isApiError(e)) setErrors(e.fields);
        toastError(e);
      },
    };
    if (trunk) update.mutate({ id: trunk.id, body }, done);
    else create.mutate({ ...body, accountId }, done);
  }

  return (
    <Modal opened={opened} onClose={onClose} title={trunk ? `Edit ${trunk.trunkName}` : 'Create Trunk'} size="lg" centered>
      <Stack>
        {!trunk && (
          <Select
            label="Account"
            searchable
            data={accounts}
            value={accountId}
            onChange={(v) => setAccountId(v ?? '')}
            error={errors.accountId}
            nothingFoundMessage="No accounts found"
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <TextInput label="Trunk Name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.trunkName} />
        <Group grow>
          <Select
            label="Route Strategy"
            data={ROUTE_STRATEGIES.map((s) => ({ value: s, label: ROUTE_STRATEGY_LABELS[s] }))}
            value={strategy}
            onChange={(v) => setStrategy(v ?? 'Round Robin')}
            allowDeselect={false}
          />
          <Select
            label="Status"
            data={[...TRUNK_STATUSES]}
            value={status}
            onChange={(v) => setStatus(v ?? 'Active')}
            allowDeselect={false}
          />
        </Group>
        <GroupEditor
          label="Primary Group"
          group="primaryGroup"
          rows={primary}
          onChange={(rows) => {
            setPrimary(rows);
            setErrors(withoutGroup(errors, 'primaryGroup'));
          }}
          errors={errors}
        />
        <GroupEditor
          label="Failover Group"
          group="failoverGroup"
          rows={failover}
          onChange={(rows) => {
            setFailover(rows);
            setErrors(withoutGroup(errors, 'failoverGroup'));
          }}
          errors={errors}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={create.isPending || update.isPending}>
            {trunk ? 'Save' : 'Create Trunk'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

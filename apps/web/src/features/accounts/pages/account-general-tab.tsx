import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TAccountService } from '@portal/contract/accounts';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { usePortalScope } from '../../../lib/scope.ts';
import { useCan } from '../../../lib/session.ts';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { type Column, DataTable } from '../../../ui/data-table.tsx';
import { DateText } from '../../../ui/date-text.tsx';
import { MoneyText } from '../../../ui/money-text.tsx';
import { PhoneText } from '../../../ui/phone-text.tsx';
import { RowAction } from '../../../ui/row-action.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import { accountQuery, useAccountServices } from '../api/accounts.ts';
import { ServiceModal } from '../components/service-modal.tsx';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      <Stack gap={6}>{children}</Stack>
    </Paper>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right">
        {children || '—'}
      </Text>
    </Group>
  );
}

/** Spec 2.7 General tab: Account Information, Account Manager, Billing Information and Services. */
export function AccountGeneralTab() {
  const scope = usePortalScope();
  const { data: account } = useQuery(accountQuery(scope.accountId ?? ''));
  const mayManage = useCan('customers.write');
  const canManage = scope.portal === 'admin' && mayManage;
  const services = useAccountServices(scope.accountId ?? '');
  const [editing, setEditing] = useState<TAccountService | null | undefined>(undefined);
  const { confirm, dialog } = useConfirm();
  if (!account) return null;

  const billing = account.billingInfo;
  const columns: Column<TAccountService>[] = [
    { key: 'name', header: 'Service', render: (s) => s.name },
    { key: 'type', header: 'Type', render: (s) => s.serviceType },
    { key: 'status', header: 'Status', kind: 'badge', render: (s) => <StatusBadge status={s.status} /> },
    { key: 'cost', header: 'Monthly Cost', kind: 'figure', align: 'right', render: (s) => <MoneyText value={s.monthlyCost} /> },
  ];

  async function onRemove(s: TAccountService) {
    if (!(await confirm({ title: 'Remove service', message: `Remove ${s.name} from this account?`, confirmLabel: 'Remove' }))) return;
    services.remove.mutate(s.id, { onSuccess: () => toastSuccess('Service removed'), onError: (e) => toastError(e) });
  }

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <Card title="Account Information">
          <Row label="Name">{account.name}</Row>
          <Row label="Account ID">{account.accountId}</Row>
          <Row label="Status">
            <StatusBadge status={account.status} />
          </Row>
          <Row label="Created">
            <DateText value={account.createdAt} />
          </Row>
          <Row label="Max Voice Channels">{account.maxVoiceChannels}</Row>
        </Card>
        <Card title="Account Manager">
          {account.accountManager ? (
            <>
              <Row label="Name">{account.accountManager.name}</Row>
              <Row label="Email">{account.accountManager.email}</Row>
              <Row label="Phone">
                <PhoneText value={account.accountManager.phone} />
              </Row>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              No account manager assigned.
            </Text>
          )}
        </Card>
        <Card title="Billing Information">
          {billing.useCustomerBilling ? (
            <Text size="sm" c="dimmed">
              This account uses the customer's billing information.
            </Text>
          ) : (
            <>
              <Row label="Contact">{billing.contact.name}</Row>
              <Row label="Title">{billing.contact.title}</Row>
              <Row label="Email">{billing.contact.email}</Row>
              <Row label="Phone">
                <PhoneText value={billing.contact.phone} />
              </Row>
              <Row label="Address">{billing.address}</Row>
            </>
          )}
        </Card>
      </SimpleGrid>
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" mb="sm">
          <Title order={3} size="h5">
            Services
          </Title>
          {canManage && (
            <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setEditing(null)}>
              Add
            </Button>
          )}
        </Group>
        <DataTable
          label="Services"
          columns={columns}
          rows={account.services}
          emptyText="No services found"
          rowActions={
            canManage
              ? (s) => (
                  <>
                    <RowAction label="Edit" name={s.name} icon={<IconEdit size={16} />} onClick={() => setEditing(s)} />
                    <RowAction label="Delete" name={s.name} icon={<IconTrash size={16} />} color="red" onClick={() => void onRemove(s)} />
                  </>
                )
              : undefined
          }
        />
      </Paper>
      {canManage && (
        <ServiceModal
          accountId={account.id}
          service={editing ?? null}
          opened={editing !== undefined}
          onClose={() => setEditing(undefined)}
        />
      )}
      {dialog}
    </Stack>
  );
}

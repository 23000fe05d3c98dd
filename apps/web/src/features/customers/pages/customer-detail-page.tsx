import { Button, Group, Paper, SimpleGrid, Stack, Tabs } from '@mantine/core';
import type { TCustomer } from '@portal/contract/customers';
import { IconEdit } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ComponentType, useCallback, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useCan } from '../../../lib/session.ts';
import { DetailField } from '../../../ui/detail-field.tsx';
import { PhoneText } from '../../../ui/phone-text.tsx';
import { BackButton, MissingRecord, RecordLoading } from '../../../ui/record-states.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { PageTitle } from '../../../ui/titles.tsx';
import { useUnsavedChangesGuard } from '../../../ui/use-unsaved-changes-guard.tsx';
import { customerQuery } from '../api/customers.ts';
import { BillingTab } from '../components/billing-tab.tsx';
import { CompanyProfileModal } from '../components/company-profile-modal.tsx';
import { NetworkTab } from '../components/network-tab.tsx';
import { NotesTab } from '../components/notes-tab.tsx';

const TABS = [
  ['accounts', 'Accounts'],
  ['billing', 'Billing'],
  ['network', '382 Network'],
  ['notes', 'Notes'],
] as const;

function CustomerSummary({ customer }: { customer: TCustomer }) {
  const address = [customer.address, customer.city, [customer.state, customer.zipCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return (
    <Paper withBorder p="lg" radius="md">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        <DetailField label="Company Name">{customer.name}</DetailField>
        <DetailField label="Customer ID">{customer.customerId}</DetailField>
        <DetailField label="Email">{customer.email}</DetailField>
        <DetailField label="Phone">
          <PhoneText value={customer.phone} />
        </DetailField>
        <DetailField label="Address">{address}</DetailField>
        <DetailField label="Account Manager">{customer.accountManager?.name ?? 'Unassigned'}</DetailField>
        <DetailField label="Status">
          <StatusBadge status={customer.status} />
        </DetailField>
      </SimpleGrid>
    </Paper>
  );
}

/**
 * Spec 2.6: loading and not-found states, summary, the Company Profile modal and four tabs. The
 * Accounts tab belongs to the accounts feature and the payment methods on the Billing tab to the
 * billing feature; both are passed in where the features meet (src/app).
 */
export function CustomerDetailPage({
  AccountsTab,
  PaymentMethods,
}: {
  AccountsTab: ComponentType<{ customerId: string }>;
  PaymentMethods: ComponentType<{ customerId: string }>;
}) {
  const { customerId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const canWrite = useCan('customers.write');
  const { data: customer, error, isLoading } = useQuery(customerQuery(customerId));
  const [profileDirty, setProfileDirty] = useState(false);
  const [billingDirty, setBillingDirty] = useState(false);
  const { guard } = useUnsavedChangesGuard(profileDirty || billingDirty);
  const editing = params.get('edit') === '1' && canWrite;
  const tab = params.get('tab') ?? 'accounts';
  const setParam = useCallback(
    (key: string, value: string | null) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value === null) next.delete(key);
          else next.set(key, value);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  if (isLoading) return <RecordLoading label="Loading customer data..." />;
  if (!customer) {
    return (
      <MissingRecord
        noun="customer"
        error={error}
        back={{ label: 'Back to Customers', onClick: () => void navigate('/admin/customers') }}
      />
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Group gap="sm">
          <BackButton onClick={() => void navigate('/admin/customers')} />
          <PageTitle>{customer.name}</PageTitle>
        </Group>
        {canWrite && (
          <Button leftSection={<IconEdit size={16} />} onClick={() => setParam('edit', '1')}>
            Edit
          </Button>
        )}
      </Group>
      <CustomerSummary customer={customer} />
      <Tabs value={tab} onChange={(v) => setParam('tab', v === 'accounts' ? null : v)} keepMounted={false}>
        <Tabs.List>
          {TABS.map(([value, label]) => (
            <Tabs.Tab key={value} value={value}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="accounts" pt="md">
          <AccountsTab customerId={customer.id} />
        </Tabs.Panel>
        <Tabs.Panel value="billing" pt="md">
          <BillingTab customer={customer} onDirtyChange={setBillingDirty} PaymentMethods={PaymentMethods} />
        </Tabs.Panel>
        <Tabs.Panel value="network" pt="md">
          <NetworkTab customerId={customer.id} />
        </Tabs.Panel>
        <Tabs.Panel value="notes" pt="md">
          <NotesTab customerId={customer.id} />
        </Tabs.Panel>
      </Tabs>
      {canWrite && (
        <CompanyProfileModal customer={customer} opened={editing} onClose={() => setParam('edit', null)} onDirtyChange={setProfileDirty} />
      )}
      {guard}
    </Stack>
  );
}

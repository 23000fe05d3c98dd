import { Button, Group, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { ZBillingContactBody } from '@portal/contract/billing';
import type { TCustomer } from '@portal/contract/customers';
import { useQuery } from '@tanstack/react-query';
import { type ComponentType, useEffect } from 'react';
import { useCan } from '../../../lib/session.ts';
import { DateText } from '../../../ui/date-text.tsx';
import { DetailField } from '../../../ui/detail-field.tsx';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { MoneyText } from '../../../ui/money-text.tsx';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { toastSuccess } from '../../../ui/toast.ts';
import { billingSummaryQuery, useSaveBillingContact } from '../api/billing.ts';

function BillingContactForm({ customer, onDirtyChange }: { customer: TCustomer; onDirtyChange: (dirty: boolean) => void }) {
  const canWrite = useCan('billing.write');
  const save = useSaveBillingContact(customer.id);
  const c = customer.billingContact;
  const form = useSchemaForm(ZBillingContactBody, { name: c.name ?? '', title: c.title ?? '', email: c.email ?? '', phone: c.phone ?? '' });
  const dirty = form.isDirty();
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  return (
    <Paper withBorder p="md" radius="md">
      <SchemaForm
        form={form}
        onSubmit={(values) =>
          save.mutate(values, {
            onSuccess: () => {
              toastSuccess('Billing information saved');
              form.resetDirty();
            },
            onError: (e) => showFormError(form, e),
          })
        }
      >
        <Stack gap="sm">
          <Title order={3} size="h4">
            Billing Contact
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Name" withAsterisk readOnly={!canWrite} {...form.getInputProps('name')} />
            <TextInput label="Title" readOnly={!canWrite} {...form.getInputProps('title')} />
            <TextInput label="Email" withAsterisk readOnly={!canWrite} {...form.getInputProps('email')} />
            <TextInput label="Phone" withAsterisk readOnly={!canWrite} {...form.getInputProps('phone')} />
          </SimpleGrid>
          {canWrite && (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                Save Billing Info
              </Button>
            </Group>
          )}
        </Stack>
      </SchemaForm>
    </Paper>
  );
}

function BillingSummary({ customerId }: { customerId: string }) {
  const { data } = useQuery(billingSummaryQuery(customerId));
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} size="h4" mb="sm">
        Billing Summary
      </Title>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <DetailField label="Current Monthly Cost" figure>
          <MoneyText value={data?.currentMonthlyCost} />
        </DetailField>
        <DetailField label="Last Invoice Amount" figure>
          <MoneyText value={data?.lastInvoiceAmount} />
        </DetailField>
        <DetailField label="Payment Status" figure>
          {data ? <StatusBadge status={data.paymentStatus} /> : ''}
        </DetailField>
        <DetailField label="Next Billing Date" figure>
          <DateText value={data?.nextBillingDate} />
        </DetailField>
      </SimpleGrid>
    </Paper>
  );
}

/**
 * Spec 2.6 Billing tab: billing contact, payment methods (the billing feature's panel, given where
 * the features meet: src/app) with Add Method, billing summary.
 */
export function BillingTab({
  customer,
  onDirtyChange,
  PaymentMethods,
}: {
  customer: TCustomer;
  onDirtyChange: (dirty: boolean) => void;
  PaymentMethods: ComponentType<{ customerId: string }>;
}) {
  return (
    <Stack gap="md">
      <BillingContactForm customer={customer} onDirtyChange={onDirtyChange} />
      <Paper withBorder p="md" radius="md">
        <Title order={3} size="h4" mb="sm">
          Payment Methods
        </Title>
        <PaymentMethods customerId={customer.id} />
      </Paper>
      <BillingSummary customerId={customer.id} />
    </Stack>
  );
}

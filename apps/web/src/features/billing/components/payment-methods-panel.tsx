import { Button, Group, Stack, Text } from '@mantine/core';
import { PAYMENT_METHOD_STATUSES, type TPaymentMethod } from '@portal/contract/billing';
import { IconCheck, IconEdit } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCan } from '../../../lib/session.ts';
import { AddButton } from '../../../ui/add-button.tsx';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { type Column, DataTable } from '../../../ui/data-table.tsx';
import { FilterBar, optionsOf, SearchFilter, SelectFilter } from '../../../ui/filter-bar.tsx';
import { isFreshCodeCancelled, useFreshTwoFactor } from '../../../ui/fresh-two-factor.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import { useListState } from '../../../ui/use-list-state.ts';
import { paymentMethodsQuery, useMakeDefaultMethod, useRemoveMethod } from '../api/billing.ts';
import { AddPaymentMethodModal } from './add-payment-method-modal.tsx';
import { DefaultBadge } from './default-badge.tsx';

const FILTERS = { search: '', status: '' };
const STATUS_OPTIONS = optionsOf(PAYMENT_METHOD_STATUSES, { all: 'All statuses' });

/** 'Visa •••• 4242' or 'Chase •••• 6789'. */
export function methodLabel(m: Pick<TPaymentMethod, 'type' | 'brand' | 'bankName' | 'last4'>): string {
  return m.type === 'credit_card' ? `${m.brand ?? 'Card'} •••• ${m.last4}` : `${m.bankName ?? 'Bank'} •••• ${m.last4}`;
}

/** MM/YY, or '—' for a bank account. */
export function methodExpiry(m: Pick<TPaymentMethod, 'expMonth' | 'expYear'>): string {
  return m.expMonth && m.expYear ? `${String(m.expMonth).padStart(2, '0')}/${String(m.expYear).slice(-2)}` : '—';
}

/** The methods a name search (holder, brand, bank, last four) and a status filter leave. */
export function filterMethods(methods: TPaymentMethod[], filters: { search: string; status: string }): TPaymentMethod[] {
  const words = filters.search.toLowerCase().split(/\s+/).filter(Boolean);
  return methods.filter((m) => {
    if (filters.status && m.status !== filters.status) return false;
    const text = `${m.holderName} ${methodLabel(m)} ${m.bankName ?? ''} ${m.last4}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/**
 * A customer's payment methods (Billing's Payment Methods tab, the customer detail's Billing tab):
 * a name search and a status filter; Make Default on the others (exactly one is default); Remove
 * only in edit mode, never on the default; Add Method.
 */
export function PaymentMethodsPanel({ customerId }: { customerId: string }) {
  const list = useListState({ filters: FILTERS, prefix: 'pm' });
  const { data, isFetching } = useQuery(paymentMethodsQuery(customerId));
  const canWrite = useCan('billing.write');
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const makeDefault = useMakeDefaultMethod(customerId);
  const remove = useRemoveMethod(customerId);
  /** Both change how the company pays: a user with two-factor on confirms with a fresh code when the server asks. */
  const fresh = useFreshTwoFactor();
  const { confirm, dialog } = useConfirm();
  const rows = data ? filterMethods(data, list.filters) : undefined;

  async function onRemove(m: TPaymentMethod) {
    const ok = await confirm({
      title: 'Remove payment method',
      message: `Remove ${methodLabel(m)} (${m.holderName})? It can no longer be used for payments.`,
      confirmLabel: 'Remove',
    });
    if (!ok) return;
    fresh
      .run((twoFactorCode) => remove.mutateAsync({ methodId: m.id, twoFactorCode }))
      .then(
        () => toastSuccess(`${methodLabel(m)} removed`),
        (e: unknown) => {
          if (!isFreshCodeCancelled(e)) toastError(e);
        },
      );
  }

  function onMakeDefault(m: TPaymentMethod) {
    fresh
      .run((twoFactorCode) => makeDefault.mutateAsync({ methodId: m.id, twoFactorCode }))
      .then(
        () => toastSuccess(`${methodLabel(m)} is now the default payment method`),
        (e: unknown) => {
          if (!isFreshCodeCancelled(e)) toastError(e);
        },
      );
  }

  const columns: Column<TPaymentMethod>[] = [
    {
      key: 'method',
      header: 'Method',
      kind: 'id',
      render: (m) => (
        <Group gap={6} wrap="nowrap">
          <span>{methodLabel(m)}</span>
          {m.isDefault && <DefaultBadge />}
        </Group>
      ),
    },
    {
      key: 'type',
      header: 'Type',
      nowrap: true,
      render: (m) => (m.type === 'credit_card' ? 'Credit Card' : `Bank (${m.accountType ?? 'ACH'})`),
    },
    { key: 'holder', header: 'Name', kind: 'name', maxWidth: 220, render: (m) => m.holderName },
    { key: 'expiry', header: 'Expires', kind: 'figure', render: methodExpiry },
    { key: 'status', header: 'Status', kind: 'badge', render: (m) => <StatusBadge status={m.status} /> },
  ];

  return (
    <Stack gap="md">
      <FilterBar
        actions={
          canWrite && (
            <>
              <Button
                variant="default"
                aria-pressed={editing}
                leftSection={editing ? <IconCheck size={16} /> : <IconEdit size={16} />}
                onClick={() => setEditing((e) => !e)}
              >
                {editing ? 'Done' : 'Edit Methods'}
              </Button>
              <AddButton onClick={() => setAdding(true)}>Add Method</AddButton>
            </>
          )
        }
      >
        <SearchFilter label="Search" placeholder="Search by name..." w={240} {...list.filter('search')} />
        <SelectFilter label="Status" w={160} data={STATUS_OPTIONS} {...list.filter('status')} />
      </FilterBar>
      {editing && (
        <Text size="sm" c="dimmed">
          Edit mode: remove a method that is not the default. Make another method the default first to remove the current one.
        </Text>
      )}
      <DataTable
        label="Payment methods"
        columns={columns}
        rows={rows}
        loading={isFetching}
        emptyText="No payment methods found matching your criteria"
        {...(canWrite
          ? {
              rowActions: (m: TPaymentMethod) =>
                m.isDefault ? null : (
                  <>
                    <Button
                      size="compact-sm"
                      variant="light"
                      aria-label={`Make Default ${methodLabel(m)}`}
                      loading={makeDefault.isPending && makeDefault.variables?.methodId === m.id}
                      onClick={() => onMakeDefault(m)}
                    >
                      Make Default
                    </Button>
                    {editing && (
                      <Button
                        size="compact-sm"
                        variant="light"
                        color="red"
                        aria-label={`Remove ${methodLabel(m)}`}
                        onClick={() => void onRemove(m)}
                      >
                        Remove
                      </Button>
                    )}
                  </>
                ),
            }
          : {})}
      />
      {canWrite && <AddPaymentMethodModal customerId={customerId} opened={adding} onClose={() => setAdding(false)} />}
      {dialog}
      {fresh.modal}
    </Stack>
  );
}

import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { SANDBOX_CARDS, type TPaymentMethod, type TPayResult } from '@portal/contract/billing';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../../lib/api.ts';
import { MoneyText } from '../../../ui/money-text.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { toastSuccess } from '../../../ui/toast.ts';
import { paymentMethodsQuery, usePayInvoice } from '../api/billing.ts';
import { invoiceLabel } from '../billing-scope.ts';
import { methodExpiry, methodLabel } from './payment-methods-panel.tsx';

/** A sandbox card's outcome in a word or two, for the hint. */
function sandboxOutcome(card: (typeof SANDBOX_CARDS)[number]): string {
  if (card.outcome === 'Successful') return 'approved';
  if (card.outcome === 'Pending') return 'pending';
  return /insufficient/i.test(card.message) ? 'insufficient funds' : 'declined';
}

export type PayableInvoice = { id: string; number: string | null; customerId: string; balance: number };

/** The method chosen at first: the default unless it has expired, else the first usable one. */
export function initialMethod(methods: TPaymentMethod[]): string {
  const usable = methods.filter((m) => m.status !== 'Expired');
  return (usable.find((m) => m.isDefault) ?? usable[0])?.id ?? '';
}

/** What the gateway's answer says, for the modal: null when paid (the modal closes). */
export function payOutcome(result: TPayResult): { color: 'red' | 'blue'; title: string; text: string } | null {
  if (result.status === 'Successful') return null;
  if (result.status === 'Pending')
    return { color: 'blue', title: 'Payment pending', text: `Payment pending: ${result.message ?? 'the bank is still processing it.'}` };
  return { color: 'red', title: 'Payment failed', text: result.message ?? 'The payment was declined.' };
}

/**
 * Pay Now: the balance, charged to one of the customer's saved methods (the default chosen; expired
 * ones cannot be). Paid: a toast and the modal closes. Declined: the gateway's reason stays in the
 * modal and the invoice stays due. Pending: said so.
 */
export function PayInvoiceModal({ invoice, onClose }: { invoice: PayableInvoice; onClose: () => void }) {
  const methods = useQuery(paymentMethodsQuery(invoice.customerId));
  const [chosen, setChosen] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<ReturnType<typeof payOutcome>>(null);
  const pay = usePayInvoice();
  const list = methods.data ?? [];
  const selected = chosen ?? initialMethod(list);

  function submit() {
    setOutcome(null);
    pay.mutate(
      { id: invoice.id, paymentMethodId: selected },
      {
        onSuccess: (result) => {
          const next = payOutcome(result);
          if (!next) {
            toastSuccess('Payment successful');
            onClose();
          } else setOutcome(next);
        },
        onError: (e) =>
          setOutcome({
            color: 'red',
            title: 'Payment failed',
            text: isApiError(e) ? e.message : 'The payment could not be made. Please try again.',
          }),
      },
    );
  }

  return (
    <Modal opened onClose={onClose} title={`Pay ${invoiceLabel(invoice)}`} size="md">
      <Stack gap="md">
        <Group justify="space-between">
          <Text size="sm">Amount due</Text>
          <MoneyText value={invoice.balance} fw={700} size="lg" data-testid="pay-amount" />
        </Group>
        {methods.isPending ? (
          <Text size="sm" c="dimmed">
            Loading payment methods...
          </Text>
        ) : list.length === 0 ? (
          <Alert color="yellow" variant="light">
            No saved payment methods. Add a card or bank account under Payment Methods first.
          </Alert>
        ) : (
          <Radio.Group
            label="Payment method"
            value={selected}
            onChange={(v) => {
              setChosen(v);
              setOutcome(null);
            }}
          >
            <Stack gap="xs" mt="xs">
              {list.map((m) => (
                <Radio
                  key={m.id}
                  value={m.id}
                  disabled={m.status === 'Expired'}
                  label={
                    <Group gap={6} wrap="wrap">
                      <span>
                        {methodLabel(m)} · {m.holderName}
                        {m.expMonth ? ` · ${methodExpiry(m)}` : ''}
                      </span>
                      {m.isDefault && <StatusBadge status="Default" size="xs" />}
                      {m.status !== 'Active' && <StatusBadge status={m.status} size="xs" />}
                    </Group>
                  }
                />
              ))}
            </Stack>
          </Radio.Group>
        )}
        {outcome && (
          <Alert color={outcome.color} variant="light" title={outcome.title} role="alert">
            {outcome.text}
          </Alert>
        )}
        <Text size="xs" c="dimmed">
          Sandbox test cards: {SANDBOX_CARDS.map((c) => `${c.number} ${sandboxOutcome(c)}`).join(' · ')}.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {outcome?.color === 'blue' ? 'Close' : 'Cancel'}
          </Button>
          <Button onClick={submit} loading={pay.isPending} disabled={!selected || outcome?.color === 'blue'}>
            Pay <MoneyText value={invoice.balance} ml={4} />
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { Alert, Button, Drawer, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { INVOICE_LINE_KINDS, INVOICE_SECTION_TITLES, type TInvoice, type TInvoiceLine } from '@portal/contract/billing';
import { IconBellRinging, IconCheck, IconCreditCard, IconDownload, IconTrash, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../../lib/api.ts';
import { useCan } from '../../../lib/session.ts';
import { AddButton } from '../../../ui/add-button.tsx';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { DateText } from '../../../ui/date-text.tsx';
import { DetailField } from '../../../ui/detail-field.tsx';
import { MoneyText } from '../../../ui/money-text.tsx';
import { RecordLoading } from '../../../ui/record-states.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import { invoicePdfUrl, invoiceQuery, useDeleteInvoice, useFinalizeInvoice, useSendReminder } from '../api/billing.ts';
import { canPay, canRemind, invoiceLabel } from '../billing-scope.ts';
import { AdjustmentModal, VoidModal } from './invoice-actions.tsx';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';

const quantity = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** The invoice's lines by section (voice, messaging, numbers, services, adjustments), in that order. */
export function groupLines(
  lines: TInvoiceLine[],
): { kind: TInvoiceLine['kind']; title: string; lines: TInvoiceLine[]; subtotal: number }[] {
  return INVOICE_LINE_KINDS.map((kind) => {
    const of = lines.filter((l) => l.kind === kind);
    return { kind, title: INVOICE_SECTION_TITLES[kind], lines: of, subtotal: of.reduce((sum, l) => sum + l.amount, 0) };
  }).filter((s) => s.lines.length > 0);
}

const NUM = { textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

function LineSections({ invoice }: { invoice: TInvoice }) {
  const sections = groupLines(invoice.lines);
  if (sections.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        This invoice has no lines.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table verticalSpacing={6} horizontalSpacing={8} aria-label="Invoice lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Description</Table.Th>
            <Table.Th style={NUM}>Quantity</Table.Th>
            <Table.Th style={NUM}>Unit Price</Table.Th>
            <Table.Th style={NUM}>Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        {sections.map((s) => (
          <Table.Tbody key={s.kind}>
            <Table.Tr bg="var(--mantine-color-default-hover)">
              <Table.Th scope="colgroup" colSpan={3}>
                {s.title}
              </Table.Th>
              <Table.Td style={NUM} fw={600}>
                <MoneyText value={s.subtotal} />
              </Table.Td>
            </Table.Tr>
            {s.lines.map((l) => (
              <Table.Tr key={l.id}>
                <Table.Td>
                  <Text size="sm">{l.description}</Text>
                  {l.detail && (
                    <Text size="xs" c="dimmed">
                      {l.detail}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={NUM}>{quantity(l.quantity)}</Table.Td>
                <Table.Td style={NUM}>
                  <MoneyText value={l.unitPrice} rate />
                </Table.Td>
                <Table.Td style={NUM}>
                  <MoneyText value={l.amount} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        ))}
      </Table>
    </Table.ScrollContainer>
  );
}

function Totals({ invoice }: { invoice: TInvoice }) {
  const row = (label: string, value: number, strong = false) => (
    <Group justify="space-between" gap="xl" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : 500}>
        {label}
      </Text>
      <MoneyText value={value} size="sm" fw={strong ? 700 : 500} />
    </Group>
  );
  return (
    <Stack gap={4} ml="auto" w={240} maw="100%" data-testid="invoice-totals">
      {row('Total', invoice.amount)}
      {row('Paid', invoice.amountPaid)}
      {row('Balance', invoice.balance, true)}
    </Stack>
  );
}

function Payments({ invoice }: { invoice: TInvoice }) {
  if (invoice.payments.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No payments yet
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={460}>
      <Table verticalSpacing={6} horizontalSpacing={8} aria-label="Invoice payments">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Method</Table.Th>
            <Table.Th style={NUM}>Amount</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoice.payments.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <DateText value={p.paidAt} format="datetime" />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{p.method}</Text>
                {p.failureReason && (
                  <Text size="xs" c="red.8">
                    {p.failureReason}
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={NUM}>
                <MoneyText value={p.amount} />
              </Table.Td>
              <Table.Td>
                <StatusBadge status={p.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** What may be done to the invoice: Download PDF; staff drafts: adjust, finalize, delete; staff open invoices: remind, void; customers: Pay Now. */
function InvoiceActions({
  invoice,
  portal,
  onPay,
  onDeleted,
}: {
  invoice: TInvoice;
  portal: 'admin' | 'customer';
  onPay: () => void;
  onDeleted: () => void;
}) {
  const canManage = useCan('billing.manage');
  const canWrite = useCan('billing.write');
  const staff = portal === 'admin' && canManage;
  const finalize = useFinalizeInvoice();
  const remove = useDeleteInvoice();
  const remind = useSendReminder();
  const { confirm, dialog } = useConfirm();
  const [modal, setModal] = useState<'adjust' | 'void' | null>(null);
  const draft = invoice.status === 'Draft';

  async function onFinalize() {
    const ok = await confirm({
      title: 'Finalize invoice',
      message: 'Finalize this draft? It gets its invoice number and due date and is sent to the customer; it can then only be voided.',
      confirmLabel: 'Finalize',
      danger: false,
    });
    if (!ok) return;
    finalize.mutate(invoice.id, {
      onSuccess: (i) => toastSuccess(`Invoice ${invoiceLabel(i)} finalized`),
      onError: (e) => toastError(e),
    });
  }
  async function onDelete() {
    if (!(await confirm({ title: 'Delete draft', message: 'Delete this draft invoice? This is permanent.', confirmLabel: 'Delete' })))
      return;
    remove.mutate(invoice.id, {
      onSuccess: () => {
        toastSuccess('Draft invoice deleted');
        onDeleted();
      },
      onError: (e) => toastError(e),
    });
  }

  return (
    <Group gap="xs" wrap="wrap">
      <Button component="a" href={invoicePdfUrl(invoice.id)} download variant="default" leftSection={<IconDownload size={16} />}>
        Download PDF
      </Button>
      {staff && draft && (
        <>
          <AddButton variant="default" onClick={() => setModal('adjust')}>
            Add adjustment
          </AddButton>
          <Button leftSection={<IconCheck size={16} />} loading={finalize.isPending} onClick={() => void onFinalize()}>
            Finalize
          </Button>
          <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={() => void onDelete()}>
            Delete draft
          </Button>
        </>
      )}
      {staff && canRemind(invoice) && (
        <>
          <Button
            variant="default"
            leftSection={<IconBellRinging size={16} />}
            loading={remind.isPending}
            onClick={() => remind.mutate(invoice.id, { onSuccess: () => toastSuccess('Reminder sent'), onError: (e) => toastError(e) })}
          >
            Send Reminder
          </Button>
          <Button variant="light" color="red" leftSection={<IconX size={16} />} onClick={() => setModal('void')}>
            Void
          </Button>
        </>
      )}
      {portal === 'customer' && canWrite && canPay(invoice) && (
        <Button leftSection={<IconCreditCard size={16} />} onClick={onPay}>
          Pay Now
        </Button>
      )}
      {modal === 'adjust' && <AdjustmentModal invoice={invoice} onClose={() => setModal(null)} />}
      {modal === 'void' && <VoidModal invoice={invoice} onClose={() => setModal(null)} />}
      {dialog}
    </Group>
  );
}

function InvoiceBody({
  invoice,
  portal,
  showCustomer,
  onPay,
  onClose,
}: {
  invoice: TInvoice;
  portal: 'admin' | 'customer';
  showCustomer: boolean;
  onPay: () => void;
  onClose: () => void;
}) {
  const b = invoice.billTo;
  return (
    <Stack gap="md">
      <InvoiceActions invoice={invoice} portal={portal} onPay={onPay} onDeleted={onClose} />
      {invoice.status === 'Void' && (
        <Alert
          color="gray"
          variant="light"
          title={`Voided${invoice.voidedAt ? ` on ${new Date(invoice.voidedAt).toLocaleDateString('en-US')}` : ''}`}
        >
          {invoice.voidReason}
        </Alert>
      )}
      {invoice.status === 'Draft' && portal === 'admin' && (
        <Alert color="gray" variant="light">
          A draft: the customer does not see it until it is finalized.
        </Alert>
      )}
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <DetailField label="Bill To">
            <Text size="sm" fw={600}>
              {b.name}
            </Text>
            {b.contact && <Text size="sm">{b.contact}</Text>}
            {b.email && <Text size="sm">{b.email}</Text>}
            {b.address && (
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                {b.address}
              </Text>
            )}
          </DetailField>
          <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
            {showCustomer && <DetailField label="Customer">{invoice.customerName}</DetailField>}
            <DetailField label="Account">{invoice.accountName ?? 'All accounts'}</DetailField>
            <DetailField label="Period">
              {invoice.periodStart ? (
                <>
                  <DateText value={invoice.periodStart} /> – <DateText value={invoice.periodEnd} />
                </>
              ) : (
                '—'
              )}
            </DetailField>
            <DetailField label="Issue Date">
              <DateText value={invoice.issueDate} />
            </DetailField>
            <DetailField label="Due Date">{invoice.dueDate ? <DateText value={invoice.dueDate} /> : '—'}</DetailField>
            {invoice.lastReminderAt && (
              <DetailField label="Last Reminder">
                <DateText value={invoice.lastReminderAt} />
              </DetailField>
            )}
          </SimpleGrid>
        </SimpleGrid>
      </Paper>
      <LineSections invoice={invoice} />
      <Totals invoice={invoice} />
      <Stack gap="xs">
        <Title order={3} size="h5">
          Payments
        </Title>
        <Payments invoice={invoice} />
      </Stack>
    </Stack>
  );
}

/**
 * One invoice in a drawer (deep-linked with ?invoice=<id>): number and status, bill-to, period and
 * dates, the lines by section, totals, payments, and what may be done to it.
 */
export function InvoiceDrawer({
  invoiceId,
  portal,
  showCustomer,
  onClose,
  onPay,
}: {
  invoiceId: string | null;
  portal: 'admin' | 'customer';
  showCustomer: boolean;
  onClose: () => void;
  onPay: (invoice: TInvoice) => void;
}) {
  const { data: invoice, error, isLoading } = useQuery({ ...invoiceQuery(invoiceId ?? ''), enabled: Boolean(invoiceId) });
  const title = invoice ? (
    <>
      {invoice.number ? `Invoice ${invoice.number}` : 'Draft invoice'} <InvoiceStatusBadge status={invoice.status} size="md" ml="xs" />
    </>
  ) : (
    'Invoice'
  );
  return (
    <Drawer
      opened={Boolean(invoiceId)}
      onClose={onClose}
      position="right"
      size="xl"
      title={title}
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 } }}
    >
      {isLoading ? (
        <RecordLoading />
      ) : invoice ? (
        <InvoiceBody invoice={invoice} portal={portal} showCustomer={showCustomer} onPay={() => onPay(invoice)} onClose={onClose} />
      ) : (
        <Alert color={isApiError(error, 'NOT_FOUND') ? 'gray' : 'red'} title="Invoice not found">
          {isApiError(error, 'NOT_FOUND') || !error
            ? 'The invoice does not exist or has been removed.'
            : 'The invoice could not be loaded. Please try again.'}
        </Alert>
      )}
    </Drawer>
  );
}

import { Anchor, Group, Stack, Tooltip, VisuallyHidden } from '@mantine/core';
import { PAYMENT_STATUSES, type TPaymentListItem, ZListPaymentsQuery } from '@portal/contract/billing';
import { useQuery } from '@tanstack/react-query';
import { toQueryString } from '../../../lib/download.ts';
import type { Column } from '../../../ui/data-table.tsx';
import { DateText } from '../../../ui/date-text.tsx';
import { ExportButton } from '../../../ui/export-button.tsx';
import { FilterBar, optionsOf, SearchFilter, SelectFilter } from '../../../ui/filter-bar.tsx';
import { ListTable } from '../../../ui/list-table.tsx';
import { MoneyText } from '../../../ui/money-text.tsx';
import { DayFilter } from '../../../ui/record-list.tsx';
import { ShortId } from '../../../ui/short-id.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { useListState } from '../../../ui/use-list-state.ts';
import { paymentListQuery } from '../api/billing.ts';
import type { BillingScope } from '../billing-scope.ts';

const FILTERS = { status: '', from: '', to: '', search: '' };
const STATUS_OPTIONS = optionsOf(PAYMENT_STATUSES, { all: 'All statuses' });

/** A payment's status; a failed one carries the gateway's reason as its tooltip. */
function PaymentStatus({ payment }: { payment: TPaymentListItem }) {
  if (!payment.failureReason) return <StatusBadge status={payment.status} />;
  return (
    <Tooltip label={payment.failureReason}>
      <span>
        <StatusBadge status={payment.status} />
        <VisuallyHidden>: {payment.failureReason}</VisuallyHidden>
      </span>
    </Tooltip>
  );
}

/** The payment list's state in the URL, scoped to the page's customer and account (the list and its Export read the same). */
export function usePaymentList(scope: BillingScope) {
  const list = useListState({ filters: FILTERS });
  const filters = { ...list.filters, customerId: scope.customerId, accountId: scope.accountId };
  const query = { ...list.query, customerId: scope.customerId, accountId: scope.accountId };
  const dateError =
    list.filters.from && list.filters.to && list.filters.from > list.filters.to
      ? 'The end date must not be before the start date'
      : undefined;
  // nothing is asked while the filters are wrong (nothing can match an end before the start)
  const ok = ZListPaymentsQuery.safeParse(query).success && !dateError;
  return { list, filters, query, ok, dateError };
}

/** Beside the tabs: Export of the payments the filters show. */
export function PaymentToolbar({ scope }: { scope: BillingScope }) {
  const { filters, ok } = usePaymentList(scope);
  return (
    <ExportButton
      variant="default"
      url={`/api/payments/export${toQueryString(filters)}`}
      fallbackName="payments.csv"
      noun="payments"
      disabled={!ok}
    />
  );
}

/** Payment History: status, date and search filters; Date, Invoice #, Customer (staff), Account, Method, Amount, Status, Reference. */
export function PaymentHistoryTab({ scope, onViewInvoice }: { scope: BillingScope; onViewInvoice: (id: string) => void }) {
  const { list, query, ok, dateError } = usePaymentList(scope);
  const { data, isFetching } = useQuery({ ...paymentListQuery(query), enabled: ok });

  const columns: Column<TPaymentListItem>[] = [
    { key: 'date', header: 'Date', kind: 'figure', render: (p) => <DateText value={p.paidAt} /> },
    {
      key: 'invoice',
      header: 'Invoice #',
      kind: 'id',
      render: (p) =>
        p.invoiceId && p.invoiceNumber ? (
          <Anchor component="button" type="button" size="sm" onClick={() => p.invoiceId && onViewInvoice(p.invoiceId)}>
            {p.invoiceNumber}
          </Anchor>
        ) : (
          (p.invoiceNumber ?? '—')
        ),
    },
    ...(scope.showCustomer
      ? [{ key: 'customer', header: 'Customer', kind: 'name' as const, maxWidth: 112, render: (p: TPaymentListItem) => p.customerName }]
      : []),
    ...(scope.showAccount
      ? [
          {
            key: 'account',
            header: 'Account',
            kind: 'name' as const,
            maxWidth: scope.showCustomer ? 104 : 220,
            render: (p: TPaymentListItem) => p.accountName ?? 'All accounts',
          },
        ]
      : []),
    { key: 'method', header: 'Method', kind: 'name', maxWidth: 156, render: (p) => p.method },
    { key: 'amount', header: 'Amount', kind: 'figure', align: 'right', render: (p) => <MoneyText value={p.amount} /> },
    { key: 'status', header: 'Status', kind: 'badge', render: (p) => <PaymentStatus payment={p} /> },
    { key: 'reference', header: 'Reference', kind: 'id', render: (p) => (p.reference ? <ShortId value={p.reference} head={6} /> : '—') },
  ];

  return (
    <Stack gap="md">
      <FilterBar>
        <SearchFilter label="Search" placeholder="Invoice #, method or customer" w={240} {...list.filter('search')} />
        <SelectFilter label="Status" w={150} data={STATUS_OPTIONS} {...list.filter('status')} />
        <Group gap="sm" align="flex-start" wrap="nowrap">
          <DayFilter label="From" {...list.filter('from')} />
          <DayFilter label="To" {...list.filter('to')} error={dateError} />
        </Group>
      </FilterBar>
      <ListTable
        list={list}
        data={ok ? data : undefined}
        label="Payment history"
        columns={columns}
        loading={ok && isFetching}
        emptyText="No payment history found matching your criteria"
      />
    </Stack>
  );
}

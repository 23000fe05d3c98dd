import { ActionIcon, Button, Group, Stack, Tooltip } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { INVOICE_LIFECYCLE, INVOICE_STATUSES, type TInvoiceListItem, ZListInvoicesQuery } from '@portal/contract/billing';
import { IconBellRinging, IconCalendarRepeat, IconCreditCard, IconDownload, IconEye, IconFilePlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toQueryString } from '../../../lib/download.ts';
import { useCan } from '../../../lib/session.ts';
import { AccountPicker } from '../../../ui/account-picker.tsx';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { CustomerFilter } from '../../../ui/customer-select.tsx';
import type { Column } from '../../../ui/data-table.tsx';
import { DateText } from '../../../ui/date-text.tsx';
import { ExportButton } from '../../../ui/export-button.tsx';
import { FilterBar, optionsOf, SearchFilter, SelectFilter } from '../../../ui/filter-bar.tsx';
import { ListTable } from '../../../ui/list-table.tsx';
import { MoneyText } from '../../../ui/money-text.tsx';
import { RowAction } from '../../../ui/row-action.tsx';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import { useListState } from '../../../ui/use-list-state.ts';
import { invoiceListQuery, invoicePdfUrl, useInvoiceRun, useSendReminder } from '../api/billing.ts';
import { type BillingScope, canPay, canRemind, invoiceLabel } from '../billing-scope.ts';
import { GenerateInvoiceModal } from './generate-invoice-modal.tsx';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';

const FILTERS = { customerId: '', accountId: '', status: '', from: '', to: '', search: '' };
const SORT = { by: 'issueDate', dir: 'desc' } as const;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * The invoice list's state, kept in the URL (filters, sort, page) and scoped to the page's
 * customer and account: the list and its toolbar (Export) read the same.
 */
export function useInvoiceList(scope: BillingScope) {
  const list = useListState({ filters: FILTERS, sort: SORT });
  const customerId = scope.customerId ?? (list.filters.customerId || undefined);
  const accountId = scope.accountId ?? (list.filters.accountId || undefined);
  const filters = { ...list.filters, customerId, accountId };
  const query = { ...list.query, customerId, accountId };
  const check = ZListInvoicesQuery.safeParse(query);
  const dateError = check.error?.issues.find((i) => i.path[0] === 'to' || i.path[0] === 'from')?.message;
  return { list, customerId, accountId, filters, query, ok: check.success, dateError };
}

/** A download link shown as a row action (the browser saves the server's PDF). */
function DownloadAction({ invoice }: { invoice: TInvoiceListItem }) {
  return (
    <Tooltip label="Download">
      <ActionIcon component="a" href={invoicePdfUrl(invoice.id)} download variant="subtle" aria-label={`Download ${invoiceLabel(invoice)}`}>
        <IconDownload size={16} />
      </ActionIcon>
    </Tooltip>
  );
}

/** The issue-date filter: one calendar range over the list's from/to. */
function IssueDateFilter({
  from,
  to,
  onChange,
  error,
}: {
  from: string;
  to: string;
  onChange: (from: string, to: string) => void;
  error?: string | undefined;
}) {
  return (
    <DatePickerInput
      type="range"
      label="Issue Date"
      placeholder="Any day"
      valueFormat="MM/DD/YYYY"
      allowSingleDateInRange
      value={[ISO_DAY.test(from) ? from : null, ISO_DAY.test(to) ? to : null]}
      onChange={([start, end]) => {
        // a range half chosen waits for its end
        if (start && !end) return;
        onChange(start ?? '', end ?? '');
      }}
      clearable
      clearButtonProps={{ 'aria-label': 'Clear Issue Date' }}
      error={error}
      w={210}
    />
  );
}

/** Over the invoices (beside the tabs): Export of the current filters; staff with billing.manage: the monthly run and Generate Invoice. */
export function InvoiceToolbar({ scope, onView }: { scope: BillingScope; onView: (id: string) => void }) {
  const { filters, ok } = useInvoiceList(scope);
  const canManage = useCan('billing.manage');
  const run = useInvoiceRun();
  const { confirm, dialog } = useConfirm();
  const [generating, setGenerating] = useState(false);
  const staff = scope.portal === 'admin' && canManage;

  async function runMonthly() {
    const yes = await confirm({
      title: 'Run monthly invoices',
      message: "Draft last month's invoice for every account that has none yet? Drafts are not sent until they are finalized.",
      confirmLabel: 'Run',
      danger: false,
    });
    if (!yes) return;
    run.mutate(
      {},
      { onSuccess: (r) => toastSuccess(`${plural(r.drafted, 'draft invoice', 'draft invoices')} created`), onError: (e) => toastError(e) },
    );
  }

  return (
    <Group gap="sm" wrap="wrap">
      <ExportButton
        variant="default"
        url={`/api/invoices/export${toQueryString(filters)}`}
        fallbackName="invoices.csv"
        noun="invoices"
        disabled={!ok}
      />
      {staff && !scope.accountId && (
        <Button variant="default" leftSection={<IconCalendarRepeat size={16} />} loading={run.isPending} onClick={() => void runMonthly()}>
          Run monthly invoices
        </Button>
      )}
      {staff && (
        <Button leftSection={<IconFilePlus size={16} />} onClick={() => setGenerating(true)}>
          Generate Invoice
        </Button>
      )}
      {generating && (
        <GenerateInvoiceModal
          customerId={scope.customerId}
          accountId={scope.accountId}
          onClose={() => setGenerating(false)}
          onCreated={(invoice) => {
            setGenerating(false);
            onView(invoice.id);
          }}
        />
      )}
      {dialog}
    </Group>
  );
}

/**
 * Invoices: filters (search; staff: customer and account; status; issue date) and the list with
 * View, Download, Send Reminder (staff with billing.manage) and Pay Now (customers with billing.write).
 */
export function InvoicesTab({
  scope,
  onView,
  onPay,
}: {
  scope: BillingScope;
  onView: (id: string) => void;
  onPay: (invoice: TInvoiceListItem) => void;
}) {
  const { list, customerId, query, ok, dateError } = useInvoiceList(scope);
  const { data, isFetching } = useQuery({ ...invoiceListQuery(query), enabled: ok });
  const staff = scope.portal === 'admin';
  const canManage = useCan('billing.manage');
  const canWrite = useCan('billing.write');
  const remind = useSendReminder();

  const customerColumn = scope.showCustomer && !list.filters.customerId;
  const columns: Column<TInvoiceListItem>[] = [
    { key: 'number', header: 'Invoice #', kind: 'id', sortable: true, render: invoiceLabel },
    // with one customer chosen its name would fill the column
    ...(customerColumn
      ? [
          {
            key: 'customer',
            header: 'Customer',
            kind: 'name' as const,
            maxWidth: 120,
            sortable: true,
            render: (i: TInvoiceListItem) => i.customerName,
          },
        ]
      : []),
    ...(scope.showAccount
      ? [
          {
            key: 'account',
            header: 'Account',
            kind: 'name' as const,
            maxWidth: customerColumn ? 115 : 220,
            render: (i: TInvoiceListItem) => i.accountName ?? 'All accounts',
          },
        ]
      : []),
    { key: 'issueDate', header: 'Issue Date', kind: 'figure', sortable: true, render: (i) => <DateText value={i.issueDate} /> },
    { key: 'dueDate', header: 'Due Date', kind: 'figure', render: (i) => (i.dueDate ? <DateText value={i.dueDate} /> : '—') },
    { key: 'amount', header: 'Amount', kind: 'figure', align: 'right', sortable: true, render: (i) => <MoneyText value={i.amount} /> },
    { key: 'balance', header: 'Balance', kind: 'figure', align: 'right', render: (i) => <MoneyText value={i.balance} /> },
    { key: 'status', header: 'Status', kind: 'badge', render: (i) => <InvoiceStatusBadge status={i.status} /> },
  ];

  return (
    <Stack gap="md">
      <FilterBar>
        <SearchFilter label="Search" placeholder="Invoice #, customer, account" w={180} {...list.filter('search')} />
        {staff && !scope.customerId && (
          <CustomerFilter
            w={190}
            value={list.filters.customerId}
            onChange={(v) => {
              list.setFilter('customerId', v);
              list.setFilter('accountId', '');
            }}
          />
        )}
        {!scope.accountId && (
          <AccountPicker
            label="Account"
            placeholder="All accounts"
            w={190}
            customerId={customerId}
            withCustomer={staff && !customerId}
            value={list.filters.accountId}
            onChange={(v) => list.setFilter('accountId', v)}
          />
        )}
        <SelectFilter
          label="Status"
          w={130}
          data={optionsOf(staff ? INVOICE_LIFECYCLE : INVOICE_STATUSES, { all: 'All statuses' })}
          {...list.filter('status')}
        />
        <IssueDateFilter
          from={list.filters.from}
          to={list.filters.to}
          error={dateError}
          onChange={(from, to) => {
            list.setFilter('from', from);
            list.setFilter('to', to);
          }}
        />
      </FilterBar>
      <ListTable
        list={list}
        data={ok ? data : undefined}
        label="Invoices"
        columns={columns}
        loading={ok && isFetching}
        emptyText="No invoices found matching your criteria"
        rowActions={(i) => (
          <>
            {/* first, so the icons of every row line up on the right */}
            {!staff && canWrite && canPay(i) && (
              <Button
                size="compact-sm"
                leftSection={<IconCreditCard size={14} />}
                aria-label={`Pay Now ${invoiceLabel(i)}`}
                onClick={() => onPay(i)}
              >
                Pay Now
              </Button>
            )}
            {staff && canManage && canRemind(i) && (
              <RowAction
                label="Send Reminder"
                name={invoiceLabel(i)}
                icon={<IconBellRinging size={16} />}
                onClick={() => remind.mutate(i.id, { onSuccess: () => toastSuccess('Reminder sent'), onError: (e) => toastError(e) })}
              />
            )}
            <RowAction label="View" name={invoiceLabel(i)} icon={<IconEye size={16} />} onClick={() => onView(i.id)} />
            <DownloadAction invoice={i} />
          </>
        )}
      />
    </Stack>
  );
}

import { Group, Switch, Text } from '@mantine/core';
import type { TBillingOverview } from '@portal/contract/billing';
import { useQuery } from '@tanstack/react-query';
import { formatDate, formatUsd } from '../../../lib/format.ts';
import { useCan } from '../../../lib/session.ts';
import { MoneyText } from '../../../ui/money-text.tsx';
import { SummaryCard, SummaryCards } from '../../../ui/summary-card.tsx';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import { billingOverviewQuery, useSetAutoPay } from '../api/billing.ts';
import type { BillingScope } from '../billing-scope.ts';

/** Staff (admin 2.7): Total Outstanding, Overdue Invoices (the amount under the count), Revenue This Month, Revenue Last Month. */
function StaffCards({ data, loading }: { data: TBillingOverview | undefined; loading: boolean }) {
  // no icons: the labels are long, and four cards share the row
  return (
    <SummaryCards testId="billing-cards">
      <SummaryCard label="Total Outstanding" value={<MoneyText value={data?.totalOutstanding ?? 0} />} loading={loading} />
      <SummaryCard
        label="Overdue Invoices"
        value={(data?.overdueCount ?? 0).toLocaleString('en-US')}
        detail={`${formatUsd(data?.overdueAmount ?? 0)} overdue`}
        loading={loading}
      />
      <SummaryCard label="Revenue This Month" value={<MoneyText value={data?.revenueThisMonth ?? 0} />} loading={loading} />
      <SummaryCard label="Revenue Last Month" value={<MoneyText value={data?.revenueLastMonth ?? 0} />} loading={loading} />
    </SummaryCards>
  );
}

/** The Payment Status card's figure: Auto-Pay On/Off, a switch for those who may change billing. */
function AutoPayValue({ data, customerId }: { data: TBillingOverview | undefined; customerId: string | undefined }) {
  const canWrite = useCan('billing.write');
  const setAutoPay = useSetAutoPay();
  const on = Boolean(data?.autoPay);
  const label = on ? 'Auto-Pay On' : 'Auto-Pay Off';
  if (!canWrite || !customerId || data?.autoPay === null) return <>{data?.autoPay === null ? 'N/A' : label}</>;
  return (
    <Group gap="xs" wrap="nowrap">
      <span>{label}</span>
      <Switch
        aria-label="Auto-Pay"
        checked={on}
        disabled={setAutoPay.isPending}
        onChange={(e) => {
          const autoPay = e.currentTarget.checked;
          setAutoPay.mutate(
            { customerId, autoPay },
            { onSuccess: () => toastSuccess(autoPay ? 'Auto-pay turned on' : 'Auto-pay turned off'), onError: (err) => toastError(err) },
          );
        }}
      />
    </Group>
  );
}

/** Customers (no icons either, so the details fit): Current Balance, Next Invoice (its date under it), Last Payment, Payment Status (auto-pay). */
function CustomerCards({
  data,
  loading,
  customerId,
}: {
  data: TBillingOverview | undefined;
  loading: boolean;
  customerId: string | undefined;
}) {
  const last = data?.lastPayment;
  return (
    <SummaryCards testId="billing-cards">
      <SummaryCard label="Current Balance" value={<MoneyText value={data?.totalOutstanding ?? 0} />} loading={loading} />
      <SummaryCard
        label="Next Invoice"
        value={<MoneyText value={data?.nextInvoiceEstimate ?? 0} />}
        detail={data ? `Estimate · ${formatDate(data.nextInvoiceDate)}` : undefined}
        loading={loading}
      />
      <SummaryCard
        label="Last Payment"
        value={last ? <MoneyText value={last.amount} /> : 'No payments yet'}
        detail={last ? `${formatDate(last.paidAt)} · ${last.method}` : undefined}
        loading={loading}
      />
      <SummaryCard
        label="Payment Status"
        value={<AutoPayValue data={data} customerId={customerId} />}
        detail={
          data?.dunningSince ? (
            <Text span inherit c="red.8" fw={600}>
              Auto-pay failed since {formatDate(data.dunningSince)}
            </Text>
          ) : undefined
        }
        loading={loading}
      />
    </SummaryCards>
  );
}

/** The four cards over the billing tabs, from /api/billing/overview in the page's scope. */
export function BillingCards({ scope }: { scope: BillingScope }) {
  const { data, isPending } = useQuery(
    billingOverviewQuery({ customerId: scope.portal === 'admin' ? scope.customerId : undefined, accountId: scope.accountId }),
  );
  return scope.portal === 'admin' ? (
    <StaffCards data={data} loading={isPending} />
  ) : (
    <CustomerCards data={data} loading={isPending} customerId={scope.customerId} />
  );
}

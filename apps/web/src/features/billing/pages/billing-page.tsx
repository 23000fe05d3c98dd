import { Group, Stack, Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { usePortalScope } from '../../../lib/scope.ts';
import { useCan } from '../../../lib/session.ts';
import { PageTitle } from '../../../ui/titles.tsx';
import { billingOverviewQuery } from '../api/billing.ts';
import type { BillingScope } from '../billing-scope.ts';
import { BillingCards } from '../components/billing-cards.tsx';
import { BudgetCard } from '../components/budget-card.tsx';
import { InvoiceDrawer } from '../components/invoice-drawer.tsx';
import { InvoicesTab, InvoiceToolbar } from '../components/invoices-tab.tsx';
import { type PayableInvoice, PayInvoiceModal } from '../components/pay-invoice-modal.tsx';
import { PaymentHistoryTab, PaymentToolbar } from '../components/payment-history-tab.tsx';
import { PaymentMethodsPanel } from '../components/payment-methods-panel.tsx';
import { RatesTab } from '../components/rates-tab.tsx';

export type BillingTab = 'invoices' | 'payment-methods' | 'payment-history' | 'rates';
const LABELS: Record<BillingTab, string> = {
  invoices: 'Invoices',
  'payment-methods': 'Payment Methods',
  'payment-history': 'Payment History',
  rates: 'Rates',
};

/** The path up to and including its '/billing' segment: /admin/billing, /customer/billing, an account's …/billing. */
export function billingBase(pathname: string): string {
  const at = pathname.search(/\/billing(\/|$)/);
  return at < 0 ? pathname.replace(/\/+$/, '') : pathname.slice(0, at + '/billing'.length);
}

/** The tab the path names after its base ('' and 'invoices' are the invoices). */
export function billingTabOf(pathname: string, tabs: readonly BillingTab[]): BillingTab {
  const segment = pathname.slice(billingBase(pathname).length).split('/').find(Boolean) ?? '';
  return (tabs as readonly string[]).includes(segment) ? (segment as BillingTab) : 'invoices';
}

/**
 * Billing for /admin/billing (staff: Invoices, Payment History and, for billing staff, Rates),
 * /customer/billing (Billing Management: Invoices, Payment Methods, Payment History) and the
 * account's Billing tab in either portal (the same, scoped to the account, with its monthly
 * budget). The tab follows the path (replace navigation); an invoice opens over any tab with
 * ?invoice=<id>. Payment Methods shows only inside an account in the admin portal (spec 2.7):
 * /admin/billing/payment-methods is sent to the invoices (admin routes).
 */
export function BillingPage() {
  const portalScope = usePortalScope();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const canManage = useCan('billing.manage');
  const canWrite = useCan('billing.write');
  const [paying, setPaying] = useState<PayableInvoice | null>(null);

  const admin = portalScope.portal === 'admin';
  const accountId = portalScope.accountId;
  const staffOverview = admin && !accountId;
  const scope: BillingScope = {
    portal: portalScope.portal,
    customerId: portalScope.customerId,
    accountId,
    showAccount: !accountId,
    showCustomer: admin && !portalScope.customerId,
  };
  const tabs: BillingTab[] = staffOverview
    ? ['invoices', 'payment-history', ...(canManage ? (['rates'] as const) : [])]
    : ['invoices', 'payment-methods', 'payment-history'];
  // the cards' query (shared from the cache): the account's saved budget for the budget form
  const overview = useQuery({
    ...billingOverviewQuery({ customerId: scope.portal === 'admin' ? scope.customerId : undefined, accountId: scope.accountId }),
    enabled: Boolean(accountId && canWrite),
  });
  const base = billingBase(pathname);
  const tab = billingTabOf(pathname, tabs);
  const tabPath = (t: BillingTab) => (t === 'invoices' ? (staffOverview ? `${base}/invoices` : base) : `${base}/${t}`);

  const invoiceId = params.get('invoice');
  const setInvoice = (id: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id) next.set('invoice', id);
        else next.delete('invoice');
        return next;
      },
      { replace: true },
    );

  return (
    <Stack gap="md">
      {!accountId && <PageTitle>{admin ? 'Billing' : 'Billing Management'}</PageTitle>}
      <BillingCards scope={scope} />
      {accountId && canWrite && <BudgetCard accountId={accountId} current={overview.data?.monthlyBudget} />}
      <Tabs value={tab} onChange={(t) => t && t !== tab && void navigate(tabPath(t as BillingTab), { replace: true })} keepMounted={false}>
        {/* the tab's actions (Export, Generate Invoice) sit beside the tabs, so the list keeps its rows */}
        <Group justify="space-between" align="flex-end" gap="sm" mb="sm">
          <Tabs.List style={{ flex: '1 1 auto' }}>
            {tabs.map((t) => (
              <Tabs.Tab key={t} value={t}>
                {LABELS[t]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {tab === 'invoices' && <InvoiceToolbar scope={scope} onView={setInvoice} />}
          {tab === 'payment-history' && <PaymentToolbar scope={scope} />}
        </Group>
        <Tabs.Panel value="invoices">
          <InvoicesTab scope={scope} onView={setInvoice} onPay={setPaying} />
        </Tabs.Panel>
        <Tabs.Panel value="payment-methods">{scope.customerId && <PaymentMethodsPanel customerId={scope.customerId} />}</Tabs.Panel>
        <Tabs.Panel value="payment-history">
          <PaymentHistoryTab scope={scope} onViewInvoice={setInvoice} />
        </Tabs.Panel>
        <Tabs.Panel value="rates">{canManage && <RatesTab />}</Tabs.Panel>
      </Tabs>
      <InvoiceDrawer
        invoiceId={invoiceId}
        portal={scope.portal}
        showCustomer={scope.showCustomer}
        onClose={() => setInvoice(null)}
        onPay={setPaying}
      />
      {paying && <PayInvoiceModal invoice={paying} onClose={() => setPaying(null)} />}
    </Stack>
  );
}

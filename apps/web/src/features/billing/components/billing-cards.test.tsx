import type { TBillingOverview } from '@portal/contract/billing';
import type { TRoleKey } from '@portal/contract/roles';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import type { BillingScope } from '../billing-scope.ts';
import { ACCOUNT_ID, CUSTOMER_ID, fakeServer, signedIn } from '../test-support.tsx';
import { BillingCards } from './billing-cards.tsx';

const SLOW = { timeout: 8_000 };

const OVERVIEW: TBillingOverview = {
  totalOutstanding: 1234.5,
  overdueCount: 2,
  overdueAmount: 300,
  revenueThisMonth: 5000,
  revenueLastMonth: 4000,
  nextInvoiceEstimate: 420.25,
  nextInvoiceDate: '2026-12-01',
  lastPayment: { amount: 99.99, paidAt: '2026-11-20T10:00:00.000Z', method: 'Visa •••• 4242' },
  autoPay: false,
  dunningSince: null,
  openInvoices: 3,
  monthlyBudget: null,
};

function show(role: TRoleKey, scope: BillingScope, overview: TBillingOverview = OVERVIEW) {
  const calls = fakeServer(role, {
    'GET /api/billing/overview': overview,
    [`PUT /api/customers/${CUSTOMER_ID}/auto-pay`]: { ok: true },
  });
  signedIn(renderWithProviders(<BillingCards scope={scope} />), role);
  return calls;
}

const CUSTOMER: BillingScope = { portal: 'customer', customerId: CUSTOMER_ID, showAccount: true, showCustomer: false };

describe('BillingCards', { timeout: 20_000 }, () => {
  it('shows staff the outstanding, overdue (with its amount) and revenue figures of the scope', async () => {
    const calls = show('staff:admin', {
      portal: 'admin',
      customerId: CUSTOMER_ID,
      accountId: ACCOUNT_ID,
      showAccount: false,
      showCustomer: false,
    });
    expect(await screen.findByText('$1,234.50', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Overdue Invoices')).toBeTruthy();
    expect(screen.getByText('2')).toBeTruthy();
    expect(screen.getByText('$300.00 overdue')).toBeTruthy();
    expect(screen.getByText('Revenue This Month')).toBeTruthy();
    expect(screen.getByText('$4,000.00')).toBeTruthy();
    expect(calls[0]?.url.searchParams.get('accountId')).toBe(ACCOUNT_ID);
    expect(calls[0]?.url.searchParams.get('customerId')).toBe(CUSTOMER_ID);
  });

  it('shows a customer their balance, next invoice, last payment and auto-pay, which an Admin turns on', async () => {
    const calls = show('customer:admin', CUSTOMER);
    expect(await screen.findByText('Auto-Pay Off', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Current Balance')).toBeTruthy();
    expect(screen.getByText('$420.25')).toBeTruthy();
    expect(screen.getByText('Estimate · 12/01/2026')).toBeTruthy();
    expect(screen.getByText('11/20/2026 · Visa •••• 4242')).toBeTruthy();
    // the company comes from the session on the server: the customer's own id is not sent
    expect(calls[0]?.url.searchParams.get('customerId')).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'Auto-Pay' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ autoPay: true }));
  });

  it('shows a failed auto-pay in red, and no switch to a customer User', async () => {
    show('customer:user', CUSTOMER, { ...OVERVIEW, autoPay: true, dunningSince: '2026-11-10T00:00:00.000Z', lastPayment: null });
    expect(await screen.findByText('Auto-Pay On', {}, SLOW)).toBeTruthy();
    expect(screen.getByText(/^Auto-pay failed since 11\/10\/2026/)).toBeTruthy();
    expect(screen.getByText('No payments yet')).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
  });
});

import { Notifications } from '@mantine/notifications';
import type { TRoleKey } from '@portal/contract/roles';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { AccountPickerProvider } from '../../../ui/account-picker.tsx';
import type { BillingScope } from '../billing-scope.ts';
import { fakeServer, invoice, page } from '../test-support.tsx';
import { InvoicesTab } from './invoices-tab.tsx';

/** A busy machine renders Mantine slowly: the first answers may take a few seconds. */
const SLOW = { timeout: 8_000 };

const due = invoice({ number: 'INV-2026-000001', status: 'Due' });
const overdue = invoice({ number: 'INV-2026-000002', status: 'Overdue' });
const paid = invoice({ number: 'INV-2026-000003', status: 'Paid', balance: 0, amountPaid: 100 });
const draft = invoice({ number: null, status: 'Draft', dueDate: null });
const voided = invoice({ number: 'INV-2026-000004', status: 'Void' });

const CUSTOMER: BillingScope = { portal: 'customer', customerId: due.customerId, showAccount: true, showCustomer: false };
const STAFF: BillingScope = { portal: 'admin', showAccount: true, showCustomer: true };

function setup(role: TRoleKey, scope: BillingScope, items = [due, overdue, paid, draft, voided]) {
  const calls = fakeServer(role, {
    'GET /api/invoices': page(items),
    [`POST /api/invoices/${due.id}/reminders`]: due,
    'GET /api/admin/customers/suggestions': [],
  });
  const onView = vi.fn();
  const onPay = vi.fn();
  renderWithProviders(
    <AccountPickerProvider value={() => <input aria-label="Account" />}>
      <Notifications />
      <InvoicesTab scope={scope} onView={onView} onPay={onPay} />
    </AccountPickerProvider>,
  );
  return { calls, onView, onPay };
}

const row = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('InvoicesTab', { timeout: 20_000 }, () => {
  it('offers customers Pay Now on due and overdue invoices only, and no reminders', async () => {
    const { onPay, calls } = setup('customer:admin', CUSTOMER, [due, overdue, paid]);
    expect(await screen.findByText('INV-2026-000001', {}, SLOW)).toBeTruthy();
    expect(within(row('INV-2026-000001')).getByRole('button', { name: /^Pay Now/ })).toBeTruthy();
    expect(within(row('INV-2026-000002')).getByRole('button', { name: /^Pay Now/ })).toBeTruthy();
    expect(within(row('INV-2026-000003')).queryByRole('button', { name: /^Pay Now/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Send Reminder/ })).toBeNull();
    expect(within(row('INV-2026-000003')).getByRole('link', { name: 'Download INV-2026-000003' }).getAttribute('href')).toBe(
      `/api/invoices/${paid.id}/pdf`,
    );
    fireEvent.click(within(row('INV-2026-000002')).getByRole('button', { name: /^Pay Now/ }));
    expect(onPay).toHaveBeenCalledWith(overdue);
    // the customer's own company scopes the list
    expect(calls[0]?.url.searchParams.get('customerId')).toBe(due.customerId);
  });

  it('lists only the statuses customers see in the status filter', async () => {
    setup('customer:admin', CUSTOMER, [due]);
    fireEvent.click(await screen.findByRole('combobox', { name: 'Status' }, SLOW));
    const options = (await screen.findAllByRole('option', { hidden: true })).map((o) => o.textContent);
    expect(options).toEqual(['All statuses', 'Paid', 'Due', 'Overdue']);
  });

  it('shows a customer User no Pay Now', async () => {
    setup('customer:user', CUSTOMER, [due]);
    expect(await screen.findByText('INV-2026-000001', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay Now/ })).toBeNull();
  });

  it('offers billing staff Send Reminder on unpaid finalized invoices, shows drafts as Draft, and sends the reminder', async () => {
    const { calls, onView } = setup('staff:billing', STAFF);
    expect(await screen.findByText('INV-2026-000001', {}, SLOW)).toBeTruthy();
    expect(within(row('INV-2026-000001')).getByRole('button', { name: 'Send Reminder INV-2026-000001' })).toBeTruthy();
    expect(within(row('INV-2026-000002')).getByRole('button', { name: 'Send Reminder INV-2026-000002' })).toBeTruthy();
    for (const n of ['INV-2026-000003', 'INV-2026-000004'])
      expect(within(row(n)).queryByRole('button', { name: /^Send Reminder/ })).toBeNull();
    const draftRow = screen.getByRole('button', { name: 'View Draft' }).closest('tr') as HTMLElement;
    expect(within(draftRow).queryByRole('button', { name: /^Send Reminder/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Pay Now/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Send Reminder INV-2026-000001' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.pathname.endsWith('/reminders'))).toBe(true));
    expect(await screen.findByText('Reminder sent', {}, SLOW)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'View INV-2026-000003' }));
    expect(onView).toHaveBeenCalledWith(paid.id);
  });

  it('shows support staff (no billing.manage) no reminders', async () => {
    setup('staff:support', STAFF, [due]);
    expect(await screen.findByText('INV-2026-000001', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Send Reminder/ })).toBeNull();
  });

  it('says when no invoice matches', async () => {
    setup('customer:admin', CUSTOMER, []);
    expect(await screen.findByText('No invoices found matching your criteria', {}, SLOW)).toBeTruthy();
  });
});

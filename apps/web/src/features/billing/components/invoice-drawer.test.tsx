import type { TInvoice, TInvoiceLine } from '@portal/contract/billing';
import type { TRoleKey } from '@portal/contract/roles';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { fakeServer, invoice, signedIn } from '../test-support.tsx';
import { groupLines, InvoiceDrawer } from './invoice-drawer.tsx';

/** A busy machine renders Mantine slowly: the first answers may take a few seconds. */
const SLOW = { timeout: 8_000 };

const line = (kind: TInvoiceLine['kind'], description: string, amount: number, detail: string | null = null): TInvoiceLine => ({
  id: `00000000-0000-4000-8000-${String(Math.round(amount * 100)).padStart(12, '0')}`,
  kind,
  description,
  detail,
  accountId: null,
  quantity: 1,
  unitPrice: amount,
  amount,
});

const LINES = [
  line('services', 'SIP trunk', 50),
  line('voice', 'Outbound voice minutes', 30, '1,204 calls · 10/01/2026 to 10/31/2026'),
  line('adjustment', 'Service credit', -5),
  line('voice', 'Inbound voice minutes', 10),
];

function full(over: Partial<TInvoice> = {}): TInvoice {
  return {
    ...invoice({ number: 'INV-2026-000009', amount: 85, balance: 85 }),
    lines: LINES,
    payments: [],
    finalizedAt: '2026-11-01T00:00:00.000Z',
    voidedAt: null,
    voidReason: null,
    billTo: { name: 'Acme Communications Inc.', contact: 'Linda Park', email: 'linda@acme.example', address: '350 Fifth Avenue' },
    ...over,
  };
}

function open(role: TRoleKey, inv: TInvoice, portal: 'admin' | 'customer') {
  fakeServer(role, { [`GET /api/invoices/${inv.id}`]: inv });
  const onPay = vi.fn();
  signedIn(
    renderWithProviders(
      <InvoiceDrawer invoiceId={inv.id} portal={portal} showCustomer={portal === 'admin'} onClose={() => {}} onPay={onPay} />,
    ),
    role,
  );
  return onPay;
}

describe('groupLines', () => {
  it('groups the lines by section in the invoice order, with subtotals', () => {
    const sections = groupLines(LINES);
    expect(sections.map((s) => s.title)).toEqual(['Voice usage', 'Services', 'Adjustments']);
    expect(sections[0]?.subtotal).toBe(40);
    expect(sections[0]?.lines.map((l) => l.description)).toEqual(['Outbound voice minutes', 'Inbound voice minutes']);
  });
});

describe('InvoiceDrawer', { timeout: 20_000 }, () => {
  it('shows the header, sections, totals and, to a customer Admin on a due invoice, Pay Now', async () => {
    const inv = full();
    const onPay = open('customer:admin', inv, 'customer');
    const drawer = await screen.findByRole('dialog', { name: /Invoice INV-2026-000009/ }, SLOW);
    expect(within(drawer).getByText('Due')).toBeTruthy();
    expect(within(drawer).getByText('Linda Park')).toBeTruthy();
    expect(within(drawer).getByText('1,204 calls · 10/01/2026 to 10/31/2026')).toBeTruthy();
    const headers = within(drawer)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Voice usage', 'Services', 'Adjustments']));
    expect(within(screen.getByTestId('invoice-totals')).getByText('Balance').nextSibling?.textContent).toBe('$85.00');
    expect(
      within(drawer)
        .getByRole('link', { name: /Download PDF/ })
        .getAttribute('href'),
    ).toBe(`/api/invoices/${inv.id}/pdf`);
    within(drawer).getByRole('button', { name: 'Pay Now' }).click();
    expect(onPay).toHaveBeenCalledWith(inv);
    expect(within(drawer).queryByRole('button', { name: 'Finalize' })).toBeNull();
  });

  it('offers billing staff Add adjustment, Finalize and Delete draft on a draft', async () => {
    open('staff:billing', full({ number: null, status: 'Draft', dueDate: null, finalizedAt: null }), 'admin');
    const drawer = await screen.findByRole('dialog', { name: /Draft invoice/ }, SLOW);
    for (const name of ['Add adjustment', 'Finalize', 'Delete draft']) expect(within(drawer).getByRole('button', { name })).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: 'Void' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Pay Now' })).toBeNull();
  });

  it('offers billing staff Send Reminder and Void on a due invoice', async () => {
    open('staff:admin', full(), 'admin');
    const drawer = await screen.findByRole('dialog', { name: /Invoice INV-2026-000009/ }, SLOW);
    expect(within(drawer).getByRole('button', { name: 'Send Reminder' })).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Void' })).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: 'Finalize' })).toBeNull();
  });

  it('offers nothing but the PDF on a paid invoice', async () => {
    open('staff:admin', full({ status: 'Paid', balance: 0, amountPaid: 85 }), 'admin');
    const drawer = await screen.findByRole('dialog', { name: /Invoice INV-2026-000009/ }, SLOW);
    expect(
      within(drawer)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['']); // the close button
  });
});

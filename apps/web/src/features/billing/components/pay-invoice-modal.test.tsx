import { Notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { CUSTOMER_ID, fakeServer, invoice, method } from '../test-support.tsx';
import { initialMethod, PayInvoiceModal } from './pay-invoice-modal.tsx';

/** A busy machine renders Mantine slowly: the first answers may take a few seconds. */
const SLOW = { timeout: 8_000 };

const due = invoice({ number: 'INV-2026-000042', balance: 250.5 });
const visa = method({ last4: '4242', isDefault: true });
const declined = method({ last4: '0002', holderName: 'Test Declined' });
const expired = method({ brand: 'Amex', last4: '8207', status: 'Expired', expYear: 2024 });
const methodsPath = `GET /api/customers/${CUSTOMER_ID}/payment-methods`;
const payPath = `POST /api/invoices/${due.id}/pay`;

function open(onClose = vi.fn()) {
  renderWithProviders(
    <>
      <Notifications />
      <PayInvoiceModal invoice={due} onClose={onClose} />
    </>,
  );
  return onClose;
}

describe('initialMethod', () => {
  it('chooses the default unless it has expired, then the first usable method', () => {
    expect(initialMethod([declined, visa])).toBe(visa.id);
    expect(initialMethod([{ ...visa, status: 'Expired' }, expired, declined])).toBe(declined.id);
    expect(initialMethod([expired])).toBe('');
  });
});

describe('PayInvoiceModal', { timeout: 20_000 }, () => {
  it('shows the balance, preselects the default method and offers no expired one', async () => {
    fakeServer('customer:admin', { [methodsPath]: [visa, declined, expired] });
    open();
    expect(await screen.findByRole('radio', { name: /Visa •••• 4242/ }, SLOW)).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: /Amex •••• 8207/ })).toHaveProperty('disabled', true);
    expect(screen.getByTestId('pay-amount').textContent).toBe('$250.50');
    expect(screen.getByText(/Sandbox test cards: 4242 4242 4242 4242 approved · 4000 0000 0000 0002 declined/)).toBeTruthy();
  });

  it("keeps the modal open with the gateway's message when the card is declined", async () => {
    const calls = fakeServer('customer:admin', {
      [methodsPath]: [visa, declined],
      [payPath]: { status: 'Failed', message: 'Your card was declined.', invoice: due },
    });
    const onClose = open();
    fireEvent.click(await screen.findByRole('radio', { name: /•••• 0002/ }, SLOW));
    fireEvent.click(screen.getByRole('button', { name: 'Pay $250.50' }));
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert.textContent).toContain('Payment failed');
    expect(alert.textContent).toContain('Your card was declined.');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ paymentMethodId: declined.id });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says a pending payment is pending', async () => {
    fakeServer('customer:admin', {
      [methodsPath]: [visa],
      [payPath]: { status: 'Pending', message: 'The bank is still processing this payment.', invoice: due },
    });
    open();
    await screen.findByRole('radio', { name: /Visa •••• 4242/ }, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Pay $250.50' }));
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toContain(
      'Payment pending: The bank is still processing this payment.',
    );
  });

  it('toasts a successful payment and closes', async () => {
    fakeServer('customer:admin', {
      [methodsPath]: [visa],
      [payPath]: { status: 'Successful', message: null, invoice: { ...due, status: 'Paid', balance: 0, amountPaid: 250.5 } },
    });
    const onClose = open();
    await screen.findByRole('radio', { name: /Visa •••• 4242/ }, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Pay $250.50' }));
    expect(await screen.findByText('Payment successful', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});

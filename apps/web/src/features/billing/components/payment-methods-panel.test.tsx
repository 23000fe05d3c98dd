import { Notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { CUSTOMER_ID, fakeServer, method } from '../test-support.tsx';
import { filterMethods, PaymentMethodsPanel } from './payment-methods-panel.tsx';

/** A busy machine renders Mantine slowly: the first answers may take a few seconds. */
const SLOW = { timeout: 8_000 };

const visa = method({ last4: '4242', isDefault: true, holderName: 'Linda Park' });
const amex = method({ brand: 'Amex', last4: '8207', holderName: 'Linda Park', status: 'Expiring Soon' });
const bank = method({
  type: 'bank_account',
  brand: null,
  bankName: 'Capital One',
  last4: '6789',
  accountType: 'Checking',
  expMonth: null,
  expYear: null,
  holderName: 'Acme Communications Inc.',
});
const base = `/api/customers/${CUSTOMER_ID}/payment-methods`;

function setup(role: 'customer:admin' | 'customer:user' = 'customer:admin', path = '/') {
  const calls = fakeServer(role, {
    [`GET ${base}`]: [visa, amex, bank],
    [`PUT ${base}/${amex.id}/default`]: { ...amex, isDefault: true },
    [`DELETE ${base}/${bank.id}`]: {},
  });
  renderWithProviders(
    <>
      <Notifications />
      <PaymentMethodsPanel customerId={CUSTOMER_ID} />
    </>,
    { path },
  );
  return calls;
}

const row = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('filterMethods', () => {
  it('matches every word of the search in the holder, brand, bank or last four, and the status', () => {
    expect(filterMethods([visa, amex, bank], { search: 'capital', status: '' })).toEqual([bank]);
    expect(filterMethods([visa, amex, bank], { search: 'linda 8207', status: '' })).toEqual([amex]);
    expect(filterMethods([visa, amex, bank], { search: '', status: 'Expiring Soon' })).toEqual([amex]);
    expect(filterMethods([visa, amex, bank], { search: 'nobody', status: '' })).toEqual([]);
  });
});

describe('PaymentMethodsPanel', { timeout: 20_000 }, () => {
  it('offers Make Default only on the other methods, and Remove only in edit mode, never on the default', async () => {
    setup();
    expect(await screen.findByText('Visa •••• 4242', {}, SLOW)).toBeTruthy();
    expect(within(row('Visa •••• 4242')).getByText('Default')).toBeTruthy();
    expect(within(row('Visa •••• 4242')).queryByRole('button', { name: /Make Default/ })).toBeNull();
    expect(within(row('Amex •••• 8207')).getByRole('button', { name: /Make Default/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Edit Methods' }));
    expect(within(row('Amex •••• 8207')).getByRole('button', { name: /^Remove / })).toBeTruthy();
    expect(within(row('Capital One •••• 6789')).getByRole('button', { name: /^Remove / })).toBeTruthy();
    expect(within(row('Visa •••• 4242')).queryByRole('button', { name: /^Remove / })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
  });

  it('makes a method the default, and removes one after confirming', async () => {
    const calls = setup();
    fireEvent.click(
      within(await screen.findByText('Amex •••• 8207', {}, SLOW).then((t) => t.closest('tr') as HTMLElement)).getByRole('button', {
        name: /Make Default/,
      }),
    );
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.url.pathname === `${base}/${amex.id}/default`)).toBe(true));
    expect(await screen.findByText('Amex •••• 8207 is now the default payment method', {}, SLOW)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Edit Methods' }));
    fireEvent.click(within(row('Capital One •••• 6789')).getByRole('button', { name: /^Remove / }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove payment method' }, SLOW);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname === `${base}/${bank.id}`)).toBe(true));
  });

  it('filters by the search in the URL and says when nothing matches', async () => {
    setup('customer:admin', '/?pmSearch=nobody');
    expect(await screen.findByText('No payment methods found matching your criteria', {}, SLOW)).toBeTruthy();
  });

  it('offers no changes to a user who may not change billing', async () => {
    setup('customer:user');
    expect(await screen.findByText('Visa •••• 4242', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Make Default/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Methods' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Method' })).toBeNull();
  });
});

import type { TRateDeck } from '@portal/contract/billing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { AccountPickerProvider } from '../../../ui/account-picker.tsx';
import { fakeServer, page, signedIn } from '../test-support.tsx';
import { deckOwner, RatesTab } from './rates-tab.tsx';

const SLOW = { timeout: 8_000 };

// jsdom's File has no text(); the browser's does
if (!('text' in File.prototype)) {
  Object.defineProperty(File.prototype, 'text', {
    value(this: File) {
      return new Promise<string>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.onerror = () => reject(reader.error);
        reader.readAsText(this);
      });
    },
  });
}

const deck = (over: Partial<TRateDeck>): TRateDeck => ({
  id: '00000000-0000-4000-8000-00000000d001',
  name: 'Standard',
  isDefault: true,
  customerId: null,
  customerName: null,
  accountId: null,
  accountName: null,
  inboundRatePerMinute: 0.0085,
  prefixCount: 63,
  updatedAt: '2026-10-26T00:00:00.000Z',
  ...over,
});
const standard = deck({});
const acme = deck({
  id: '00000000-0000-4000-8000-00000000d002',
  name: 'Acme contract',
  isDefault: false,
  customerName: 'Acme',
  prefixCount: 4,
});

function setup() {
  const calls = fakeServer('staff:billing', {
    'GET /api/rate-decks': [standard, acme],
    [`GET /api/rate-decks/${standard.id}/rates`]: page([
      { prefix: '44', description: 'United Kingdom', ratePerMinute: 0.012, increments: '60/60', effectiveFrom: '2026-01-01' },
    ]),
    [`POST /api/rate-decks/${standard.id}/import`]: {
      imported: 1204,
      errors: Array.from({ length: 12 }, (_, i) => ({ line: i + 2, message: 'The rate is not a number' })),
    },
  });
  signedIn(
    renderWithProviders(
      <AccountPickerProvider value={() => null}>
        <RatesTab />
      </AccountPickerProvider>,
    ),
    'staff:billing',
  );
  return calls;
}

describe('deckOwner', () => {
  it('names who a deck prices', () => {
    expect(deckOwner(standard)).toBe('Everyone without a deck');
    expect(deckOwner(acme)).toBe('Acme');
    expect(deckOwner({ ...acme, accountName: 'Main' })).toBe('Acme — Main');
  });
});

describe('RatesTab', { timeout: 20_000 }, () => {
  it('lists the decks, shows the default deck’s rates, offers Delete only on the others', async () => {
    setup();
    const decks = await screen.findByRole('table', { name: 'Rate decks' }, SLOW);
    expect(await within(decks).findByText('Default', {}, SLOW)).toBeTruthy();
    expect(within(decks).queryByRole('button', { name: 'Delete Standard' })).toBeNull();
    expect(within(decks).getByRole('button', { name: 'Delete Acme contract' })).toBeTruthy();
    const rates = await screen.findByRole('table', { name: 'Rates of Standard' }, SLOW);
    expect(await within(rates).findByText('United Kingdom', {}, SLOW)).toBeTruthy();
    expect(within(rates).getByText('$0.012')).toBeTruthy();
  });

  it('imports a CSV read in the browser and reports the count and the first errors with their lines', async () => {
    const calls = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Import CSV Standard' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Import CSV: Standard' }, SLOW);
    fireEvent.click(within(dialog).getByText('Replace'));
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    const csv = 'prefix,description,rate_per_minute,increments,effective_date\n44,United Kingdom,0.0120,60/60,2026-01-01\n';
    fireEvent.change(input, { target: { files: [new File([csv], 'rates.csv', { type: 'text/csv' })] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText(/1,204 rates imported, 12 lines rejected/, {}, SLOW)).toBeTruthy();
    expect(within(dialog).getByText('The first 10 errors')).toBeTruthy();
    expect(within(dialog).getByText('Line 2: The rate is not a number')).toBeTruthy();
    expect(within(dialog).queryByText('Line 12: The rate is not a number')).toBeNull();
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ csv, mode: 'replace' }));
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { AccountSelect } from './account-select.tsx';

const ACCOUNTS = [
  { id: '00000000-0000-4000-8000-000000000001', accountId: 'ACC-1001', name: 'Main Office', customerId: 'c1', customerName: 'Acme' },
  { id: '00000000-0000-4000-8000-000000000002', accountId: 'ACC-1002', name: 'West Branch', customerId: 'c1', customerName: 'Acme' },
  { id: '00000000-0000-4000-8000-000000000003', accountId: 'ACC-2001', name: 'Westgate', customerId: 'c2', customerName: 'Globex' },
];

/** The server's answer to /api/accounts/options: q matches every word in the name, the ID or the customer. */
function serveOptions() {
  const urls: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    urls.push(url.pathname + url.search);
    const q = (url.searchParams.get('q') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const id = url.searchParams.get('accountId');
    const items = ACCOUNTS.filter(
      (a) => (!id || a.id === id) && q.every((w) => `${a.name} ${a.accountId} ${a.customerName}`.toLowerCase().includes(w)),
    );
    return new Response(JSON.stringify(items), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return urls;
}

function Harness({ initial = '', onValue }: { initial?: string; onValue?: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <AccountSelect
      label="Account"
      placeholder="All accounts"
      withCustomer
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue?.(v);
      }}
    />
  );
}

const input = () => screen.getByRole('combobox', { name: 'Account' }) as HTMLInputElement;
/** Types as a user does: in the focused input (Mantine treats writes to an unfocused input as autofill). */
const type = (text: string) => {
  input().focus();
  fireEvent.change(input(), { target: { value: text } });
};
const optionNames = () => screen.queryAllByRole('option', { hidden: true }).map((o) => o.textContent);

// Mantine renders slowly in jsdom on a busy machine.
describe('AccountSelect', { timeout: 20_000 }, () => {
  it('shows a placeholder, never an option label, while no account is chosen', async () => {
    serveOptions();
    renderWithProviders(<Harness />);
    expect(input().value).toBe('');
    expect(input().placeholder).toBe('All accounts');
    fireEvent.click(input());
    await waitFor(() => expect(optionNames()).toHaveLength(3));
    expect(optionNames()).not.toContain('All accounts');
  });

  it('filters as the user types: only what is typed is searched, on the server too', async () => {
    const urls = serveOptions();
    renderWithProviders(<Harness />);
    fireEvent.click(input());
    await waitFor(() => expect(optionNames()).toHaveLength(3));
    type('west');
    expect(input().value).toBe('west');
    await waitFor(() => expect(optionNames()).toEqual(['Acme — West Branch', 'Globex — Westgate']));
    type('globex west');
    await waitFor(() => expect(optionNames()).toEqual(['Globex — Westgate']));
    await waitFor(() => expect(urls.some((u) => u.includes('q=globex+west'))).toBe(true));
    // an account ID matches too
    type('ACC-1001');
    await waitFor(() => expect(optionNames()).toEqual(['Acme — Main Office']));
  });

  it('chooses an account, then clears it back to the placeholder', async () => {
    serveOptions();
    const onValue = vi.fn();
    renderWithProviders(<Harness onValue={onValue} />);
    fireEvent.click(input());
    await waitFor(() => expect(optionNames()).toHaveLength(3));
    type('Westgate');
    await waitFor(() => expect(optionNames()).toEqual(['Globex — Westgate']));
    fireEvent.click(screen.getByRole('option', { name: 'Globex — Westgate', hidden: true }));
    expect(onValue).toHaveBeenLastCalledWith(ACCOUNTS[2]?.id);
    await waitFor(() => expect(input().value).toBe('Globex — Westgate'));

    const clear = document.querySelector('.mantine-InputClearButton-root, [data-combobox-clear], button[aria-label="Clear"]');
    expect(clear).not.toBeNull();
    fireEvent.click(clear as Element);
    expect(onValue).toHaveBeenLastCalledWith('');
    await waitFor(() => expect(input().value).toBe(''));
    expect(input().placeholder).toBe('All accounts');
  });

  it('shows the label of an account given by the URL before any search', async () => {
    serveOptions();
    renderWithProviders(<Harness initial={ACCOUNTS[1]?.id} />);
    await waitFor(() => expect(input().value).toBe('Acme — West Branch'));
  });
});

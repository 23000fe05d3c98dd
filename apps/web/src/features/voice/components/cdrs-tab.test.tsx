import { Notifications } from '@mantine/notifications';
import type { TCdr, TCdrPage } from '@portal/contract/voice';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { CdrsTab } from './cdrs-tab.tsx';

const CDR: TCdr = {
  id: '1',
  callId: 'call-1',
  accountId: '00000000-0000-4000-8000-0000000000cc',
  accountName: 'Main Office',
  fromNumber: '+12125550100',
  toNumber: '+13105550199',
  startedAt: '2026-01-01T10:00:00.000Z',
  durationSeconds: 65,
  status: 'Completed',
  direction: 'Outbound',
  cost: 0.0123,
};

/** Answers every CDR list request with one row and a next page; records the requests' URLs. */
function stubList(nextCursor: string | null = 'bmV4dA') {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(String(url));
      const page: TCdrPage = { items: [CDR], nextCursor };
      return new Response(JSON.stringify(page), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return urls;
}

const seen: { search: string } = { search: '' };
function LocationProbe() {
  seen.search = useLocation().search;
  return null;
}

function setup(path: string) {
  return renderWithProviders(
    <>
      <Notifications />
      <CdrsTab scope={{ showAccount: false }} />
      <LocationProbe />
    </>,
    { path },
  );
}

afterEach(() => vi.unstubAllGlobals());

// Mantine renders slowly in jsdom on a busy machine.
describe('CdrsTab', { timeout: 20_000 }, () => {
  it('reads the page from the URL (a reload keeps it) and writes the next one there', async () => {
    const urls = stubList();
    setup('/?tab=cdrs&cdrCursors=Zmlyc3Q');
    expect(await screen.findByText(/^Page 2/)).toBeTruthy();
    await waitFor(() => expect(urls).toHaveLength(1));
    expect(new URL(urls[0] ?? '', 'http://x').searchParams.get('cursor')).toBe('Zmlyc3Q');

    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText(/^Page 3/)).toBeTruthy();
    expect(new URLSearchParams(seen.search).get('cdrCursors')).toBe('Zmlyc3Q.bmV4dA');
    await waitFor(() => expect(new URL(urls.at(-1) ?? '', 'http://x').searchParams.get('cursor')).toBe('bmV4dA'));

    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText(/^Page 2/)).toBeTruthy();
    expect(new URLSearchParams(seen.search).get('cdrCursors')).toBe('Zmlyc3Q');
  });

  it('sends no request for an end date before the start date, and says so once, on End Date', async () => {
    const urls = stubList();
    setup('/?tab=cdrs&cdrStartDate=2026-03-02&cdrEndDate=2026-03-01');
    const message = 'The end date must not be before the start date';
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getAllByText(message)).toHaveLength(1);
    const end = screen.getByRole('button', { name: 'End Date' });
    expect(end.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('No CDRs found matching your criteria')).toBeTruthy();

    // the export would be refused for the same reason: the button waits for the dates to be fixed
    const exportButton = screen.getByRole('button', { name: 'Export to CSV' });
    expect(exportButton.hasAttribute('disabled')).toBe(true);
    fireEvent.click(exportButton);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(urls).toEqual([]);
  });

  it('asks once for both dates before an export', async () => {
    const urls = stubList();
    setup('/?tab=cdrs');
    await waitFor(() => expect(urls).toHaveLength(1));
    fireEvent.click(await screen.findByRole('button', { name: 'Export to CSV' }));
    const message = 'Please select a start and end date for the CDR export';
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(urls.some((u) => u.includes('/export'))).toBe(false);
  });
});

import { Notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { CdrExportTab } from './cdr-export-tab.tsx';

const FILE = {
  id: '0b7c9f6e-2d1a-4c3b-9e8f-1a2b3c4d5e6f',
  name: 'cdrs-2026-01-01-to-2026-03-31.csv',
  format: 'csv',
  state: 'Pending',
  bytes: null,
  rows: null,
  error: null,
  createdAt: '2026-04-01T10:00:00.000Z',
  expiresAt: '2026-04-08T10:00:00.000Z',
  url: null,
};

/** The server: a large CDR export becomes a job (202), and the file list then holds it, Pending. */
function stubServer() {
  const requests: string[] = [];
  let queued = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      requests.push(url);
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url.startsWith('/api/reports/cdrs/export')) {
        queued = true;
        return json(202, { queued: true, file: FILE });
      }
      if (url.startsWith('/api/reports/files')) return json(200, { items: queued ? [FILE] : [] });
      return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    }),
  );
  const createObjectURL = vi.fn(() => 'blob:x');
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
  return { requests, createObjectURL };
}

/** Opens a day picker on this month and picks a day of it. */
async function pickDay(label: string, day: number) {
  fireEvent.click(screen.getByLabelText(label));
  const dialog = await screen.findByRole('dialog', { hidden: true });
  const button = within(dialog)
    .getAllByRole('button', { hidden: true })
    .find((b) => b.textContent === String(day) && !b.hasAttribute('data-outside'));
  fireEvent.click(button as HTMLElement);
  await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
}

describe('CdrExportTab', () => {
  it('says a large export is being prepared, saves nothing, and lists the file as Preparing', { timeout: 20_000 }, async () => {
    const { requests, createObjectURL } = stubServer();
    renderWithProviders(
      <>
        <Notifications />
        <CdrExportTab portal="admin" customerId="" onCustomerChange={vi.fn()} />
      </>,
    );
    const csv = screen.getByRole('button', { name: 'Export as CSV' });
    expect(csv).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Export as PDF' })).toHaveProperty('disabled', true);
    expect(await screen.findByText('No exports yet')).toBeTruthy();

    await pickDay('Start Date', 1);
    expect(csv).toHaveProperty('disabled', true);
    await pickDay('End Date', 2);
    expect(csv).toHaveProperty('disabled', false);
    fireEvent.click(csv);

    expect(await screen.findByText('Export queued')).toBeTruthy();
    expect(screen.getByText(/You will be notified when it is ready/)).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Recent exports' });
    expect(await within(table).findByText('Preparing')).toBeTruthy();
    expect(within(table).getByText(FILE.name)).toBeTruthy();
    // nothing was saved: the 202's JSON is no file
    expect(createObjectURL).not.toHaveBeenCalled();
    const exportUrl = new URL(requests.find((r) => r.startsWith('/api/reports/cdrs/export')) ?? '', 'http://x');
    expect(exportUrl.searchParams.get('format')).toBe('csv');
    expect(exportUrl.searchParams.get('startDate')?.endsWith('-01')).toBe(true);
    expect(exportUrl.searchParams.get('endDate')?.endsWith('-02')).toBe(true);
    expect(exportUrl.searchParams.has('customerId')).toBe(false);
  });
});

import { Notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DOWNLOAD_CUT } from '../lib/download.ts';
import { renderWithProviders } from '../test/render.tsx';
import { ExportButton } from './export-button.tsx';

const encoder = new TextEncoder();

/** A CSV response that sends `chunks`, then either ends or fails like an aborted connection. */
function csvResponse(chunks: string[], fail: boolean) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(encoder.encode(c));
      if (fail) controller.error(new TypeError('network error'));
      else controller.close();
    },
  });
  return new Response(body, {
    status: 200,
    headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="x.csv"' },
  });
}

function setup(response: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => response()),
  );
  const createObjectURL = vi.fn(() => 'blob:x');
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
  renderWithProviders(
    <>
      <Notifications />
      <ExportButton url="/api/x/export" fallbackName="x.csv" noun="rows of x" label="Export to CSV" />
    </>,
  );
  return { createObjectURL };
}

// Mantine renders slowly in jsdom on a busy machine.
describe('ExportButton', { timeout: 20_000 }, () => {
  it('saves a complete file and says how many rows it holds', async () => {
    const { createObjectURL } = setup(() => csvResponse(['A,B\n1,2\n', '3,4\n'], false));
    fireEvent.click(screen.getByRole('button', { name: 'Export to CSV' }));
    expect(await screen.findByText('Exported 2 rows of x to x.csv')).toBeTruthy();
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('reports a stream cut mid-way once, as an error, and saves no file', async () => {
    const { createObjectURL } = setup(() => csvResponse(['A,B\n1,2\n'], true));
    fireEvent.click(screen.getByRole('button', { name: 'Export to CSV' }));
    expect(await screen.findByText(DOWNLOAD_CUT)).toBeTruthy();
    expect(screen.getAllByText(DOWNLOAD_CUT)).toHaveLength(1);
    expect(createObjectURL).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export to CSV' })).toBeTruthy());
  });

  it("shows the server's refusal before any byte", async () => {
    setup(
      () =>
        new Response(JSON.stringify({ error: { code: 'VALIDATION_FAILED', message: 'Please select a start and end date' } }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export to CSV' }));
    expect(await screen.findByText('Please select a start and end date')).toBeTruthy();
  });
});

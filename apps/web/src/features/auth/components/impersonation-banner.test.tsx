import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerFetch, renderWithProviders } from '../../../test/render.tsx';
import { ImpersonationBanner } from './impersonation-banner.tsx';

const loadPage = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/page-load.ts', () => ({ loadPage }));

describe('ImpersonationBanner', () => {
  it("names the customer and exits to the customer's detail page in the admin portal", async () => {
    const fetchMock = vi.fn(answerFetch(200, { ok: true, redirectTo: '/admin/customers/c-1' }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ImpersonationBanner customerName="Acme Communications Inc." />, { path: '/customer' });
    expect(screen.getByText('Viewing as Acme Communications Inc. —')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Exit' }));
    // The admin portal opens afresh where the server says: the customer's page, not /admin.
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/admin/customers/c-1'));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/impersonation/exit');
    expect(init.method).toBe('POST');
  });
});

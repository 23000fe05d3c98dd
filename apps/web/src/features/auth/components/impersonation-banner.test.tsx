import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { answerFetch, renderWithProviders } from '../../../test/render.tsx';
import { ImpersonationBanner } from './impersonation-banner.tsx';

describe('ImpersonationBanner', () => {
  it("names the customer and exits to the customer's detail page in the admin portal", async () => {
    const fetchMock = vi.fn(answerFetch(200, { ok: true, redirectTo: '/admin/customers/c-1' }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <Routes>
        <Route path="/customer" element={<ImpersonationBanner customerName="Acme Communications Inc." />} />
        <Route path="/admin" element={<p>Admin home</p>} />
        <Route path="/admin/customers/c-1" element={<p>Acme's detail page</p>} />
      </Routes>,
      { path: '/customer' },
    );
    expect(screen.getByText('Viewing as Acme Communications Inc. —')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Exit' }));
    expect(await screen.findByText("Acme's detail page")).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/impersonation/exit');
    expect(init.method).toBe('POST');
  });
});

import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFetch } from '../test/render.tsx';
import { SignInGate } from './sign-in-gate.tsx';
import { theme } from './theme.ts';

const loadPage = vi.hoisted(() => vi.fn());
vi.mock('../lib/page-load.ts', () => ({ loadPage }));

const session = (user: unknown) => ({ brand: 'Acme Telecom', idleTimeoutMinutes: 30, selfRegistration: false, user });
const staff = { id: 'u1', portal: 'admin', email: 'admin@example.com', permissions: [] };

/** The sign-in page's own entry: no router, as sign-in-app.tsx renders it. */
function renderGate(path: string, state?: unknown) {
  window.history.replaceState(state === undefined ? null : { usr: state, key: 'k', idx: 0 }, '', path);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <SignInGate />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  loadPage.mockReset();
  window.history.replaceState(null, '', '/');
});

describe('SignInGate (the sign-in page without the router)', () => {
  it("shows the portal's sign-in page, its links plain page loads, and the session-ended notice the portal left in history", async () => {
    vi.stubGlobal('fetch', vi.fn(answerFetch(200, session(null))));
    renderGate('/admin/login', { ended: true });
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeTruthy();
    expect(screen.getByText('Your session has ended. Please sign in again.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/admin/forgot-password');
    expect(screen.getByRole('link', { name: 'Customer Login' }).getAttribute('href')).toBe('/customer/login');
    expect(await screen.findByText('Acme Telecom')).toBeTruthy();
    expect(loadPage).not.toHaveBeenCalled();
  });

  it('sends a signed-in user on to the page a guard sent them away from, without showing the form', async () => {
    vi.stubGlobal('fetch', vi.fn(answerFetch(200, session(staff))));
    renderGate('/admin/login', { from: '/admin/users?page=2' });
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/admin/users?page=2'));
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it("sends a signed-in user to their own portal's home from the other portal's sign-in page", async () => {
    vi.stubGlobal('fetch', vi.fn(answerFetch(200, session(staff))));
    renderGate('/customer/login', { from: '/customer/billing' });
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/admin'));
  });
});

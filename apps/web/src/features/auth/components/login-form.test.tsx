import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerFetch, renderWithProviders } from '../../../test/render.tsx';
import { LoginForm } from './login-form.tsx';

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('LoginForm', () => {
  it('requires an email and a password', async () => {
    renderWithProviders(<LoginForm portal="admin" />);
    submit();
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
  });

  it('rejects an invalid email address', async () => {
    renderWithProviders(<LoginForm portal="customer" />);
    type('Email', 'not-an-email');
    type('Password', 'secret');
    submit();
    expect(await screen.findByText('Email address is invalid')).toBeTruthy();
  });

  it("clears a field's error when that field is edited, and only that one", async () => {
    renderWithProviders(<LoginForm portal="admin" />);
    submit();
    await screen.findByText('Email is required');
    type('Email', 'a');
    expect(screen.queryByText('Email is required')).toBeNull();
    expect(screen.getByText('Password is required')).toBeTruthy();
    type('Password', 'x');
    expect(screen.queryByText('Password is required')).toBeNull();
  });

  it("shows the server's message for wrong credentials", async () => {
    const fetchMock = vi.fn(answerFetch(401, { error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' } }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<LoginForm portal="admin" />);
    type('Email', 'admin@example.com');
    type('Password', 'wrong');
    submit();
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/login');
    expect((init.headers as Record<string, string>)['x-portal-csrf']).toBe('1');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'admin@example.com', password: 'wrong', remember: false, portal: 'admin' });
  });

  it("shows the server's message when the address is throttled", async () => {
    const message = 'Too many attempts from your address. Please try again in 42 seconds.';
    vi.stubGlobal('fetch', vi.fn(answerFetch(429, { error: { code: 'RATE_LIMITED', message } })));
    renderWithProviders(<LoginForm portal="admin" />);
    type('Email', 'admin@example.com');
    type('Password', 'wrong');
    submit();
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('shows a generic message when the server fails', async () => {
    vi.stubGlobal('fetch', vi.fn(answerFetch(500, { error: { code: 'INTERNAL', message: 'boom' } })));
    renderWithProviders(<LoginForm portal="customer" />);
    type('Email', 'customer@example.com');
    type('Password', 'Portal-Demo-1');
    submit();
    expect(await screen.findByText('Login failed. Please try again.')).toBeTruthy();
    expect(screen.queryByText('boom')).toBeNull();
  });

  it('pre-fills the remembered email and keeps it after a sign-in with Remember me', async () => {
    localStorage.setItem('rememberedUser', 'old@example.com');
    const user = { id: '00000000-0000-4000-8000-000000000000', name: 'A', email: 'new@example.com' };
    vi.stubGlobal('fetch', vi.fn(answerFetch(200, { user })));
    renderWithProviders(<LoginForm portal="customer" />);
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('old@example.com');
    expect((screen.getByLabelText('Remember me') as HTMLInputElement).checked).toBe(true);
    type('Email', 'new@example.com');
    type('Password', 'Portal-Demo-1');
    submit();
    await waitFor(() => expect(localStorage.getItem('rememberedUser')).toBe('new@example.com'));
  });

  it('forgets the email when Remember me is not ticked', async () => {
    localStorage.setItem('rememberedUser', 'old@example.com');
    vi.stubGlobal('fetch', vi.fn(answerFetch(200, { user: { id: 'x' } })));
    renderWithProviders(<LoginForm portal="customer" />);
    fireEvent.click(screen.getByLabelText('Remember me'));
    type('Password', 'Portal-Demo-1');
    submit();
    await waitFor(() => expect(localStorage.getItem('rememberedUser')).toBeNull());
  });
});

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

  describe('the two-factor code step', () => {
    const challenge = { challengeId: 'c'.repeat(43), expiresAt: '2030-01-01T00:00:00.000Z', mode: 'every_login' };
    /** Answers the sign-in with the code step, then each code with the given answers in turn. */
    function answers(...next: [number, unknown][]) {
      const queue = [[200, { twoFactor: challenge }] as [number, unknown], ...next];
      const fetchMock = vi.fn(async () => {
        const [status, body] = queue.shift() ?? [500, {}];
        return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      });
      vi.stubGlobal('fetch', fetchMock);
      return fetchMock;
    }
    const signInWithPassword = async () => {
      type('Email', 'two@example.com');
      type('Password', 'Portal-Demo-1');
      submit();
      return screen.findByLabelText('Verification code');
    };
    const verify = () => fireEvent.click(screen.getByRole('button', { name: 'Verify' }));

    it('asks the code after the right password, with the spec message for anything but 6 digits', async () => {
      const fetchMock = answers([401, { error: { code: 'INVALID_CODE', message: 'The code is incorrect or has already been used.' } }]);
      renderWithProviders(<LoginForm portal="customer" />);
      await signInWithPassword();
      type('Verification code', '12345');
      verify();
      expect(await screen.findByText('Please enter a valid 6-digit verification code')).toBeTruthy();
      expect(fetchMock).toHaveBeenCalledTimes(1);
      type('Verification code', '123456');
      verify();
      expect(await screen.findByText('The code is incorrect or has already been used.')).toBeTruthy();
      const [url, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
      expect(url).toBe('/api/auth/login/two-factor');
      expect(JSON.parse(String(init.body))).toEqual({ challengeId: challenge.challengeId, code: '123456' });
    });

    it('takes a recovery code instead', async () => {
      const fetchMock = answers([200, { user: { id: 'x' } }]);
      renderWithProviders(<LoginForm portal="customer" />);
      await signInWithPassword();
      fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
      type('Recovery code', 'k7m2q-x9hpt');
      verify();
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
      const [, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
      expect(JSON.parse(String(init.body)).code).toBe('k7m2q-x9hpt');
    });

    it('goes back to the password with the message when the step expired', async () => {
      answers([401, { error: { code: 'CHALLENGE_EXPIRED', message: 'Too many incorrect codes. Please sign in again.' } }]);
      renderWithProviders(<LoginForm portal="customer" />);
      await signInWithPassword();
      type('Verification code', '123456');
      verify();
      expect(await screen.findByText('Too many incorrect codes. Please sign in again.')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
      expect(screen.queryByLabelText('Verification code')).toBeNull();
    });
  });
});

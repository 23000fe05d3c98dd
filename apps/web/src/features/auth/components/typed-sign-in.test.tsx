import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SUBMIT_MARK, SUBMIT_REQUESTED } from '../../../sign-in-marks.ts';
import { answerFetch, renderWithProviders } from '../../../test/render.tsx';
import { LoginForm } from './login-form.tsx';
import { keepTypedSignIn, restoreTypedFocus, typedSignIn } from './typed-sign-in.ts';

/** The prerendered form as the build draws it (apps/web/src/sign-in-prerender.tsx), reduced to its fields. */
function prerendered(): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = `<form><input type="email" autocomplete="username" /><input type="password" autocomplete="current-password" />
    <input type="checkbox" /><button type="button" ${SUBMIT_MARK}>Sign in</button></form>`;
  document.body.append(root);
  return root;
}
const field = (root: HTMLElement, name: string) =>
  root.querySelector<HTMLInputElement>(`input[autocomplete="${name}"]`) as HTMLInputElement;

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
});

describe('what was typed into the prerendered sign-in form (decision 0052)', () => {
  it('starts the live form with it, and puts the caret back where it was', async () => {
    const root = prerendered();
    field(root, 'username').value = 'ann@example.com';
    const password = field(root, 'current-password');
    password.value = 'secret-pass';
    password.focus();
    password.setSelectionRange(3, 3);
    root.querySelector<HTMLInputElement>('input[type="checkbox"]')?.click();
    keepTypedSignIn(root);
    root.remove();

    const { container } = renderWithProviders(<LoginForm portal="customer" />);
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ann@example.com');
    const live = screen.getByLabelText('Password') as HTMLInputElement;
    expect(live.value).toBe('secret-pass');
    expect((screen.getByLabelText('Remember me') as HTMLInputElement).checked).toBe(true);
    restoreTypedFocus(container);
    expect(document.activeElement).toBe(live);
    expect(live.selectionStart).toBe(3);
  });

  it('leaves the focus to the live form and uses the remembered email when nothing was typed', () => {
    localStorage.setItem('rememberedUser', 'kept@example.com');
    const root = prerendered();
    field(root, 'username').focus();
    keepTypedSignIn(root);
    root.remove();
    expect(typedSignIn()?.focus).toBeNull();

    renderWithProviders(<LoginForm portal="customer" />);
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('kept@example.com');
    expect((screen.getByLabelText('Remember me') as HTMLInputElement).checked).toBe(true);
    // the remembered email: the live form's own autofocus on the password
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
  });

  it('signs in once when Sign in was pressed before the live form was drawn', async () => {
    const fetchMock = vi.fn(answerFetch(401, { error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' } }));
    vi.stubGlobal('fetch', fetchMock);
    const root = prerendered();
    field(root, 'username').value = 'ann@example.com';
    field(root, 'current-password').value = 'wrong';
    root.querySelector('form')?.setAttribute(SUBMIT_REQUESTED, '');
    keepTypedSignIn(root);
    root.remove();

    renderWithProviders(<LoginForm portal="admin" />);
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/login');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'ann@example.com', password: 'wrong', remember: false, portal: 'admin' });
    // a second form (the page drawn again) does not sign in again
    renderWithProviders(<LoginForm portal="admin" />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  });

  it('does not sign in by itself when Sign in was not pressed', async () => {
    const fetchMock = vi.fn(answerFetch(200, {}));
    vi.stubGlobal('fetch', fetchMock);
    const root = prerendered();
    field(root, 'username').value = 'ann@example.com';
    field(root, 'current-password').value = 'secret-pass';
    keepTypedSignIn(root);
    root.remove();
    renderWithProviders(<LoginForm portal="admin" />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

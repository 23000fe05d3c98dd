import { DEFAULT_SETTINGS, type TSystemSettingsView } from '@portal/contract/settings';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFetch, renderWithProviders } from '../../../test/render.tsx';
import { toastSuccess } from '../../../ui/toast.ts';
import { SettingsTabForm } from './settings-form.tsx';

vi.mock('../../../ui/toast.ts', () => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));

const { smtpPassword: _password, ...rest } = DEFAULT_SETTINGS;
const VIEW: TSystemSettingsView = { ...rest, smtpPasswordSet: true };
const noop = () => undefined;
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

afterEach(() => vi.unstubAllGlobals());

describe('SettingsTabForm', () => {
  it('shows a bound on the field and sends nothing', async () => {
    const fetchMock = vi.fn(answerFetch(200, VIEW));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<SettingsTabForm tab="security" view={VIEW} canWrite onDirtyChange={noop} />);
    type('Session Timeout', '2');
    save();
    expect(await screen.findByText('Enter a whole number from 5 to 1,440 minutes')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("saves the tab's settings, says so, and puts the server's field errors on the fields", async () => {
    const fetchMock = vi.fn(answerFetch(200, { ...VIEW, sessionTimeout: 45 }));
    vi.stubGlobal('fetch', fetchMock);
    const dirty = vi.fn();
    renderWithProviders(<SettingsTabForm tab="security" view={VIEW} canWrite onDirtyChange={dirty} />);
    type('Session Timeout', '45');
    await waitFor(() => expect(dirty).toHaveBeenLastCalledWith('security', true));
    save();
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Settings saved successfully'));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/settings');
    expect(init.method).toBe('PUT');
    const body = JSON.parse(String(init.body));
    expect(body.sessionTimeout).toBe(45);
    expect(body).not.toHaveProperty('companyName');
    await waitFor(() => expect(dirty).toHaveBeenLastCalledWith('security', false));

    vi.stubGlobal(
      'fetch',
      vi.fn(
        answerFetch(400, {
          error: { code: 'VALIDATION_FAILED', message: 'Check the fields', fields: { failedLoginAttempts: 'Too many' } },
        }),
      ),
    );
    type('Session Timeout', '50');
    save();
    expect(await screen.findByText('Too many')).toBeTruthy();
  });

  it('sends the SMTP password only when one is typed', async () => {
    const fetchMock = vi.fn(answerFetch(200, VIEW));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <SettingsTabForm tab="email" view={VIEW} canWrite onDirtyChange={noop} extraHelp={{ smtpPassword: 'A password is saved.' }} />,
    );
    expect(screen.getByText(/A password is saved\./)).toBeTruthy();
    type('SMTP Server', 'mail.example.com');
    save();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).not.toHaveProperty('smtpPassword');
  });

  it('is read-only without settings.write', () => {
    renderWithProviders(<SettingsTabForm tab="general" view={VIEW} canWrite={false} onDirtyChange={noop} />);
    expect((screen.getByLabelText('Company Name') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

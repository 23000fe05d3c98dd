import type { TNotificationSettings } from '@portal/contract/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Call, defaultSettings, fakeServer, notification, renderScreen } from '../test-support.tsx';
import { NotificationSettingsPage, SECURITY_NOTE } from './notification-settings-page.tsx';

const SLOW = { timeout: 15_000 };

function setup() {
  let settings: TNotificationSettings = defaultSettings();
  const calls = fakeServer(null, {
    'GET /api/notifications': { items: [notification()], unreadCount: 1 },
    'GET /api/notifications/settings': () => settings,
    'PUT /api/notifications/settings': (c: Call) => {
      const body = c.body as Partial<TNotificationSettings>;
      settings = { flags: { ...settings.flags, ...body.flags }, preferences: { ...settings.preferences, ...body.preferences } };
      return settings;
    },
  });
  const rendered = renderScreen(<NotificationSettingsPage />, { path: '/admin/notifications/settings' });
  return { calls, ...rendered };
}

const toggle = (name: string) => screen.getByRole('switch', { name: new RegExp(`^${name}`) }) as HTMLInputElement;

describe('NotificationSettingsPage', { timeout: 60_000 }, () => {
  it('shows the five groups with the flags at their defaults and the security note', async () => {
    setup();
    expect(await screen.findByRole('switch', { name: /^Invoice generated/ }, SLOW)).toBeTruthy();
    for (const group of ['Billing', 'Usage', 'Service', 'Security', 'Communication'])
      expect(screen.getByRole('heading', { name: group, level: 2 })).toBeTruthy();
    expect(screen.getAllByRole('switch')).toHaveLength(20);
    expect(toggle('New features and updates').checked).toBe(false);
    expect(toggle('SMS notifications').checked).toBe(false);
    expect(toggle('Sign-in attempts').checked).toBe(true);
    expect(screen.getByText(SECURITY_NOTE)).toBeTruthy();
    // the list actions, as on the center
    expect(screen.getByRole('button', { name: /mark all read/i })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: /clear all/i })).toBeTruthy();
  });

  it('saves the flags alone with Save Settings', async () => {
    const { calls } = setup();
    fireEvent.click(await screen.findByRole('switch', { name: /^Usage reaches 75% of budget/ }, SLOW));
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Notification settings saved successfully', {}, SLOW)).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ flags: { ...defaultSettings().flags, usageThreshold75: false } });
    expect(toggle('Usage reaches 75% of budget').checked).toBe(false);
  });

  it('asks before leaving with unsaved changes; Cancel goes back to the center', async () => {
    const { router } = setup();
    fireEvent.click(await screen.findByRole('switch', { name: /^Weekly digest/ }, SLOW));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' }, SLOW);
    fireEvent.click(dialog.querySelector('button[data-autofocus]') as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/notifications'));
  });
});

import { PERMISSIONS } from '@portal/contract/roles';
import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_QUERY_KEY } from '../../../lib/session.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { defaultSettings, FakeEventSource, fakeServer } from '../test-support.tsx';
import { NotificationBell } from './notification-bell.tsx';

const SLOW = { timeout: 15_000 };

const session = {
  user: {
    id: '00000000-0000-4000-8000-0000000000e1',
    name: 'Test User',
    email: 'test@example.com',
    kind: 'customer',
    role: 'Admin',
    roleKey: 'customer:admin',
    portal: 'customer',
    customerId: '00000000-0000-4000-8000-0000000000c1',
    customerName: 'Acme Communications Inc.',
    permissions: Object.keys(PERMISSIONS),
    impersonatedBy: null,
    lastLoginAt: null,
    mustChangePassword: false,
  },
  brand: '382 Communications',
  idleTimeoutMinutes: 30,
  selfRegistration: false,
};

function setup(inAppBadge: boolean) {
  const settings = defaultSettings();
  settings.preferences.inAppBadge = inAppBadge;
  fakeServer({
    'GET /api/auth/session': session,
    'GET /api/shell/summary': { billingBadge: 0, unreadNotifications: 3 },
    'GET /api/notifications/settings': settings,
  });
  const rendered = renderWithProviders(<NotificationBell portal="customer" />);
  rendered.queryClient.setQueryData(SESSION_QUERY_KEY, session);
  return rendered;
}

describe('NotificationBell', { timeout: 60_000 }, () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });

  it('shows the unread count, kept live by the stream', async () => {
    setup(true);
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' }, SLOW)).toBeTruthy();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    act(() => FakeEventSource.last().emit('unread', '{"unread":3}'));
    act(() => FakeEventSource.last().emit('unread', '{"unread":5}'));
    expect(await screen.findByRole('button', { name: 'Notifications, 5 unread' }, SLOW)).toBeTruthy();
  });

  it("hides the count when the user turned 'In-app: Show badge' off", async () => {
    const { queryClient } = setup(false);
    await waitFor(() => expect(queryClient.getQueryData(['notification-settings'])).toBeTruthy(), SLOW);
    await waitFor(() => expect(queryClient.getQueryData(['shell', 'summary'])).toBeTruthy(), SLOW);
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(screen.queryByText('3')).toBeNull();
  });
});

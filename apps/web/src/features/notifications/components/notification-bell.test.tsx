import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../../test/fake-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { defaultSettings, FakeEventSource, fakeServer } from '../test-support.tsx';
import { NotificationBell } from './notification-bell.tsx';

const SLOW = { timeout: 15_000 };

function setup(inAppBadge: boolean) {
  const settings = defaultSettings();
  settings.preferences.inAppBadge = inAppBadge;
  fakeServer('customer:admin', {
    'GET /api/shell/summary': { billingBadge: 0, unreadNotifications: 3 },
    'GET /api/notifications/settings': settings,
  });
  return signedIn(renderWithProviders(<NotificationBell portal="customer" />), 'customer:admin');
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

import type { TNotification } from '@portal/contract/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLEAR_ALL_QUESTION } from '../components/notification-list-actions.tsx';
import { type Call, defaultSettings, fakeServer, notification, renderScreen } from '../test-support.tsx';
import { MAX_LIMIT, NotificationsPage, nextLimit, PAGE_SIZE } from './notifications-page.tsx';

/** A busy machine renders Mantine slowly: the first answers may take a few seconds. */
const SLOW = { timeout: 15_000 };

/** A small server: the list (honouring limit), read/unread/read-all/clear, and the settings. */
function setup(initial: TNotification[]) {
  let items = initial;
  let settings = defaultSettings();
  const setRead = (read: boolean) => (c: Call) => {
    const id = c.url.pathname.split('/')[3];
    items = items.map((i) => (i.id === id ? { ...i, read } : i));
    return { ok: true };
  };
  const calls = fakeServer(null, {
    'GET /api/notifications': (c: Call) => ({
      items: items.slice(0, Number(c.url.searchParams.get('limit') ?? 20)),
      unreadCount: items.filter((i) => !i.read).length,
    }),
    'POST /api/notifications/read-all': () => {
      items = items.map((i) => ({ ...i, read: true }));
      return { ok: true };
    },
    'DELETE /api/notifications': () => {
      items = [];
      return { ok: true };
    },
    'GET /api/notifications/settings': () => settings,
    'PUT /api/notifications/settings': (c: Call) => {
      const body = c.body as { preferences?: object; flags?: object };
      settings = { flags: { ...settings.flags, ...body.flags }, preferences: { ...settings.preferences, ...body.preferences } };
      return settings;
    },
    ...Object.fromEntries(
      initial.flatMap((i) => [
        [`POST /api/notifications/${i.id}/read`, setRead(true)],
        [`POST /api/notifications/${i.id}/unread`, setRead(false)],
      ]),
    ),
  });
  const rendered = renderScreen(<NotificationsPage />);
  return { calls, ...rendered };
}

const row = (title: string) => screen.getByText(title).closest('li') as HTMLElement;

describe('nextLimit', () => {
  it('grows by a page while the last answer was full, up to the server limit', () => {
    expect(nextLimit(PAGE_SIZE, PAGE_SIZE)).toBe(PAGE_SIZE * 2);
    expect(nextLimit(PAGE_SIZE, 7)).toBeNull();
    expect(nextLimit(90, 90)).toBe(MAX_LIMIT);
    expect(nextLimit(MAX_LIMIT, MAX_LIMIT)).toBeNull();
  });
});

describe('NotificationsPage', { timeout: 60_000 }, () => {
  it('lists the notifications with their type and date, unread highlighted, and marks one read and unread', async () => {
    const unread = notification({ title: 'Invoice ready', type: 'Billing', createdAt: '2026-03-05T15:04:00' });
    const read = notification({ title: 'New sign-in', type: 'Security', read: true });
    const { calls } = setup([unread, read]);
    expect(await screen.findByText('Invoice ready', {}, SLOW)).toBeTruthy();
    expect(within(row('Invoice ready')).getByText('03/05/2026 03:04 PM')).toBeTruthy();
    expect(within(row('Invoice ready')).getByText('Billing')).toBeTruthy();
    expect(row('Invoice ready').hasAttribute('data-unread')).toBe(true);
    expect(row('New sign-in').hasAttribute('data-unread')).toBe(false);
    expect(screen.getByText('1 unread')).toBeTruthy();

    fireEvent.click(within(row('Invoice ready')).getByRole('button', { name: 'Mark as read: Invoice ready' }));
    await waitFor(() => expect(row('Invoice ready').hasAttribute('data-unread')).toBe(false));
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === `/api/notifications/${unread.id}/read`)).toBe(true);

    fireEvent.click(within(row('New sign-in')).getByRole('button', { name: 'Mark as unread: New sign-in' }));
    await waitFor(() => expect(row('New sign-in').hasAttribute('data-unread')).toBe(true));
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === `/api/notifications/${read.id}/unread`)).toBe(true);
  });

  it('opens a notification with a link and marks it read', async () => {
    const linked = notification({ title: 'Ticket updated', link: '/customer/support/tickets/1' });
    const { calls, router } = setup([linked]);
    fireEvent.click(await screen.findByRole('link', { name: /Ticket updated/ }, SLOW));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer/support/tickets/1'));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === `/api/notifications/${linked.id}/read`)).toBe(true));
  });

  it('marks all read, and clears all only after confirming', async () => {
    const { calls } = setup([notification({ title: 'One' }), notification({ title: 'Two' })]);
    await screen.findByText('One', {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: /mark all read/i }));
    expect(await screen.findByText('All notifications marked as read', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: /mark all read/i })).toHaveProperty('disabled', true));

    fireEvent.click(screen.getByRole('button', { name: /clear all/i }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear all notifications' }, SLOW);
    expect(within(dialog).getByText(CLEAR_ALL_QUESTION)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: /clear all/i }));
    fireEvent.click(within(await screen.findByRole('dialog', {}, SLOW)).getByRole('button', { name: 'Clear All' }));
    expect(await screen.findByText('Notification log cleared', {}, SLOW)).toBeTruthy();
    expect(await screen.findByText('You have no notifications.', {}, SLOW)).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname === '/api/notifications')).toBe(true);
  });

  it('loads more by a page while the list is full', async () => {
    const many = Array.from({ length: PAGE_SIZE + 5 }, (_, i) => notification({ title: `Item ${i + 1}`, read: true }));
    const { calls } = setup(many);
    expect(await screen.findByText(`Item ${PAGE_SIZE}`, {}, SLOW)).toBeTruthy();
    expect(screen.queryByText(`Item ${PAGE_SIZE + 1}`)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText(`Item ${PAGE_SIZE + 5}`, {}, SLOW)).toBeTruthy();
    expect(calls.some((c) => c.url.searchParams.get('limit') === String(PAGE_SIZE * 2))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('saves the preferences alone, from the top or the bottom button', async () => {
    const { calls } = setup([]);
    expect(await screen.findByText('You have no notifications.', {}, SLOW)).toBeTruthy();
    const marketing = await screen.findByRole('checkbox', { name: 'Email: Marketing' }, SLOW);
    expect((marketing as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: /In-app: Show badge/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(marketing);
    const [top, bottom] = screen.getAllByRole('button', { name: 'Save Preferences' });
    expect(bottom).toBeTruthy();
    fireEvent.click(top as HTMLElement);
    expect(await screen.findByText('Notification settings saved', {}, SLOW)).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ preferences: { ...defaultSettings().preferences, emailMarketing: true } });
  });
});

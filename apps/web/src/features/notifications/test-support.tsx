import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { TNotification, TNotificationSettings } from '@portal/contract/notifications';
import { DEFAULT_NOTIFICATION_FLAGS, DEFAULT_NOTIFICATION_PREFERENCES } from '@portal/contract/settings';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { theme } from '../../app/theme.ts';

/** Notification component tests: a fake server answering by method and path, and a data router (the unsaved-changes guard needs one). */

let n = 0;
export function notification(over: Partial<TNotification> = {}): TNotification {
  n++;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    type: 'Billing',
    title: `Notice ${n}`,
    message: `Message ${n}`,
    link: null,
    read: false,
    createdAt: '2026-03-05T15:04:00.000Z',
    ...over,
  };
}

export function defaultSettings(): TNotificationSettings {
  return {
    flags: { ...DEFAULT_NOTIFICATION_FLAGS } as TNotificationSettings['flags'],
    preferences: { ...DEFAULT_NOTIFICATION_PREFERENCES } as TNotificationSettings['preferences'],
  };
}

export { type Call, fakeServer } from '../../test/fake-server.ts';

/** Renders a screen at `path` in a data router (other paths render their name), with the app's providers and toasts. */
export function renderScreen(ui: ReactNode, options: { path?: string; pattern?: string } = {}) {
  const path = options.path ?? '/customer/notifications';
  const pattern = options.pattern ?? path;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: pattern, element: ui },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <Notifications />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, queryClient, router };
}

/** Stands in for the browser's EventSource (jsdom has none). */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  private listeners = new Map<string, Set<(event: Event) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: Event) => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)?.add(listener);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, data?: string) {
    if (type !== 'error') this.readyState = FakeEventSource.OPEN;
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data }));
  }
  static last(): FakeEventSource {
    const source = FakeEventSource.instances.at(-1);
    if (!source) throw new Error('no EventSource opened');
    return source;
  }
}

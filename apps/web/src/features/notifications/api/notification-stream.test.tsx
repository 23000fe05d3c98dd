import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHELL_SUMMARY_QUERY_KEY } from '../../../shell/api/shell-summary-key.ts';
import { FakeEventSource } from '../test-support.tsx';
import { NOTIFICATION_STREAM_PATH, STREAM_RETRY_MS, unreadOf, useNotificationStream } from './notification-stream.ts';
import { NOTIFICATIONS_QUERY_KEY } from './notifications.ts';

function setup(who: string | null = 'user-1') {
  const queryClient = new QueryClient();
  queryClient.setQueryData(SHELL_SUMMARY_QUERY_KEY, { billingBadge: 2, unreadNotifications: 3 });
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const hook = renderHook(({ id }: { id: string | null }) => useNotificationStream(id), { wrapper, initialProps: { id: who } });
  return { queryClient, invalidate, hook };
}

const unreadInCache = (queryClient: QueryClient) =>
  (queryClient.getQueryData(SHELL_SUMMARY_QUERY_KEY) as { unreadNotifications: number }).unreadNotifications;

describe('unreadOf', () => {
  it('reads the count of an unread event and refuses anything else', () => {
    expect(unreadOf('{"unread":4}')).toBe(4);
    expect(unreadOf('{"unread":0}')).toBe(0);
    expect(unreadOf('{"unread":-1}')).toBeNull();
    expect(unreadOf('{"count":4}')).toBeNull();
    expect(unreadOf('not json')).toBeNull();
    expect(unreadOf(undefined)).toBeNull();
  });
});

describe('useNotificationStream', () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => vi.useRealTimers());

  it('sets the shell badge on each unread event and stales the lists after the first', () => {
    const { queryClient, invalidate } = setup();
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(FakeEventSource.last().url).toBe(NOTIFICATION_STREAM_PATH);

    act(() => FakeEventSource.last().emit('unread', '{"unread":3}'));
    expect(unreadInCache(queryClient)).toBe(3);
    expect(invalidate).not.toHaveBeenCalled();

    act(() => FakeEventSource.last().emit('unread', '{"unread":7}'));
    expect(unreadInCache(queryClient)).toBe(7);
    expect(queryClient.getQueryData(SHELL_SUMMARY_QUERY_KEY)).toMatchObject({ billingBadge: 2 });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: NOTIFICATIONS_QUERY_KEY });
  });

  it('opens nothing while signed out, and closes on sign-out and on unmount', () => {
    const { hook } = setup(null);
    expect(FakeEventSource.instances).toHaveLength(0);
    hook.rerender({ id: 'user-1' });
    const first = FakeEventSource.last();
    hook.rerender({ id: null });
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    hook.rerender({ id: 'user-2' });
    const second = FakeEventSource.last();
    expect(second).not.toBe(first);
    hook.unmount();
    expect(second.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('leaves reconnecting to the browser, and tries again itself when the browser gave up', () => {
    vi.useFakeTimers();
    const { hook } = setup();
    const source = FakeEventSource.last();
    // a dropped connection: the browser is reconnecting (CONNECTING)
    source.readyState = FakeEventSource.CONNECTING;
    act(() => source.emit('error'));
    vi.advanceTimersByTime(STREAM_RETRY_MS);
    expect(FakeEventSource.instances).toHaveLength(1);
    // an answer the browser does not retry (CLOSED): a new source after a while
    source.readyState = FakeEventSource.CLOSED;
    act(() => source.emit('error'));
    expect(FakeEventSource.instances).toHaveLength(1);
    vi.advanceTimersByTime(STREAM_RETRY_MS);
    expect(FakeEventSource.instances).toHaveLength(2);
    hook.unmount();
    expect(FakeEventSource.last().readyState).toBe(FakeEventSource.CLOSED);
  });
});

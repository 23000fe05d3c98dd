import type { TShellSummary } from '@portal/contract/shell';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SHELL_SUMMARY_QUERY_KEY } from '../../../shell/api/shell-summary-key.ts';
import { NOTIFICATIONS_QUERY_KEY } from './notifications.ts';

export const NOTIFICATION_STREAM_PATH = '/api/notifications/stream';
/** After an answer the browser does not retry by itself (a 401, a 5xx), the next try. */
export const STREAM_RETRY_MS = 30_000;

/** The unread count of an `unread` event's data ({"unread": N}); null when unreadable. */
export function unreadOf(data: unknown): number | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(data);
    const unread = (parsed as { unread?: unknown } | null)?.unread;
    return typeof unread === 'number' && Number.isInteger(unread) && unread >= 0 ? unread : null;
  } catch {
    return null;
  }
}

/**
 * The live unread count: one EventSource on the server's stream while `who` (the signed-in user)
 * is set. Each `unread` event sets the shell's badge figure and stales the notification lists (the
 * first one on mount only sets the figure: the lists were just read). The browser reconnects by
 * itself after a dropped connection (the server asks for 5 s); an answer it gives up on (401 after
 * a sign-out elsewhere, a 5xx) is tried again after STREAM_RETRY_MS. Closed on unmount, sign-out
 * or a change of user.
 */
export function useNotificationStream(who: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!who || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let first = true;

    const onUnread = (event: MessageEvent) => {
      const unread = unreadOf(event.data);
      if (unread === null) return;
      queryClient.setQueryData<TShellSummary>(SHELL_SUMMARY_QUERY_KEY, (summary) =>
        summary && summary.unreadNotifications !== unread ? { ...summary, unreadNotifications: unread } : summary,
      );
      if (!first) void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
      first = false;
    };

    const open = () => {
      const next = new EventSource(NOTIFICATION_STREAM_PATH);
      source = next;
      next.addEventListener('unread', onUnread as EventListener);
      next.addEventListener('error', () => {
        // a reconnection may have missed changes: its first count stales the lists
        first = false;
        // CONNECTING: the browser retries by itself. CLOSED: it gave up; try again later.
        if (next.readyState !== EventSource.CLOSED || stopped) return;
        next.close();
        retry = setTimeout(open, STREAM_RETRY_MS);
      });
    };

    open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [who, queryClient]);
}

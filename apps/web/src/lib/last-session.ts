import type { TSessionResponse } from '@portal/contract/auth';
import type { QueryClient } from '@tanstack/react-query';
import { SESSION_QUERY_KEY } from './session.ts';

/** What this browser last heard of the session: the brand and settings, and whether someone was signed in. */
const LAST_SESSION_KEY = 'lastSession';
type LastSession = Omit<TSessionResponse, 'user'> & { signedIn: boolean };

/** null when storage is unavailable or holds something else. */
function readLastSession(): Partial<LastSession> | null {
  try {
    const last: unknown = JSON.parse(localStorage.getItem(LAST_SESSION_KEY) ?? '{}');
    return last !== null && typeof last === 'object' ? last : null;
  } catch {
    return null;
  }
}

/**
 * For a sign-in page's first load: the sign-in form shows without waiting for the session's
 * answer. Unless the last answer this browser heard had someone signed in, the page starts from
 * "nobody is signed in" (with that answer's brand and settings) while the session is asked for as
 * before. A signed-in user's page still waits for the answer, so they go on to their portal without
 * a flash of the form.
 * `signedOut`: the server already knows nobody is signed in (it sent the sign-in page drawn at build
 * time, to a browser without a session cookie), with the brand it wrote into the page.
 */
export function assumeLastSession(queryClient: QueryClient, signedOut?: { brand: string }): void {
  const last = readLastSession() ?? (signedOut ? {} : null);
  if (last === null || (last.signedIn === true && !signedOut)) return;
  const assumed: TSessionResponse = {
    brand: signedOut?.brand || (typeof last.brand === 'string' ? last.brand : ''),
    idleTimeoutMinutes: typeof last.idleTimeoutMinutes === 'number' ? last.idleTimeoutMinutes : 30,
    selfRegistration: last.selfRegistration === true,
    user: null,
  };
  // stale from the start: the session is read at once, and the answer replaces this one
  queryClient.setQueryData(SESSION_QUERY_KEY, assumed, { updatedAt: 0 });
}

/** Keeps each session answer (without the user) for the next sign-in page's first load. */
export function keepLastSession(queryClient: QueryClient): void {
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.query.queryKey[0] !== SESSION_QUERY_KEY[0]) return;
    const answer = event.query.state.data as TSessionResponse | undefined;
    if (!answer) return;
    const { user, ...settings } = answer;
    try {
      localStorage.setItem(LAST_SESSION_KEY, JSON.stringify({ ...settings, signedIn: user !== null } satisfies LastSession));
    } catch {
      // Storage may be unavailable: sign-in pages then wait for the answer, as before.
    }
  });
}

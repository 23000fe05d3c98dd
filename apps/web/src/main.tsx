import './app/base-styles.ts';
// The sign-in page comes with the entry (issue 17): its route's lazy import finds it loaded, so the
// form does not wait for a second round trip; vite.config.ts keeps the first load to a few files.
import './features/auth/pages/login-page.tsx';
import type { TSessionResponse } from '@portal/contract/auth';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { queryClient } from './app/query-client.ts';
import { router } from './app/router.tsx';
import { SESSION_QUERY_KEY, sessionQuery } from './lib/session.ts';

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

// The sign-in form shows without waiting for the session's answer: unless the last answer this
// browser heard had someone signed in, a sign-in page starts from "nobody is signed in" (with that
// answer's brand and settings) while the session is asked for as before. A signed-in user's page
// still waits for the answer, so they go on to their portal without a flash of the form.
const last = readLastSession();
if (last !== null && last.signedIn !== true && /^\/(admin|customer)\/login\/?$/.test(window.location.pathname)) {
  const assumed: TSessionResponse = {
    brand: typeof last.brand === 'string' ? last.brand : '',
    idleTimeoutMinutes: typeof last.idleTimeoutMinutes === 'number' ? last.idleTimeoutMinutes : 30,
    selfRegistration: last.selfRegistration === true,
    user: null,
  };
  // stale from the start: the session is read at once, and the answer replaces this one
  queryClient.setQueryData(SESSION_QUERY_KEY, assumed, { updatedAt: 0 });
}
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

// Ask for the session while the first route's code loads.
void queryClient.prefetchQuery(sessionQuery);

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');

createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);

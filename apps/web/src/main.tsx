import './app/base-styles.ts';
// The sign-in page comes with the entry (issue 17): the server sends sign-in.html for the sign-in
// addresses (sign-in-app.tsx), but the portal app shows the page too when a guard sends a signed-out
// user there, and its route's lazy import then finds it loaded, without a second round trip.
import './features/auth/pages/login-page.tsx';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { queryClient } from './app/query-client.ts';
import { router } from './app/router.tsx';
import { assumeLastSession, keepLastSession } from './lib/last-session.ts';
import { isSignInPath } from './lib/portal.ts';
import { sessionQuery } from './lib/session.ts';

// A sign-in address loaded here (a server that sends index.html for every page) starts as sign-in-app.tsx does.
if (isSignInPath(window.location.pathname)) assumeLastSession(queryClient);
keepLastSession(queryClient);

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

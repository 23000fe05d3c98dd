import './app/base-styles.ts';
import { StrictMode, useEffect } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers.tsx';
import { queryClient } from './app/query-client.ts';
import { SignInGate } from './app/sign-in-gate.tsx';
import { keepTypedSignIn, restoreTypedFocus } from './features/auth/components/typed-sign-in.ts';
import { loginTitle } from './features/auth/pages/login-page.tsx';
import { assumeLastSession, keepLastSession } from './lib/last-session.ts';
import { portalOfPath } from './lib/portal.ts';
import { sessionQuery } from './lib/session.ts';

/**
 * The sign-in page's own entry's live page (issue 17), started by sign-in-main.ts: the server sends
 * sign-in.html for /admin/login and /customer/login. It renders the same sign-in page as the portal
 * app, without react-router's data router and the portal's routes (lib/navigation.tsx); after
 * signing in, the portal app loads.
 */
const root = document.getElementById('root');
if (!root) throw new Error('No #root element');
// The server sent the page drawn at build time (sign-in-prerender.tsx) to a browser without a
// session cookie: nobody is signed in, and what the user typed into it is kept.
const prerendered = root.querySelector('form') !== null;
if (prerendered) keepTypedSignIn(root);
const brand = document.querySelector<HTMLMetaElement>('meta[name="portal-brand"]')?.content ?? '';
assumeLastSession(queryClient, prerendered ? { brand } : undefined);
keepLastSession(queryClient);
// Ask for the session while React renders.
void queryClient.prefetchQuery(sessionQuery);
document.title = loginTitle(portalOfPath(window.location.pathname));

/**
 * Once the page has drawn, and the browser is idle, the portal app's own files and its frame's
 * (named at build time in the page's `portal-files` meta, apps/web/vite.config.ts) load into the
 * cache at the lowest priority, so that the portal does not start from nothing after signing in.
 */
function prefetchPortal(): void {
  const files = document.querySelector<HTMLMetaElement>('meta[name="portal-files"]')?.content.split(' ') ?? [];
  for (const href of files.filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    // as index.html requests them (crossorigin module scripts and stylesheet)
    link.crossOrigin = '';
    document.head.append(link);
  }
}

function PrefetchPortal() {
  useEffect(() => {
    let cancel = () => {};
    // the frame after this one: the page has been drawn
    const frame = requestAnimationFrame(() => {
      const timer = setTimeout(() => {
        if (typeof requestIdleCallback === 'function') {
          const idle = requestIdleCallback(prefetchPortal, { timeout: 2000 });
          cancel = () => cancelIdleCallback(idle);
        } else {
          prefetchPortal();
        }
      });
      cancel = () => clearTimeout(timer);
    });
    cancel = () => cancelAnimationFrame(frame);
    return () => cancel();
  }, []);
  return null;
}

// drawn at once over the prerendered page, so that nothing typed falls between reading and replacing it
const reactRoot = createRoot(root);
flushSync(() =>
  reactRoot.render(
    <StrictMode>
      <Providers>
        <SignInGate />
        <PrefetchPortal />
      </Providers>
    </StrictMode>,
  ),
);
if (prerendered) restoreTypedFocus(root);

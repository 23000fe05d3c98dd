import './app/base-styles.ts';
import type { TSessionResponse } from '@portal/contract/auth';
import { BRAND_SLOT } from '@portal/contract/pages';
import { renderToString } from 'react-dom/server';
import { Providers } from './app/providers.tsx';
import { queryClient } from './app/query-client.ts';
import { LoginPage, loginTitle } from './features/auth/pages/login-page.tsx';
import { NavigationProvider, PlainLink } from './lib/navigation.tsx';
import { type Portal, portalLogin } from './lib/portal.ts';
import { SESSION_QUERY_KEY } from './lib/session.ts';
import { SUBMIT_MARK } from './sign-in-marks.ts';

/**
 * The sign-in pages drawn at build time (issue 17, decision 0052): apps/web/vite.config.ts renders
 * each portal's sign-in page with this module and writes it into sign-in-admin.html and
 * sign-in-customer.html, which the server sends to a browser without a session cookie. The form is
 * then on screen as soon as the HTML and the stylesheet are, before any script has run;
 * sign-in-app.tsx draws the live page over it, keeping what was typed (typed-sign-in.ts).
 * The server writes the brand (PORTAL_BRAND) where BRAND_SLOT stands.
 *
 * The page's markup for #root, and its title.
 */
export function renderSignIn(portal: Portal): { html: string; title: string } {
  // nobody is signed in (the server sends these pages only then), the settings' defaults
  const session: TSessionResponse = { brand: BRAND_SLOT, idleTimeoutMinutes: 30, selfRegistration: false, user: null };
  queryClient.setQueryData(SESSION_QUERY_KEY, session);
  const html = renderToString(
    <NavigationProvider value={{ location: { pathname: portalLogin(portal), state: null }, Link: PlainLink }}>
      <Providers>
        <LoginPage />
      </Providers>
    </NavigationProvider>,
  );
  queryClient.clear();
  // Until the live page is drawn the form must not submit itself (a browser's own submission would
  // put the password in the address): a plain button, and with two text fields, Enter submits nothing.
  // sign-in-main.ts notes a press of it (or of Enter), and the live form then signs in.
  const submits = html.split('type="submit"').length - 1;
  if (submits !== 1) throw new Error(`sign-in prerender: expected one submit button, found ${submits}`);
  return { html: html.replace('type="submit"', `type="button" ${SUBMIT_MARK}`), title: loginTitle(portal) };
}

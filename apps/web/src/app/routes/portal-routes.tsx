import type { RouteObject } from 'react-router';
import { type Portal, portalHome } from '../../lib/route-handle.ts';
import { LoginGate } from '../guards/login-gate.tsx';
import { PortalGate } from '../guards/portal-gate.tsx';
import { lazyScreen } from '../lazy-screen.ts';
import { RouteError } from '../route-error.tsx';
import { redirect, screen } from './route-builders.tsx';

const LOGIN_TITLE: Record<Portal, string> = { admin: 'Admin Login', customer: 'Customer Login' };
const CRUMB: Record<Portal, string> = { admin: 'Admin', customer: 'Customer Portal' };

/** The customer portal's sign-up (settings' allowUserSelfRegistration) and its emailed verification link. */
const customerSignUp: RouteObject[] = [
  {
    path: 'sign-up',
    element: <LoginGate />,
    children: [
      screen(null, { title: 'Create an Account' }, () => import('../../features/auth/pages/sign-up-page.tsx').then((m) => m.SignUpPage)),
    ],
  },
  screen('verify-email', { title: 'Verify Email' }, () =>
    import('../../features/auth/pages/verify-email-page.tsx').then((m) => m.VerifyEmailPage),
  ),
];

/** One portal: its public sign-in pages, then its guarded screens inside the shell. */
export function portalRoutes(portal: Portal, screens: RouteObject[]): RouteObject {
  return {
    path: portalHome(portal).slice(1),
    handle: { crumb: CRUMB[portal] },
    children: [
      {
        path: 'login',
        element: <LoginGate />,
        children: [
          screen(null, { title: LOGIN_TITLE[portal], documentTitle: LOGIN_TITLE[portal] }, () =>
            import('../../features/auth/pages/login-page.tsx').then((m) => m.LoginPage),
          ),
        ],
      },
      screen('forgot-password', { title: 'Forgot Password' }, () =>
        import('../../features/auth/pages/forgot-password-page.tsx').then((m) => m.ForgotPasswordPage),
      ),
      screen('reset-password', { title: 'Reset Password' }, () =>
        import('../../features/auth/pages/reset-password-page.tsx').then((m) => m.ResetPasswordPage),
      ),
      ...(portal === 'customer' ? customerSignUp : []),
      {
        element: <PortalGate portal={portal} />,
        children: [
          {
            lazy: lazyScreen(() => import('../portal-frame.tsx').then((m) => m.PortalFrame)),
            // Errors inside a screen show inside the shell, which stays usable.
            children: [{ errorElement: <RouteError />, children: screens }],
          },
        ],
      },
      redirect('*', portalHome(portal)),
    ],
  };
}

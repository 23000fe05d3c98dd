import { createBrowserRouter, Outlet, ScrollRestoration } from 'react-router';
import { DocumentTitle } from '../shell/document-title.tsx';
import { FullPageLoader } from '../ui/full-page-loader.tsx';
import { HomeRedirect } from './guards/home-redirect.tsx';
import { RouteError } from './route-error.tsx';
import { RouterNavigation } from './router-navigation.tsx';
import { adminScreens } from './routes/admin-routes.tsx';
import { customerScreens } from './routes/customer-routes.tsx';
import { portalRoutes } from './routes/portal-routes.tsx';
import { redirect, screen } from './routes/route-builders.tsx';

function RootLayout() {
  return (
    <RouterNavigation>
      <DocumentTitle />
      <ScrollRestoration />
      <Outlet />
    </RouterNavigation>
  );
}

export const router = createBrowserRouter([
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      { index: true, element: <HomeRedirect /> },
      redirect('login', '/customer/login'),
      portalRoutes('admin', adminScreens),
      portalRoutes('customer', customerScreens),
      screen('terms', { title: 'Terms of Service' }, () => import('../features/legal/pages/terms-page.tsx').then((m) => m.TermsPage)),
      screen('privacy', { title: 'Privacy Policy' }, () => import('../features/legal/pages/privacy-page.tsx').then((m) => m.PrivacyPage)),
      screen('contact', { title: 'Contact Us' }, () => import('../features/support/pages/contact-page.tsx').then((m) => m.ContactPage)),
      redirect('*', '/'),
    ],
  },
]);

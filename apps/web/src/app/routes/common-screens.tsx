import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { lazyScreen } from '../lazy-screen.ts';
import { withAccountPicker } from './compose.tsx';
import { screen } from './route-builders.tsx';

/**
 * The screens both portals have (the admin page in customer mode, ARCHITECTURE.md), declared once:
 * admin-routes.tsx and customer-routes.tsx place them in their trees.
 */

const accountSelect = () => import('../../features/accounts/components/account-select.tsx').then((m) => m.AccountSelect);

/** A screen that picks accounts with the accounts feature's picker, given here where features meet. */
export const withPicker = (load: () => Promise<ComponentType>) => () =>
  Promise.all([load(), accountSelect()]).then(([Screen, picker]) => withAccountPicker(Screen, picker));

export const accountCrumb = { crumb: { record: 'account', param: 'accountId' } } as const;
export const accountLayout = lazyScreen(() =>
  import('../../features/accounts/pages/account-detail-page.tsx').then((m) => m.AccountDetailPage),
);
export const accountGeneral = () => import('../../features/accounts/pages/account-general-tab.tsx').then((m) => m.AccountGeneralTab);
export const numbersPage = withPicker(() => import('../../features/numbers/pages/numbers-page.tsx').then((m) => m.NumbersPage));
export const billingPage = withPicker(() => import('../../features/billing/pages/billing-page.tsx').then((m) => m.BillingPage));
const voicePage = withPicker(() => import('../../features/voice/pages/voice-page.tsx').then((m) => m.VoicePage));
const messagingPage = withPicker(() => import('../../features/messaging/pages/messaging-page.tsx').then((m) => m.MessagingPage));
const apiAccessPage = withPicker(() => import('../../features/api-access/pages/api-access-page.tsx').then((m) => m.ApiAccessPage));
const campaignPage = withPicker(() => import('../../features/messaging/pages/campaign-detail-page.tsx').then((m) => m.CampaignDetailPage));

/**
 * An account's tabs, rendered in the account layout's <Outlet/> (admin spec 2.7; customer document,
 * section 2): the same screens, under each portal's path suffixes.
 */
export function accountTabs({
  general,
  numbers,
  api,
}: {
  /** A General tab of its own beside the index. */
  general: boolean;
  /** The numbers tab's path suffix and crumb. */
  numbers: [string, string];
  /** The API Access tab's path suffix. */
  api: string;
}): RouteObject[] {
  const tab = (crumb: string) => ({ title: 'Account Details', crumb });
  return [
    screen(null, { title: 'Account Details' }, accountGeneral),
    ...(general ? [screen('general', tab('General'), accountGeneral)] : []),
    screen(numbers[0], tab(numbers[1]), numbersPage),
    screen('voice', tab('Voice'), voicePage),
    screen('messaging', tab('Messaging'), messagingPage),
    screen(api, tab('API Access'), apiAccessPage),
    {
      path: 'billing',
      handle: { crumb: 'Billing' },
      children: [
        screen(null, { title: 'Account Details' }, billingPage),
        screen('payment-methods', tab('Payment Methods'), billingPage),
        screen('payment-history', tab('Payment History'), billingPage),
      ],
    },
  ];
}

/** One of billing's tabs as a screen: the document title stays 'Billing', the crumb names the tab. */
export const billingTab = (path: string, crumb: string) => screen(path, { title: 'Billing', crumb }, billingPage);

/** Billing and its tabs: the page, Invoices, the portal's Payment Methods (a tab, or a redirect), Payment History, and any more. */
export const billingScreens = (paymentMethods: RouteObject, ...more: RouteObject[]): RouteObject => ({
  path: 'billing',
  handle: { crumb: 'Billing' },
  children: [
    // The customer page's h1 is 'Billing Management' (customer spec); the document title and the crumb stay 'Billing'.
    screen(null, { title: 'Billing' }, billingPage),
    // a notification's link to an invoice: /<portal>/billing/invoices?invoice=<id>
    billingTab('invoices', 'Invoices'),
    paymentMethods,
    billingTab('payment-history', 'Payment History'),
    ...more,
  ],
});

export const usersScreens: RouteObject = {
  path: 'users',
  handle: { crumb: 'Users' },
  children: [
    screen(null, { title: 'Users' }, () => import('../../features/users/pages/user-list-page.tsx').then((m) => m.UserListPage)),
    screen(':userId', { title: 'User Details', crumb: { record: 'user', param: 'userId' } }, () =>
      import('../../features/users/pages/user-detail-page.tsx').then((m) => m.UserDetailPage),
    ),
  ],
};

export const messagingScreens: RouteObject = {
  path: 'messaging',
  handle: { crumb: 'Messaging' },
  children: [
    screen(null, { title: 'Messaging Tools' }, messagingPage),
    // The 'campaigns' segment has no page of its own, so it has no crumb.
    screen('campaigns/:campaignId', { title: 'Campaign Details' }, campaignPage),
  ],
};

export const voiceScreen = screen('voice', { title: 'Voice Services', crumb: 'Voice' }, voicePage);
export const apiAccessScreen = screen('api', { title: 'API Access' }, apiAccessPage);

// The 'tickets' segment has no page of its own, so it has no crumb.
export const ticketScreen = screen('tickets/:ticketId', { title: 'Ticket Details' }, () =>
  import('../../features/support/pages/ticket-detail-page.tsx').then((m) => m.TicketDetailPage),
);

export const reportsScreen = screen('reports', { title: 'Reports' }, () =>
  import('../../features/reports/pages/reports-page.tsx').then((m) => m.ReportsPage),
);

export const notificationsScreens: RouteObject = {
  path: 'notifications',
  handle: { crumb: 'Notifications' },
  children: [
    // the Notification Center, and its separate settings page (the flags by event)
    screen(null, { title: 'Notifications' }, () =>
      import('../../features/notifications/pages/notifications-page.tsx').then((m) => m.NotificationsPage),
    ),
    screen('settings', { title: 'Notification Settings' }, () =>
      import('../../features/notifications/pages/notification-settings-page.tsx').then((m) => m.NotificationSettingsPage),
    ),
  ],
};

export const myProfileScreen = screen('my-profile', { title: 'My Profile' }, () =>
  import('../../features/users/pages/my-profile-page.tsx').then((m) => m.MyProfilePage),
);

import type { RouteObject } from 'react-router';
import { lazyScreen } from '../lazy-screen.ts';
import { withAccountPicker, withTab } from './compose.tsx';
import { redirect, screen } from './route-builders.tsx';

const accountLayout = lazyScreen(() => import('../../features/accounts/pages/account-detail-page.tsx').then((m) => m.AccountDetailPage));
const accountGeneral = () => import('../../features/accounts/pages/account-general-tab.tsx').then((m) => m.AccountGeneralTab);
const accountSelect = () => import('../../features/accounts/components/account-select.tsx').then((m) => m.AccountSelect);
// Numbers and voice pick accounts with the accounts feature's picker, given here where features meet.
const numbersPage = () =>
  Promise.all([import('../../features/numbers/pages/numbers-page.tsx'), accountSelect()]).then(([m, picker]) =>
    withAccountPicker(m.NumbersPage, picker),
  );
const voicePage = () =>
  Promise.all([import('../../features/voice/pages/voice-page.tsx'), accountSelect()]).then(([m, picker]) =>
    withAccountPicker(m.VoicePage, picker),
  );
const supportCenterPage = () =>
  Promise.all([import('../../features/support/pages/support-center-page.tsx'), accountSelect()]).then(([m, picker]) =>
    withAccountPicker(m.SupportCenterPage, picker),
  );
const messagingPage = () =>
  Promise.all([import('../../features/messaging/pages/messaging-page.tsx'), accountSelect()]).then(([m, picker]) =>
    withAccountPicker(m.MessagingPage, picker),
  );
const apiAccessPage = () =>
  Promise.all([import('../../features/api-access/pages/api-access-page.tsx'), accountSelect()]).then(([m, picker]) =>
    withAccountPicker(m.ApiAccessPage, picker),
  );
const campaignPage = () =>
  Promise.all([import('../../features/messaging/pages/campaign-detail-page.tsx'), accountSelect()]).then(([m, picker]) =>
    withAccountPicker(m.CampaignDetailPage, picker),
  );
const billing = () =>
  Promise.all([import('../../features/billing/pages/billing-page.tsx'), accountSelect()]).then(([m, picker]) =>
    withAccountPicker(m.BillingPage, picker),
  );
const accountCrumb = { crumb: { record: 'account', param: 'accountId' } } as const;

/**
 * A sub-account's tabs: General, Numbers, Voice, Messaging, API, Billing (customer document,
 * section 2), rendered in the account layout's <Outlet/> (the admin page in customer mode).
 */
const accountTabs: RouteObject[] = [
  screen(null, { title: 'Account Details' }, accountGeneral),
  screen('numbers', { title: 'Account Details', crumb: 'Numbers' }, numbersPage),
  screen('voice', { title: 'Account Details', crumb: 'Voice' }, voicePage),
  screen('messaging', { title: 'Account Details', crumb: 'Messaging' }, messagingPage),
  screen('api', { title: 'Account Details', crumb: 'API Access' }, apiAccessPage),
  {
    path: 'billing',
    handle: { crumb: 'Billing' },
    children: [
      screen(null, { title: 'Account Details' }, billing),
      screen('payment-methods', { title: 'Account Details', crumb: 'Payment Methods' }, billing),
      screen('payment-history', { title: 'Account Details', crumb: 'Payment History' }, billing),
    ],
  },
];

/** The customer portal's screens, rendered inside the shell. */
export const customerScreens: RouteObject[] = [
  screen(null, { title: 'Dashboard' }, () =>
    import('../../features/dashboard/pages/customer-dashboard-page.tsx').then((m) => m.CustomerDashboardPage),
  ),
  screen('profile', { title: 'Company Profile' }, () =>
    import('../../features/company/pages/company-profile-page.tsx').then((m) => m.CompanyProfilePage),
  ),
  {
    path: 'company-info',
    handle: { crumb: 'Company Info' },
    children: [
      screen(null, { title: 'Company Info' }, () =>
        Promise.all([
          import('../../features/company/pages/company-info-page.tsx'),
          import('../../features/accounts/components/account-panels.tsx'),
        ]).then(([m, accounts]) => withTab(m.CompanyInfoPage, { AccountsTab: accounts.CompanyAccountsPanel })),
      ),
      // The 'accounts' segment has no page of its own here, so it has no crumb.
      {
        path: 'accounts/:accountId',
        handle: accountCrumb,
        lazy: accountLayout,
        children: [screen(null, { title: 'Account Details' }, accountGeneral)],
      },
    ],
  },
  {
    path: 'accounts',
    handle: { crumb: 'Accounts' },
    children: [
      screen(null, { title: 'Sub-accounts' }, () =>
        import('../../features/accounts/pages/account-list-page.tsx').then((m) => m.AccountListPage),
      ),
      { path: ':accountId', handle: accountCrumb, lazy: accountLayout, children: accountTabs },
    ],
  },
  {
    path: 'users',
    handle: { crumb: 'Users' },
    children: [
      screen(null, { title: 'Users' }, () => import('../../features/users/pages/user-list-page.tsx').then((m) => m.UserListPage)),
      screen(':userId', { title: 'User Details', crumb: { record: 'user', param: 'userId' } }, () =>
        import('../../features/users/pages/user-detail-page.tsx').then((m) => m.UserDetailPage),
      ),
    ],
  },
  {
    path: 'billing',
    handle: { crumb: 'Billing' },
    children: [
      // The page's h1 is 'Billing Management' (customer spec); the document title and the crumb stay 'Billing'.
      screen(null, { title: 'Billing' }, billing),
      // a notification's link to an invoice: /customer/billing/invoices?invoice=<id>
      screen('invoices', { title: 'Billing', crumb: 'Invoices' }, billing),
      screen('payment-methods', { title: 'Billing', crumb: 'Payment Methods' }, billing),
      screen('payment-history', { title: 'Billing', crumb: 'Payment History' }, billing),
    ],
  },
  screen('numbers', { title: 'Numbers' }, numbersPage),
  {
    path: 'messaging',
    handle: { crumb: 'Messaging' },
    children: [
      screen(null, { title: 'Messaging Tools' }, messagingPage),
      // The 'campaigns' segment has no page of its own, so it has no crumb.
      screen('campaigns/:campaignId', { title: 'Campaign Details' }, campaignPage),
    ],
  },
  redirect('compliance', '/customer/messaging'),
  screen('voice', { title: 'Voice Services', crumb: 'Voice' }, voicePage),
  screen('api', { title: 'API Access' }, apiAccessPage),
  {
    path: 'support',
    handle: { crumb: 'Support' },
    children: [
      screen(null, { title: 'Support Center' }, supportCenterPage),
      // The 'tickets' segment has no page of its own, so it has no crumb.
      screen('tickets/:ticketId', { title: 'Ticket Details' }, () =>
        import('../../features/support/pages/ticket-detail-page.tsx').then((m) => m.TicketDetailPage),
      ),
    ],
  },
  screen('reports', { title: 'Reports' }, () => import('../../features/reports/pages/reports-page.tsx').then((m) => m.ReportsPage)),
  {
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
  },
  screen('my-profile', { title: 'My Profile' }, () =>
    import('../../features/users/pages/my-profile-page.tsx').then((m) => m.MyProfilePage),
  ),
  screen('settings', { title: 'User Settings', crumb: 'Settings' }, () =>
    Promise.all([
      import('../../features/settings/pages/user-settings-page.tsx'),
      import('../../features/users/components/basic-information-tab.tsx'),
      import('../../features/auth/components/password-tab.tsx'),
      import('../../features/auth/components/two-factor-settings.tsx'),
      import('../../features/users/components/my-activity-log.tsx'),
    ]).then(([m, basic, password, twoFactor, activity]) =>
      withTab(m.UserSettingsPage, {
        BasicInformationTab: basic.BasicInformationTab,
        PasswordTab: password.PasswordTab,
        TwoFactorTab: twoFactor.TwoFactorSettings,
        ActivityTab: activity.MyActivityLog,
      }),
    ),
  ),
  redirect('*', '/customer'),
];

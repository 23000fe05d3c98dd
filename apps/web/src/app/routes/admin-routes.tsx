import type { RouteObject } from 'react-router';
import { RequirePermission } from '../guards/require-permission.tsx';
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

/**
 * Account detail tabs and their path suffixes (spec 2.7), rendered in the account layout's
 * <Outlet/>. Each tab is its own screen: replace a placeholder with the feature's tab page here.
 */
const accountTabs: RouteObject[] = [
  screen(null, { title: 'Account Details' }, accountGeneral),
  screen('general', { title: 'Account Details', crumb: 'General' }, accountGeneral),
  screen('phone-numbers', { title: 'Account Details', crumb: 'Phone Numbers' }, numbersPage),
  screen('voice', { title: 'Account Details', crumb: 'Voice' }, voicePage),
  screen('messaging', { title: 'Account Details', crumb: 'Messaging' }, messagingPage),
  screen('api-access', { title: 'Account Details', crumb: 'API Access' }, apiAccessPage),
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

/** The admin portal's screens, rendered inside the shell (spec 2.1). */
export const adminScreens: RouteObject[] = [
  screen(null, { title: 'Dashboard' }, () =>
    import('../../features/dashboard/pages/admin-dashboard-page.tsx').then((m) => m.AdminDashboardPage),
  ),
  {
    path: 'customers',
    handle: { crumb: 'Customers' },
    children: [
      screen(null, { title: 'Customers' }, () =>
        import('../../features/customers/pages/customer-list-page.tsx').then((m) => m.CustomerListPage),
      ),
      {
        element: <RequirePermission permission="customers.write" />,
        children: [
          screen('new', { title: 'New Customer' }, () =>
            import('../../features/customers/pages/new-customer-page.tsx').then((m) => m.NewCustomerPage),
          ),
        ],
      },
      {
        path: ':customerId',
        handle: { crumb: { record: 'customer', param: 'customerId' } },
        children: [
          screen(null, { title: 'Customer Details' }, () =>
            Promise.all([
              import('../../features/customers/pages/customer-detail-page.tsx'),
              import('../../features/accounts/components/account-panels.tsx'),
              import('../../features/billing/components/payment-methods-panel.tsx'),
            ]).then(([m, accounts, billing]) =>
              withTab(m.CustomerDetailPage, { AccountsTab: accounts.CustomerAccountsPanel, PaymentMethods: billing.PaymentMethodsPanel }),
            ),
          ),
          // The 'accounts' segment has no page of its own, so it has no crumb.
          {
            path: 'accounts/:accountId',
            handle: { crumb: { record: 'account', param: 'accountId' } },
            lazy: accountLayout,
            children: accountTabs,
          },
        ],
      },
    ],
  },
  {
    path: 'accounts',
    handle: { crumb: 'Accounts', crumbIsLink: false },
    children: [
      redirect(null, '/admin'),
      {
        element: <RequirePermission permission="accounts.write" />,
        children: [
          screen('new', { title: 'New Account' }, () =>
            import('../../features/accounts/pages/new-account-page.tsx').then((m) => m.NewAccountPage),
          ),
        ],
      },
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
      screen(null, { title: 'Billing' }, billing),
      screen('invoices', { title: 'Billing', crumb: 'Invoices' }, billing),
      // Payment Methods shows only inside an account (spec 2.7): across customers there is none to show.
      redirect('payment-methods', '/admin/billing/invoices'),
      screen('payment-history', { title: 'Billing', crumb: 'Payment History' }, billing),
      {
        element: <RequirePermission permission="billing.manage" />,
        children: [screen('rates', { title: 'Billing', crumb: 'Rates' }, billing)],
      },
    ],
  },
  screen('numbers', { title: 'Phone Numbers' }, numbersPage),
  {
    path: 'messaging',
    handle: { crumb: 'Messaging' },
    children: [
      screen(null, { title: 'Messaging Tools' }, messagingPage),
      // The 'campaigns' segment has no page of its own, so it has no crumb.
      screen('campaigns/:campaignId', { title: 'Campaign Details' }, campaignPage),
    ],
  },
  screen('voice', { title: 'Voice Services', crumb: 'Voice' }, voicePage),
  screen('api', { title: 'API Access' }, apiAccessPage),
  screen('compliance', { title: 'Regulatory Compliance' }, () =>
    import('../../features/compliance/pages/compliance-page.tsx').then((m) => m.CompliancePage),
  ),
  {
    path: 'support',
    handle: { crumb: 'Support Tools' },
    children: [
      screen(null, { title: 'Support Tools' }, () =>
        import('../../features/support/pages/support-tools-page.tsx').then((m) => m.SupportToolsPage),
      ),
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
  screen('settings', { title: 'Settings' }, () =>
    Promise.all([
      import('../../features/settings/pages/system-settings-page.tsx'),
      import('../../features/auth/components/two-factor-settings.tsx'),
      import('../../features/auth/components/password-tab.tsx'),
    ]).then(([m, twoFactor, password]) =>
      withTab(m.SystemSettingsPage, { TwoFactorPanel: twoFactor.TwoFactorSettings, PasswordPanel: password.PasswordTab }),
    ),
  ),
  redirect('*', '/admin'),
];

import type { RouteObject } from 'react-router';
import { RequirePermission } from '../guards/require-permission.tsx';
import * as common from './common-screens.tsx';
import { withTab } from './compose.tsx';
import { redirect, screen } from './route-builders.tsx';

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
            handle: common.accountCrumb,
            lazy: common.accountLayout,
            // the account's tabs and their path suffixes (spec 2.7)
            children: common.accountTabs({ general: true, numbers: ['phone-numbers', 'Phone Numbers'], api: 'api-access' }),
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
  common.usersScreens,
  common.billingScreens(
    // Payment Methods shows only inside an account (spec 2.7): across customers there is none to show.
    redirect('payment-methods', '/admin/billing/invoices'),
    { element: <RequirePermission permission="billing.manage" />, children: [common.billingTab('rates', 'Rates')] },
  ),
  screen('numbers', { title: 'Phone Numbers' }, common.numbersPage),
  common.messagingScreens,
  common.voiceScreen,
  common.apiAccessScreen,
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
      common.ticketScreen,
    ],
  },
  common.reportsScreen,
  common.notificationsScreens,
  common.myProfileScreen,
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

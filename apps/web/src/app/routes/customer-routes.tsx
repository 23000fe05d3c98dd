import type { RouteObject } from 'react-router';
import * as common from './common-screens.tsx';
import { withTab } from './compose.tsx';
import { redirect, screen } from './route-builders.tsx';

const supportCenterPage = common.withPicker(() =>
  import('../../features/support/pages/support-center-page.tsx').then((m) => m.SupportCenterPage),
);

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
        handle: common.accountCrumb,
        lazy: common.accountLayout,
        children: [screen(null, { title: 'Account Details' }, common.accountGeneral)],
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
      // a sub-account's tabs: General, Numbers, Voice, Messaging, API, Billing (customer document, section 2)
      {
        path: ':accountId',
        handle: common.accountCrumb,
        lazy: common.accountLayout,
        children: common.accountTabs({ general: false, numbers: ['numbers', 'Numbers'], api: 'api' }),
      },
    ],
  },
  common.usersScreens,
  common.billingScreens(common.billingTab('payment-methods', 'Payment Methods')),
  screen('numbers', { title: 'Numbers' }, common.numbersPage),
  common.messagingScreens,
  redirect('compliance', '/customer/messaging'),
  common.voiceScreen,
  common.apiAccessScreen,
  {
    path: 'support',
    handle: { crumb: 'Support' },
    children: [screen(null, { title: 'Support Center' }, supportCenterPage), common.ticketScreen],
  },
  common.reportsScreen,
  common.notificationsScreens,
  common.myProfileScreen,
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

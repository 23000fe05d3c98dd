import type { ComponentType } from 'react';
import { CardPage, PageTabs } from '../../../ui/page-frame.tsx';
import { useTabParam } from '../../../ui/use-tab-param.ts';

const TABS = ['basic', 'password', 'two-factor', 'activity'] as const;

/**
 * /customer/settings (customer spec: User Settings): tabs Basic Information, Password, Two-Factor
 * Authentication and Activity Logs, the tab in the URL (?tab=password, ?tab=two-factor). Basic
 * Information (My Profile's form) and Activity Logs belong to the users feature, the password and
 * two-factor tabs to the auth feature: they are passed in where features meet (src/app).
 */
export function UserSettingsPage({
  BasicInformationTab,
  PasswordTab,
  TwoFactorTab,
  ActivityTab,
}: {
  BasicInformationTab: ComponentType;
  PasswordTab: ComponentType;
  TwoFactorTab: ComponentType;
  ActivityTab: ComponentType;
}) {
  const [tab, setTab] = useTabParam(TABS);
  return (
    <CardPage title="User Settings">
      <PageTabs
        value={tab}
        onChange={setTab}
        tabs={[
          ['basic', 'Basic Information'],
          ['password', 'Password'],
          ['two-factor', 'Two-Factor Authentication'],
          ['activity', 'Activity Logs'],
        ]}
        panels={{ basic: <BasicInformationTab />, password: <PasswordTab />, 'two-factor': <TwoFactorTab />, activity: <ActivityTab /> }}
      />
    </CardPage>
  );
}

import { Paper, Stack, Tabs } from '@mantine/core';
import type { ComponentType } from 'react';
import { PageTitle } from '../../../ui/titles.tsx';
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
    <Stack gap="md">
      <PageTitle>User Settings</PageTitle>
      <Paper withBorder p="lg" radius="md">
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="basic">Basic Information</Tabs.Tab>
            <Tabs.Tab value="password">Password</Tabs.Tab>
            <Tabs.Tab value="two-factor">Two-Factor Authentication</Tabs.Tab>
            <Tabs.Tab value="activity">Activity Logs</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="basic">
            <BasicInformationTab />
          </Tabs.Panel>
          <Tabs.Panel value="password">
            <PasswordTab />
          </Tabs.Panel>
          <Tabs.Panel value="two-factor">
            <TwoFactorTab />
          </Tabs.Panel>
          <Tabs.Panel value="activity">
            <ActivityTab />
          </Tabs.Panel>
        </Tabs>
      </Paper>
    </Stack>
  );
}

import { Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import type { ComponentType } from 'react';
import { useTabParam } from '../../../ui/use-tab-param.ts';

const TABS = ['basic', 'password', 'two-factor', 'activity'] as const;

function Pending() {
  return (
    <Text c="dimmed" py="md">
      This tab is being built.
    </Text>
  );
}

/**
 * /customer/settings (customer spec: User Settings): tabs Basic Information, Password, Two-Factor
 * Authentication and Activity Logs, the tab in the URL (?tab=password, ?tab=two-factor). The
 * password and two-factor tabs belong to the auth feature and are passed in where features meet
 * (src/app).
 */
export function UserSettingsPage({ PasswordTab, TwoFactorTab }: { PasswordTab: ComponentType; TwoFactorTab: ComponentType }) {
  const [tab, setTab] = useTabParam(TABS);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        User Settings
      </Title>
      <Paper withBorder p="lg" radius="md">
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="basic">Basic Information</Tabs.Tab>
            <Tabs.Tab value="password">Password</Tabs.Tab>
            <Tabs.Tab value="two-factor">Two-Factor Authentication</Tabs.Tab>
            <Tabs.Tab value="activity">Activity Logs</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="basic">
            <Pending />
          </Tabs.Panel>
          <Tabs.Panel value="password">
            <PasswordTab />
          </Tabs.Panel>
          <Tabs.Panel value="two-factor">
            <TwoFactorTab />
          </Tabs.Panel>
          <Tabs.Panel value="activity">
            <Pending />
          </Tabs.Panel>
        </Tabs>
      </Paper>
    </Stack>
  );
}

import { Group, Stack, Tabs, Title } from '@mantine/core';
import { useRouteTitle } from '../../../lib/route-handle.ts';
import { usePortalScope } from '../../../lib/scope.ts';
import { useCan } from '../../../lib/session.ts';
import { AccountPicker } from '../../../ui/account-picker.tsx';
import { useAccountTabs } from '../../../ui/use-tab-param.ts';
import type { ApiScope } from '../api-scope.ts';
import { DocumentationTab } from '../components/documentation-tab.tsx';
import { KeysTab } from '../components/keys-tab.tsx';
import { PlatformTab } from '../components/platform-tab.tsx';
import { UsageTab } from '../components/usage-tab.tsx';
import { WebhooksTab } from '../components/webhooks-tab.tsx';

const TABS = [
  ['keys', 'API Keys'],
  ['webhooks', 'Webhooks'],
  ['usage', 'Usage'],
  ['documentation', 'Documentation'],
  ['platform', 'Platform'],
] as const;
type Tab = (typeof TABS)[number][0];
const TAB_KEYS = TABS.map(([t]) => t) as [Tab, ...Tab[]];

/**
 * API Access for /admin/api, /customer/api and the account's API Access tab: API Keys, Webhooks,
 * Usage (the request log) and Documentation (the /v1 reference). The account filter (absent in an
 * account's tab) scopes every tab. /admin/api also has Platform for staff Admins: the tokens of the
 * provider's own switch and SMS gateway (not a customer's, so not in a customer's or account's view).
 */
export function ApiAccessPage() {
  const scope = usePortalScope();
  const title = useRouteTitle();
  const canPlatform = useCan('platform.manage');
  const { tab: asked, account, setTab, setAccount } = useAccountTabs(TAB_KEYS);
  const withPlatform = canPlatform && scope.portal === 'admin' && !scope.customerId && !scope.accountId;
  const tabs = TABS.filter(([value]) => value !== 'platform' || withPlatform);
  const tab = asked === 'platform' && !withPlatform ? 'keys' : asked;
  const accountId = scope.accountId ?? account;
  const tabScope: ApiScope = {
    portal: scope.portal,
    customerId: scope.portal === 'admin' ? scope.customerId : undefined,
    accountId: accountId || undefined,
    showAccount: !accountId,
  };

  return (
    <Stack gap="md">
      {!scope.accountId && (
        <Group justify="space-between" align="flex-end">
          <Title order={1} size="h2">
            {title}
          </Title>
          {tab !== 'platform' && (
            <AccountPicker
              placeholder="All accounts"
              w={340}
              customerId={tabScope.customerId}
              withCustomer={scope.portal === 'admin' && !tabScope.customerId}
              value={accountId}
              onChange={setAccount}
            />
          )}
        </Group>
      )}
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="sm">
          {tabs.map(([value, label]) => (
            <Tabs.Tab key={value} value={value}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="keys">
          <KeysTab scope={tabScope} />
        </Tabs.Panel>
        <Tabs.Panel value="webhooks">
          <WebhooksTab scope={tabScope} />
        </Tabs.Panel>
        <Tabs.Panel value="usage">
          <UsageTab scope={tabScope} />
        </Tabs.Panel>
        <Tabs.Panel value="documentation">
          <DocumentationTab scope={tabScope} />
        </Tabs.Panel>
        {withPlatform && (
          <Tabs.Panel value="platform">
            <PlatformTab />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}

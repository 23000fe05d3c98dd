import { Group, Stack, Tabs, Title } from '@mantine/core';
import { useRouteTitle } from '../../../lib/route-handle.ts';
import { usePortalScope } from '../../../lib/scope.ts';
import { AccountPicker } from '../../../ui/account-picker.tsx';
import { useAccountTabs } from '../../../ui/use-tab-param.ts';
import { BrandsTab } from '../components/brands-tab.tsx';
import { CampaignsTab } from '../components/campaigns-tab.tsx';
import { DocumentationTab } from '../components/documentation-tab.tsx';
import { MessagesTab } from '../components/messages-tab.tsx';
import { OptOutsTab } from '../components/opt-outs-tab.tsx';
import { StatusTab } from '../components/status-tab.tsx';
import { TemplatesTab } from '../components/templates-tab.tsx';
import type { MessagingScope } from '../messaging-scope.ts';

type Tab = 'status' | 'brands' | 'campaigns' | 'templates' | 'messages' | 'opt-outs' | 'documentation';

/** Staff (admin spec 2.10): Campaigns and Delivery Reports, with the brands they review, templates and opt-outs. */
const ADMIN_TABS: [Tab, string][] = [
  ['campaigns', 'Campaigns'],
  ['brands', 'Brands'],
  ['messages', 'Delivery Reports'],
  ['templates', 'Templates'],
  ['opt-outs', 'Opt-outs'],
];
/** Customers (Messaging Tools): Status, Brand, Campaign, Template, Logs, Documentation, and their opt-out ledger. */
const CUSTOMER_TABS: [Tab, string][] = [
  ['status', 'Status'],
  ['brands', 'Brand'],
  ['campaigns', 'Campaign'],
  ['templates', 'Template'],
  ['messages', 'Logs'],
  ['opt-outs', 'Opt-outs'],
  ['documentation', 'Documentation'],
];

/**
 * Messaging Tools for /admin/messaging, /customer/messaging and the account Messaging tab. The
 * account filter (absent in an account's tab) scopes every tab.
 */
export function MessagingPage() {
  const scope = usePortalScope();
  const title = useRouteTitle();
  const tabs = scope.portal === 'admin' ? ADMIN_TABS : CUSTOMER_TABS;
  const { tab, account, setTab, setAccount } = useAccountTabs(tabs.map(([t]) => t) as [Tab, ...Tab[]]);
  const inAccount = Boolean(scope.accountId);
  const accountId = scope.accountId ?? account;
  const tabScope: MessagingScope = {
    portal: scope.portal,
    customerId: scope.portal === 'admin' ? scope.customerId : undefined,
    accountId: accountId || undefined,
    showAccount: !accountId,
  };

  return (
    <Stack gap="md">
      {!inAccount && (
        <Group justify="space-between" align="flex-end">
          <Title order={1} size="h2">
            {title}
          </Title>
          {tab !== 'documentation' && tab !== 'brands' && (
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
        <Tabs.Panel value="status">
          <StatusTab scope={tabScope} />
        </Tabs.Panel>
        <Tabs.Panel value="brands">
          <BrandsTab scope={tabScope} />
        </Tabs.Panel>
        <Tabs.Panel value="campaigns">
          <CampaignsTab scope={tabScope} />
        </Tabs.Panel>
        <Tabs.Panel value="templates">
          <TemplatesTab scope={tabScope} />
        </Tabs.Panel>
        <Tabs.Panel value="messages">
          <MessagesTab scope={tabScope} />
        </Tabs.Panel>
        <Tabs.Panel value="opt-outs">
          <OptOutsTab scope={tabScope} />
        </Tabs.Panel>
        <Tabs.Panel value="documentation">
          <DocumentationTab portal={scope.portal} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

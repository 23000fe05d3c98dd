import { useCan } from '../../../lib/session.ts';
import { AccountTabsPage, useAccountTabsPage } from '../../../ui/account-tabs-page.tsx';
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
  const page = useAccountTabsPage(TAB_KEYS);
  const { scope, tabScope } = page;
  const canPlatform = useCan('platform.manage');
  const withPlatform = canPlatform && scope.portal === 'admin' && !scope.customerId && !scope.accountId;
  const tabs = TABS.filter(([value]) => value !== 'platform' || withPlatform);
  const tab = page.tab === 'platform' && !withPlatform ? 'keys' : page.tab;

  return (
    <AccountTabsPage
      page={page}
      tab={tab}
      tabs={tabs}
      withPicker={tab !== 'platform'}
      panels={{
        keys: <KeysTab scope={tabScope} />,
        webhooks: <WebhooksTab scope={tabScope} />,
        usage: <UsageTab scope={tabScope} />,
        documentation: <DocumentationTab scope={tabScope} />,
        platform: <PlatformTab />,
      }}
    />
  );
}

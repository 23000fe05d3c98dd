import { usePortalScope } from '../../../lib/scope.ts';
import { AccountTabsPage, useAccountTabsPage } from '../../../ui/account-tabs-page.tsx';
import { BrandsTab } from '../components/brands-tab.tsx';
import { CampaignsTab } from '../components/campaigns-tab.tsx';
import { DocumentationTab } from '../components/documentation-tab.tsx';
import { MessagesTab } from '../components/messages-tab.tsx';
import { OptOutsTab } from '../components/opt-outs-tab.tsx';
import { StatusTab } from '../components/status-tab.tsx';
import { TemplatesTab } from '../components/templates-tab.tsx';

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
const keysOf = (tabs: [Tab, string][]) => tabs.map(([t]) => t) as [Tab, ...Tab[]];
const ADMIN_KEYS = keysOf(ADMIN_TABS);
const CUSTOMER_KEYS = keysOf(CUSTOMER_TABS);

/**
 * Messaging Tools for /admin/messaging, /customer/messaging and the account Messaging tab. The
 * account filter (absent in an account's tab) scopes every tab.
 */
export function MessagingPage() {
  const staff = usePortalScope().portal === 'admin';
  const page = useAccountTabsPage(staff ? ADMIN_KEYS : CUSTOMER_KEYS);
  const { tab, tabScope } = page;

  return (
    <AccountTabsPage
      page={page}
      tabs={staff ? ADMIN_TABS : CUSTOMER_TABS}
      withPicker={tab !== 'documentation' && tab !== 'brands'}
      panels={{
        status: <StatusTab scope={tabScope} />,
        brands: <BrandsTab scope={tabScope} />,
        campaigns: <CampaignsTab scope={tabScope} />,
        templates: <TemplatesTab scope={tabScope} />,
        messages: <MessagesTab scope={tabScope} />,
        'opt-outs': <OptOutsTab scope={tabScope} />,
        documentation: <DocumentationTab portal={tabScope.portal} />,
      }}
    />
  );
}

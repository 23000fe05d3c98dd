import { useQuery } from '@tanstack/react-query';
import { AccountTabsPage, useAccountTabsPage } from '../../../ui/account-tabs-page.tsx';
import { channelAllocationQuery } from '../api/voice.ts';
import { CdrsTab } from '../components/cdrs-tab.tsx';
import { ChannelBanner } from '../components/channel-banner.tsx';
import { IpsTab } from '../components/ips-tab.tsx';
import { TrunksTab } from '../components/trunks-tab.tsx';

const TABS = ['trunks', 'network', 'cdrs'] as const;

/**
 * Voice Services (spec 2.9; customer: Trunk Groups, Network, CDRs) for /admin/voice,
 * /customer/voice and the account tabs. The account filter (absent in an account's tab) scopes
 * every tab and the channel banner.
 */
export function VoicePage() {
  const page = useAccountTabsPage(TABS);
  const { accountId, tabScope } = page;
  const { data: account } = useQuery(channelAllocationQuery(accountId));
  const staff = tabScope.portal === 'admin';

  return (
    <AccountTabsPage
      page={page}
      banner={<ChannelBanner account={accountId ? account : undefined} />}
      tabs={[
        ['trunks', staff ? 'SIP Trunk' : 'Trunk Groups'],
        ['network', staff ? '382 Network' : 'Network'],
        ['cdrs', 'CDRs'],
      ]}
      panels={{
        trunks: <TrunksTab scope={tabScope} />,
        network: <IpsTab scope={tabScope} />,
        cdrs: <CdrsTab scope={tabScope} />,
      }}
    />
  );
}

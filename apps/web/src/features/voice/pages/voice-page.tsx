import { Group, Stack, Tabs, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRouteTitle } from '../../../lib/route-handle.ts';
import { usePortalScope } from '../../../lib/scope.ts';
import { AccountPicker } from '../../../ui/account-picker.tsx';
import { useAccountTabs } from '../../../ui/use-tab-param.ts';
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
  const scope = usePortalScope();
  const title = useRouteTitle();
  const { tab, account: accountParam, setTab, setAccount } = useAccountTabs(TABS);
  const customerId = scope.portal === 'admin' ? scope.customerId : undefined;
  const inAccount = Boolean(scope.accountId);
  const accountId = scope.accountId ?? accountParam;
  const { data: account } = useQuery(channelAllocationQuery(accountId));
  const staff = scope.portal === 'admin';
  const tabScope = { customerId, accountId: accountId || undefined, showAccount: !accountId };

  return (
    <Stack gap="md">
      {!inAccount && (
        <Group justify="space-between" align="flex-end">
          <Title order={1} size="h2">
            {title}
          </Title>
          <AccountPicker
            placeholder="All accounts"
            w={340}
            customerId={customerId}
            withCustomer={staff && !customerId}
            value={accountId}
            onChange={setAccount}
          />
        </Group>
      )}
      <ChannelBanner account={accountId ? account : undefined} />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="trunks">{staff ? 'SIP Trunk' : 'Trunk Groups'}</Tabs.Tab>
          <Tabs.Tab value="network">{staff ? '382 Network' : 'Network'}</Tabs.Tab>
          <Tabs.Tab value="cdrs">CDRs</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="trunks">
          <TrunksTab scope={tabScope} />
        </Tabs.Panel>
        <Tabs.Panel value="network">
          <IpsTab scope={tabScope} />
        </Tabs.Panel>
        <Tabs.Panel value="cdrs">
          <CdrsTab scope={tabScope} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

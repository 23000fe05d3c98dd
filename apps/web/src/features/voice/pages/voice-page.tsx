import { Group, Stack, Tabs, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useRouteTitle } from '../../../lib/route-handle.ts';
import { usePortalScope } from '../../../lib/scope.ts';
import { AccountPicker } from '../../../ui/account-picker.tsx';
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
  const [params, setParams] = useSearchParams();
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as string) : 'trunks';
  const customerId = scope.portal === 'admin' ? scope.customerId : undefined;
  const inAccount = Boolean(scope.accountId);
  const accountId = scope.accountId ?? params.get('account') ?? '';
  const { data: account } = useQuery(channelAllocationQuery(accountId));
  const staff = scope.portal === 'admin';
  const tabScope = { customerId, accountId: accountId || undefined, showAccount: !accountId };

  function update(changes: Record<string, string>) {
    // a new account or tab starts every list from its first page
    setParams(
      (prev) => {
        const next = new URLSearchParams();
        const merged = { tab: prev.get('tab') ?? '', account: prev.get('account') ?? '', ...changes };
        for (const [k, v] of Object.entries(merged)) if (v && !(k === 'tab' && v === 'trunks')) next.set(k, v);
        return next;
      },
      { replace: true },
    );
  }

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
            onChange={(v) => update({ account: v })}
          />
        </Group>
      )}
      <ChannelBanner account={accountId ? account : undefined} />
      <Tabs value={tab} onChange={(v) => update({ tab: v ?? 'trunks' })} keepMounted={false}>
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

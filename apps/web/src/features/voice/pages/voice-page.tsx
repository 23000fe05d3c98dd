import { Group, Select, Stack, Tabs, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useRouteTitle } from '../../../lib/route-handle.ts';
import { usePortalScope } from '../../../lib/scope.ts';
import { voiceAccountsQuery } from '../api/voice.ts';
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
  const accounts = useQuery(voiceAccountsQuery(customerId));
  const inAccount = Boolean(scope.accountId);
  const accountId = scope.accountId ?? params.get('account') ?? '';
  const account = accounts.data?.items.find((a) => a.id === accountId);
  const staff = scope.portal === 'admin';
  const options = (accounts.data?.items ?? []).map((a) => ({
    value: a.id,
    label: staff && !customerId ? `${a.customerName} — ${a.name}` : a.name,
  }));
  const tabScope = { customerId, accountId: accountId || undefined, showAccount: staff && !accountId };

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
          <Select
            label="Account"
            w={340}
            searchable
            data={[{ value: '', label: 'All accounts' }, ...options]}
            value={accountId}
            onChange={(v) => update({ account: v ?? '' })}
            allowDeselect={false}
            nothingFoundMessage="No accounts found"
          />
        </Group>
      )}
      <ChannelBanner account={account} />
      <Tabs value={tab} onChange={(v) => update({ tab: v ?? 'trunks' })} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="trunks">{staff ? 'SIP Trunk' : 'Trunk Groups'}</Tabs.Tab>
          <Tabs.Tab value="network">{staff ? '382 Network' : 'Network'}</Tabs.Tab>
          <Tabs.Tab value="cdrs">CDRs</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="trunks">
          <TrunksTab scope={tabScope} accounts={options} />
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

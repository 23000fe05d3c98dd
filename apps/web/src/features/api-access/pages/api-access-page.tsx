import { Group, Stack, Tabs, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useRouteTitle } from '../../../lib/route-handle.ts';
import { usePortalScope } from '../../../lib/scope.ts';
import { AccountPicker } from '../../../ui/account-picker.tsx';
import type { ApiScope } from '../api-scope.ts';
import { DocumentationTab } from '../components/documentation-tab.tsx';
import { KeysTab } from '../components/keys-tab.tsx';
import { UsageTab } from '../components/usage-tab.tsx';
import { WebhooksTab } from '../components/webhooks-tab.tsx';

const TABS = [
  ['keys', 'API Keys'],
  ['webhooks', 'Webhooks'],
  ['usage', 'Usage'],
  ['documentation', 'Documentation'],
] as const;
type Tab = (typeof TABS)[number][0];

/**
 * API Access for /admin/api, /customer/api and the account's API Access tab: API Keys, Webhooks,
 * Usage (the request log) and Documentation (the /v1 reference). The account filter (absent in an
 * account's tab) scopes every tab.
 */
export function ApiAccessPage() {
  const scope = usePortalScope();
  const title = useRouteTitle();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = TABS.some(([t]) => t === requested) ? (requested as Tab) : 'keys';
  const accountId = scope.accountId ?? params.get('account') ?? '';
  const tabScope: ApiScope = {
    portal: scope.portal,
    customerId: scope.portal === 'admin' ? scope.customerId : undefined,
    accountId: accountId || undefined,
    showAccount: !accountId,
  };

  function update(changes: Record<string, string>) {
    setParams(
      (prev) => {
        const next = new URLSearchParams();
        const merged = { tab: prev.get('tab') ?? '', account: prev.get('account') ?? '', ...changes };
        for (const [k, v] of Object.entries(merged)) if (v && !(k === 'tab' && v === 'keys')) next.set(k, v);
        return next;
      },
      { replace: true },
    );
  }

  return (
    <Stack gap="md">
      {!scope.accountId && (
        <Group justify="space-between" align="flex-end">
          <Title order={1} size="h2">
            {title}
          </Title>
          <AccountPicker
            placeholder="All accounts"
            w={340}
            customerId={tabScope.customerId}
            withCustomer={scope.portal === 'admin' && !tabScope.customerId}
            value={accountId}
            onChange={(v) => update({ account: v })}
          />
        </Group>
      )}
      <Tabs value={tab} onChange={(v) => update({ tab: v ?? 'keys' })} keepMounted={false}>
        <Tabs.List mb="sm">
          {TABS.map(([value, label]) => (
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
      </Tabs>
    </Stack>
  );
}

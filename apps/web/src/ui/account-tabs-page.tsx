import { Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useRouteTitle } from '../lib/route-handle.ts';
import { type PortalScope, usePortalScope } from '../lib/scope.ts';
import { AccountPicker } from './account-picker.tsx';
import { PageTabs } from './page-frame.tsx';
import { PageTitle } from './titles.tsx';
import { useAccountTabs } from './use-tab-param.ts';

/** Where a tab of an account-filtered page runs: the portal, the customer (staff in a customer's view; a customer's own) and the account. */
export interface AccountTabScope {
  portal: 'admin' | 'customer';
  customerId?: string | undefined;
  accountId?: string | undefined;
  /** Show an Account column (not inside one account). */
  showAccount: boolean;
}

/** An account-filtered page's state: the portal's scope, the tab and account in the URL, and the scope its tabs run in. */
export type AccountTabsState<T extends string> = ReturnType<typeof useAccountTabs<T>> & {
  scope: PortalScope;
  /** The account the tabs show: the route's, else the one picked ('' for all). */
  accountId: string;
  tabScope: AccountTabScope;
};

/**
 * A page of tabs over an account filter (voice, messaging, API access) for the admin and customer
 * portals and an account's tab: ?tab= and ?account= in the URL (useAccountTabs); inside an account,
 * its tabs show that account only.
 */
export function useAccountTabsPage<T extends string>(tabs: readonly [T, ...T[]]): AccountTabsState<T> {
  const scope = usePortalScope();
  const state = useAccountTabs(tabs);
  const accountId = scope.accountId ?? state.account;
  const tabScope: AccountTabScope = {
    portal: scope.portal,
    customerId: scope.portal === 'admin' ? scope.customerId : undefined,
    accountId: accountId || undefined,
    showAccount: !accountId,
  };
  return { ...state, scope, accountId, tabScope };
}

/**
 * The page of useAccountTabsPage: the route's title with the account filter ('All accounts'; not
 * inside an account, where the account's own page has the title), then the tabs, each panel mounted
 * only while its tab is open.
 */
export function AccountTabsPage<T extends string>({
  page,
  tab = page.tab,
  tabs,
  panels,
  withPicker = true,
  banner,
}: {
  page: AccountTabsState<T>;
  /** The open tab, when the page narrows what the URL asks for. */
  tab?: T;
  /** The tabs shown, in order, with their labels. */
  tabs: readonly (readonly [T, string])[];
  panels: Partial<Record<T, ReactNode>>;
  /** Whether the open tab is filtered by account. */
  withPicker?: boolean;
  /** Shown between the title and the tabs. */
  banner?: ReactNode;
}) {
  const title = useRouteTitle();
  const { scope, tabScope } = page;
  return (
    <Stack gap="md">
      {!scope.accountId && (
        <Group justify="space-between" align="flex-end">
          <PageTitle>{title}</PageTitle>
          {withPicker && (
            <AccountPicker
              placeholder="All accounts"
              w={340}
              customerId={tabScope.customerId}
              withCustomer={scope.portal === 'admin' && !tabScope.customerId}
              value={page.accountId}
              onChange={page.setAccount}
            />
          )}
        </Group>
      )}
      {banner}
      <PageTabs value={tab} onChange={page.setTab} tabs={tabs} panels={panels} listMb="sm" />
    </Stack>
  );
}

import { Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useRouteTitle } from '../../../lib/route-handle.ts';
import { usePortalScope } from '../../../lib/scope.ts';
import { PageTabs } from '../../../ui/page-frame.tsx';
import { PageTitle } from '../../../ui/titles.tsx';
import { NumberSummaryCards } from '../components/number-summary-cards.tsx';
import { PhoneNumbersTab } from '../components/phone-numbers-tab.tsx';
import { PortingTab } from '../components/porting-tab.tsx';

/**
 * Phone Number Management (spec 2.8) for /admin/numbers, /customer/numbers and the account tabs:
 * one page, scoped by the portal and the route's account. Tab changes reset paging and selection.
 */
export function NumbersPage() {
  const scope = usePortalScope();
  const title = useRouteTitle();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'porting' ? 'porting' : 'numbers';
  return (
    <Stack gap="md">
      {!scope.accountId && <PageTitle>{title}</PageTitle>}
      <NumberSummaryCards scope={{ customerId: scope.portal === 'admin' ? scope.customerId : undefined, accountId: scope.accountId }} />
      <PageTabs
        value={tab}
        onChange={(v) => setParams(v === 'porting' ? { tab: 'porting' } : {}, { replace: true })}
        tabs={[
          ['numbers', 'Phone Numbers'],
          ['porting', 'Number Porting'],
        ]}
        panels={{ numbers: <PhoneNumbersTab scope={scope} />, porting: <PortingTab scope={scope} /> }}
        listMb="sm"
      />
    </Stack>
  );
}

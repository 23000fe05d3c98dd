import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { accountPath, type PortalScope } from '../../../lib/scope.ts';
import { accountOptionsQuery } from '../api/accounts.ts';

/**
 * Spec 2.7: choosing another account navigates to it, on the same tab. Staff see the customer's
 * accounts; a customer user only their own company's (the server decides).
 */
export function AccountSwitcher({ scope, customerId, accountId }: { scope: PortalScope; customerId: string; accountId: string }) {
  const { data } = useQuery(accountOptionsQuery({ customerId: scope.portal === 'admin' ? customerId : undefined }));
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = accountPath(scope, customerId, accountId);
  const suffix = pathname.startsWith(current) ? pathname.slice(current.length) : '';
  return (
    <Select
      aria-label="Switch account"
      w={280}
      searchable
      allowDeselect={false}
      nothingFoundMessage="No accounts found"
      data={(data ?? []).map((a) => ({ value: a.id, label: `${a.name} (${a.accountId})` }))}
      value={accountId}
      onChange={(id) => id && id !== accountId && void navigate(`${accountPath(scope, customerId, id)}${suffix}`)}
    />
  );
}

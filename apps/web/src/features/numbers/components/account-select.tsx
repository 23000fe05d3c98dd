import { Select } from '@mantine/core';
import type { TNumberAccount } from '@portal/contract/numbers';
import { useQuery } from '@tanstack/react-query';
import { numberAccountsQuery } from '../api/numbers.ts';

export const accountLabel = (a: TNumberAccount, withCustomer: boolean) => (withCustomer ? `${a.customerName} — ${a.name}` : a.name);

/** An account picker over the accounts in scope; searchable, for the filter and the dialogs. */
export function AccountSelect({
  value,
  onChange,
  customerId,
  label = 'Account',
  allLabel,
  exclude,
  withCustomer = false,
  error,
  w,
}: {
  value: string;
  onChange: (value: string) => void;
  customerId?: string | undefined;
  label?: string;
  /** When given, an empty first option ('All accounts'). */
  allLabel?: string;
  exclude?: string[];
  withCustomer?: boolean;
  error?: string | undefined;
  w?: number;
}) {
  const { data } = useQuery(numberAccountsQuery(customerId));
  const options = (data?.items ?? [])
    .filter((a) => !exclude?.includes(a.id))
    .map((a) => ({ value: a.id, label: accountLabel(a, withCustomer) }));
  return (
    <Select
      label={label}
      w={w}
      searchable
      nothingFoundMessage="No accounts found"
      data={allLabel ? [{ value: '', label: allLabel }, ...options] : options}
      value={value}
      onChange={(v) => onChange(v ?? '')}
      allowDeselect={false}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

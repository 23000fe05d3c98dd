import { type ComboboxItem, type OptionsFilter, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TAccountOption } from '@portal/contract/accounts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AccountPickerProps } from '../../../ui/account-picker.tsx';
import { accountOptionsQuery } from '../api/accounts.ts';

/** How many matches the picker asks the server for at a time (typing narrows them). */
const PAGE = 100;

export const accountLabel = (a: TAccountOption, withCustomer: boolean) => (withCustomer ? `${a.customerName} — ${a.name}` : a.name);

/** The words of a search; the dash between customer and account in a label is not one. */
const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[\s—]+/)
    .filter(Boolean);

/**
 * The one account picker (numbers, voice): the accounts in the caller's scope, searched on the
 * server by name, account ID or customer as the user types; clearable; what is typed is only the
 * search (a placeholder, never an option's label, stands for "no account").
 */
export function AccountSelect({
  value = '',
  onChange,
  customerId,
  label = 'Account',
  placeholder = 'Choose an account',
  exclude,
  withCustomer = false,
  error,
  withAsterisk,
  onBlur,
  w,
}: AccountPickerProps) {
  const [search, setSearch] = useState('');
  const selected = useQuery({ ...accountOptionsQuery({ accountId: value }), enabled: Boolean(value) });
  const current = value ? selected.data?.find((a) => a.id === value) : undefined;
  const currentLabel = current ? accountLabel(current, withCustomer) : '';
  // Once an account is chosen the input shows its label: that is not a search.
  const [q] = useDebouncedValue(search === currentLabel ? '' : words(search).join(' '), 250);
  const { data, isFetching } = useQuery(accountOptionsQuery({ customerId, q, limit: PAGE }));

  const byId = new Map<string, TAccountOption>();
  for (const a of data ?? []) if (!exclude?.includes(a.id)) byId.set(a.id, a);
  if (current) byId.set(current.id, current);
  const options: ComboboxItem[] = [...byId.values()].map((a) => ({ value: a.id, label: accountLabel(a, withCustomer) }));

  // The same match as the server's (every word in the label or the account ID), so stale results narrow at once.
  const filter: OptionsFilter = ({ options: items, search: text }) => {
    const wanted = words(text === currentLabel ? '' : text);
    return (items as ComboboxItem[]).filter((o) => {
      const haystack = `${o.label} ${byId.get(o.value)?.accountId ?? ''}`.toLowerCase();
      return wanted.every((word) => haystack.includes(word));
    });
  };

  return (
    <Select
      label={label}
      placeholder={placeholder}
      w={w}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      filter={filter}
      limit={PAGE}
      nothingFoundMessage={isFetching ? 'Searching...' : 'No accounts found'}
      data={options}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      onBlur={onBlur}
      error={error}
      withAsterisk={withAsterisk}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

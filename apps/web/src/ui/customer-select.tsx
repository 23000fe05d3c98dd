import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { customerSuggestionsQuery } from '../lib/customer-suggestions.ts';

/** The value of the "every customer" option a picker may offer (`allLabel`). */
export const ALL_CUSTOMERS = 'all';

/**
 * Staff: a customer chosen by typing its name or customer ID (server-side suggestions). With
 * `allLabel`, a first option stands for every customer (value `ALL_CUSTOMERS`) until a search is typed.
 */
export function CustomerSelect({
  allLabel,
  ...props
}: Omit<SelectProps, 'data' | 'searchable' | 'searchValue' | 'onSearchChange' | 'filter'> & { allLabel?: string }) {
  const [text, setText] = useState('');
  // The box shows the chosen option's label: that is no search, so the list opens on every customer again.
  const labels = useRef(new Set<string>());
  const typed = text === allLabel || labels.current.has(text) ? '' : text;
  const [debounced] = useDebouncedValue(typed, 200);
  const { data } = useQuery(customerSuggestionsQuery(debounced, { limit: 20, browse: true }));
  const customers = (data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.customerId})` }));
  for (const c of customers) labels.current.add(c.label);
  return (
    <Select
      searchable
      searchValue={text}
      onSearchChange={setText}
      // the server already matched; keep its order and do not filter again
      filter={({ options }) => options}
      nothingFoundMessage="No customers found"
      data={allLabel && !typed.trim() ? [{ value: ALL_CUSTOMERS, label: allLabel }, ...customers] : customers}
      {...props}
    />
  );
}

/** Staff: a list's customer filter, empty for every customer; bound like the other filters (`{...list.filter('customerId')}`). */
export function CustomerFilter({ value, onChange, w }: { value: string; onChange: (value: string) => void; w: number }) {
  return (
    <CustomerSelect
      label="Customer"
      placeholder="All customers"
      clearable
      w={w}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
    />
  );
}

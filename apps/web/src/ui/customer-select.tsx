import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { customerSuggestionsQuery } from '../lib/customer-suggestions.ts';

/** Staff: a customer chosen by typing its name or customer ID (server-side suggestions). */
export function CustomerSelect(props: Omit<SelectProps, 'data' | 'searchable' | 'searchValue' | 'onSearchChange' | 'filter'>) {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, 200);
  const { data } = useQuery(customerSuggestionsQuery(debounced, { limit: 20, browse: true }));
  return (
    <Select
      searchable
      searchValue={text}
      onSearchChange={setText}
      // the server already matched; keep its order and do not filter again
      filter={({ options }) => options}
      nothingFoundMessage="No customers found"
      data={(data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.customerId})` }))}
      {...props}
    />
  );
}

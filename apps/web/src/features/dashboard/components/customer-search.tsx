import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { customerSuggestionsQuery } from '../../../lib/customer-suggestions.ts';

/** Spec 2.4: a customer search box with server-side suggestions by name; choosing one opens the customer. */
export function CustomerSearch() {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, 200);
  const { data, isFetching } = useQuery(customerSuggestionsQuery(debounced));
  const navigate = useNavigate();
  return (
    <Select
      aria-label="Search customers"
      placeholder="Search customers by name or customer ID..."
      leftSection={<IconSearch size={16} />}
      searchable
      searchValue={text}
      onSearchChange={setText}
      value={null}
      data={(debounced ? (data ?? []) : []).map((c) => ({ value: c.id, label: `${c.name} (${c.customerId})` }))}
      // The server already matched; keep its order and do not filter again.
      filter={({ options }) => options}
      nothingFoundMessage={debounced && !isFetching ? 'No customers found' : undefined}
      onChange={(id) => id && void navigate(`/admin/customers/${id}`)}
      rightSection={null}
      size="md"
      w="100%"
    />
  );
}

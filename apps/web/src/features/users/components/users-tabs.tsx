import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';

/** The users screen's two tabs (admin spec 2.11): List, and Add/Edit holding the user form. */
export function UsersTabs({
  active,
  onChange,
  list,
  form,
}: {
  active: 'list' | 'form';
  onChange: (tab: 'list' | 'form') => void;
  list: ReactNode;
  form: ReactNode;
}) {
  return (
    <Tabs value={active} onChange={(v) => onChange(v === 'form' ? 'form' : 'list')} keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="list">List</Tabs.Tab>
        <Tabs.Tab value="form">Add/Edit</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="list">{list}</Tabs.Panel>
      <Tabs.Panel value="form">{form}</Tabs.Panel>
    </Tabs>
  );
}

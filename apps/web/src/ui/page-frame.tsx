import { Paper, Stack, Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageTitle } from './titles.tsx';

/** A screen's tabs: each [value, label] in order and its panel; only the open panel is mounted. */
export function PageTabs<T extends string>({
  value,
  onChange,
  tabs,
  panels,
  listMb = 'md',
}: {
  value: T;
  onChange: (tab: string | null) => void;
  tabs: readonly (readonly [T, string])[];
  panels: Partial<Record<T, ReactNode>>;
  /** The space under the tab list. */
  listMb?: 'sm' | 'md';
}) {
  return (
    <Tabs value={value} onChange={onChange} keepMounted={false}>
      <Tabs.List mb={listMb}>
        {tabs.map(([tab, label]) => (
          <Tabs.Tab key={tab} value={tab}>
            {label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map(([tab]) => (
        <Tabs.Panel key={tab} value={tab}>
          {panels[tab]}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

/** A screen that is one card under its title: a form page, or a page of tabs. */
export function CardPage({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="md">
      <PageTitle>{title}</PageTitle>
      <Paper withBorder p="lg" radius="md">
        {children}
      </Paper>
    </Stack>
  );
}

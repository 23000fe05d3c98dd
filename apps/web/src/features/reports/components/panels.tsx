import { Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { MoneyText } from '../../../ui/money-text.tsx';
import { percent } from './format.ts';

/** A titled panel of the report. */
export function Panel({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" miw={0}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h5">
            {title}
          </Title>
          {actions}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

const SHARE_COLOURS: Record<string, string> = { SMS: 'blue', Voice: 'teal', Numbers: 'grape', Other: 'gray' };

/** Shares of a total as bars: each row's name, amount (or count) and percent. */
export function ShareBars({
  rows,
  label,
  money = true,
  empty = 'No data found matching your search criteria',
}: {
  rows: { name: string; amount: number; percent: number }[];
  label: string;
  money?: boolean;
  empty?: string;
}) {
  if (rows.length === 0) return <EmptyState text={empty} />;
  return (
    <Stack gap="sm" aria-label={label} role="list">
      {rows.map((r) => (
        <div key={r.name} role="listitem">
          <Group justify="space-between" gap="xs" wrap="nowrap" mb={4}>
            <Text size="sm" fw={500} truncate>
              {r.name}
            </Text>
            <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
              {money ? <MoneyText value={r.amount} /> : r.amount.toLocaleString('en-US')}
              <Text span c="dimmed" size="sm">
                {' '}
                · {percent(r.percent)}
              </Text>
            </Text>
          </Group>
          <Progress value={r.percent} color={SHARE_COLOURS[r.name] ?? 'blue'} size="sm" aria-label={`${r.name}: ${percent(r.percent)}`} />
        </div>
      ))}
    </Stack>
  );
}

/** A long table shows its first rows, and all of them on demand (the page keeps its other panels in reach). */
export function FirstRows<T>({ rows, first = 10, children }: { rows: T[]; first?: number; children: (rows: T[]) => ReactNode }) {
  const [all, setAll] = useState(false);
  const shown = all || rows.length <= first ? rows : rows.slice(0, first);
  return (
    <>
      {children(shown)}
      {rows.length > first && (
        <Group justify="center">
          <Button variant="subtle" size="xs" onClick={() => setAll(!all)}>
            {all ? `Show the first ${first}` : `Show all ${rows.length} rows`}
          </Button>
        </Group>
      )}
    </>
  );
}

import { Box, Group, Paper, SimpleGrid, Stack, Tabs, Text, Title, Tooltip } from '@mantine/core';
import type { TCustomerDashboard } from '@portal/contract/dashboard';
import { formatDate, formatUsd } from '../../../lib/format.ts';

type Usage = TCustomerDashboard['usage']['sms'];
const UNITS = { sms: 'messages', voice: 'calls', numbers: 'number-days' } as const;

/** Daily volume bars (height relative to the busiest day, at least 5%), without a chart library. */
function DailyBars({ usage, label }: { usage: Usage; label: string }) {
  const max = Math.max(1, ...usage.daily.map((d) => d.volume));
  return (
    <Group gap={3} align="flex-end" h={140} wrap="nowrap" aria-label={`${label} per day, last 30 days`} role="img">
      {usage.daily.map((d) => (
        <Tooltip key={d.day} label={`${formatDate(d.day)}: ${d.volume.toLocaleString('en-US')}`}>
          <Box
            style={{ flex: 1, borderRadius: 3 }}
            h={`${Math.max(5, (d.volume / max) * 100)}%`}
            bg={d.volume ? 'var(--mantine-color-blue-5)' : 'var(--mantine-color-gray-2)'}
          />
        </Tooltip>
      ))}
    </Group>
  );
}

function Figures({ usage, unit }: { usage: Usage; unit: string }) {
  const rate = usage.volume ? Math.round((usage.succeeded / usage.volume) * 1000) / 10 : null;
  const figure = (label: string, value: string) => (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }}>
      {figure(`This month (${unit})`, usage.volume.toLocaleString('en-US'))}
      {figure('Succeeded', usage.succeeded.toLocaleString('en-US'))}
      {figure('Success rate', rate === null ? 'N/A' : `${rate}%`)}
      {figure('Cost this month', formatUsd(usage.cost))}
    </SimpleGrid>
  );
}

/** Customer dashboard usage overview: tabs sms, voice, numbers from the daily usage rollups. */
export function UsageOverview({ usage }: { usage: TCustomerDashboard['usage'] }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} size="h5" mb="sm">
        Usage Overview
      </Title>
      <Tabs defaultValue="sms">
        <Tabs.List>
          <Tabs.Tab value="sms">SMS</Tabs.Tab>
          <Tabs.Tab value="voice">Voice</Tabs.Tab>
          <Tabs.Tab value="numbers">Numbers</Tabs.Tab>
        </Tabs.List>
        {(['sms', 'voice', 'numbers'] as const).map((key) => (
          <Tabs.Panel key={key} value={key} pt="md">
            <Stack gap="md">
              <Figures usage={usage[key]} unit={UNITS[key]} />
              <DailyBars usage={usage[key]} label={UNITS[key]} />
              <Text size="xs" c="dimmed">
                Daily volume, last 30 days
              </Text>
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Paper>
  );
}

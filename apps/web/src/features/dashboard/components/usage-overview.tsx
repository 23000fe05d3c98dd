import { Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import type { TCustomerDashboard } from '@portal/contract/dashboard';
import { lazy, Suspense } from 'react';
import { formatUsd } from '../../../lib/format.ts';
import { DetailField } from '../../../ui/detail-field.tsx';
import type { DailyChartProps } from './daily-chart.tsx';

type Usage = TCustomerDashboard['usage']['sms'];
type Numbers = TCustomerDashboard['numbers'];

// The chart library loads with the first chart drawn, not with the dashboard's own code.
const LazyDailyChart = lazy(() => import('./daily-chart.tsx'));

function DailyChart(props: DailyChartProps) {
  return (
    <Suspense fallback={<Skeleton h={220} aria-hidden />}>
      <LazyDailyChart {...props} />
    </Suspense>
  );
}

const n = (value: number) => value.toLocaleString('en-US');

/** SMS and voice: this month's volume, how much of it succeeded, its cost, and the last 30 days per day. */
function TrafficPanel({ usage, unit, success }: { usage: Usage; unit: 'Messages' | 'Calls'; success: string }) {
  const rate = usage.volume ? Math.round((usage.succeeded / usage.volume) * 1000) / 10 : null;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <DetailField label={`${unit} this month`} figure>
          {n(usage.volume)}
        </DetailField>
        <DetailField label={success} figure>
          {n(usage.succeeded)}
        </DetailField>
        <DetailField label="Success rate" figure>
          {rate === null ? 'N/A' : `${rate}%`}
        </DetailField>
        <DetailField label="Cost this month" figure>
          {formatUsd(usage.cost)}
        </DetailField>
      </SimpleGrid>
      <DailyChart
        label={`${unit} per day, last 30 days`}
        yAxisLabel={unit}
        data={usage.daily}
        series={[{ name: 'volume', label: unit, color: 'blue.6' }]}
      />
    </Stack>
  );
}

/** Numbers: what the company holds now, by type, what it added and released, and how many it held each day. */
function NumbersPanel({ numbers }: { numbers: Numbers }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <DetailField label="Active numbers" figure>
          {n(numbers.active)}
        </DetailField>
        <DetailField label="Added, last 30 days" figure>
          {n(numbers.added)}
        </DetailField>
        <DetailField label="Released, last 30 days" figure>
          {n(numbers.released)}
        </DetailField>
        <DetailField label="Monthly fees" figure>
          {formatUsd(numbers.monthlyFees)}
        </DetailField>
      </SimpleGrid>
      <Group gap="xs" aria-label="Active numbers by type">
        {numbers.byType.length === 0 ? (
          <Text size="sm" c="dimmed">
            No numbers yet
          </Text>
        ) : (
          numbers.byType.map((t) => (
            <Badge key={t.type} variant="light" size="lg" tt="none">
              {t.type}: {n(t.count)}
            </Badge>
          ))
        )}
      </Group>
      <DailyChart
        kind="line"
        label="Numbers held per day, last 30 days"
        yAxisLabel="Numbers"
        data={numbers.daily}
        series={[{ name: 'held', label: 'Numbers held', color: 'teal.6' }]}
      />
    </Stack>
  );
}

/** Customer dashboard usage overview: tabs sms, voice, numbers from the daily rollups and the numbers held. */
export function UsageOverview({ usage, numbers }: { usage: TCustomerDashboard['usage']; numbers: Numbers }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} size="h5" mb="sm">
        Usage Overview
      </Title>
      <Tabs defaultValue="sms" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="sms">SMS</Tabs.Tab>
          <Tabs.Tab value="voice">Voice</Tabs.Tab>
          <Tabs.Tab value="numbers">Numbers</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="sms" pt="md">
          <TrafficPanel usage={usage.sms} unit="Messages" success="Delivered" />
        </Tabs.Panel>
        <Tabs.Panel value="voice" pt="md">
          <TrafficPanel usage={usage.voice} unit="Calls" success="Completed" />
        </Tabs.Panel>
        <Tabs.Panel value="numbers" pt="md">
          <NumbersPanel numbers={numbers} />
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}

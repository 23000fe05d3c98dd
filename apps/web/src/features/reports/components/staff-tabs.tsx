import { Grid, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { TReportAnalytics } from '@portal/contract/reports';
import { IconCurrencyDollar } from '@tabler/icons-react';
import { formatUsd } from '../../../lib/format.ts';
import { type Column, DataTable } from '../../../ui/data-table.tsx';
import { DateText } from '../../../ui/date-text.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { MoneyText } from '../../../ui/money-text.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { ActivityChart, ChartPanel } from './chart.tsx';
import { count, minutes, percent } from './format.ts';
import { FirstRows, Panel, ShareBars } from './panels.tsx';
import type { ReportTabProps } from './tab-props.ts';
import { qualityTiles, ReportTiles, TrendText } from './tiles.tsx';

type Analytics = TReportAnalytics;
type DetailRow = Analytics['detail'][number];
type RegionRow = Analytics['byRegion'][number];
type TopRow = Analytics['topCustomers'][number];
type GrowthRow = Analytics['revenueGrowth'][number];

const NO_DATA = 'No data found matching your search criteria';
const MONTH = /^(\d{4})-(\d{2})$/;

/** A month ('YYYY-MM') as a chart bucket: its first and last day. */
function monthBucket(month: string) {
  const m = MONTH.exec(month);
  if (!m) return { date: month, endDate: month };
  const last = new Date(Date.UTC(Number(m[1]), Number(m[2]), 0)).getUTCDate();
  return { date: `${month}-01`, endDate: `${month}-${String(last).padStart(2, '0')}` };
}

function monthName(month: string) {
  const m = MONTH.exec(month);
  if (!m) return month;
  return new Date(Number(m[1]), Number(m[2]) - 1, 1).toLocaleString('en-US', { month: 'short', year: 'numeric' });
}

/** Staff tabs without analytics (never for staff; the server always sends them) say so instead of failing. */
function Missing() {
  return <EmptyState text={NO_DATA} />;
}

/** Revenue Analysis: total and per-service revenue, revenue growth by month, the detailed table (customer, service, volume, revenue, ASR, date). */
export function RevenueTab({ report }: ReportTabProps) {
  const a = report.analytics;
  if (!a) return <Missing />;
  const share = (name: string) => a.revenueByService.find((s) => s.service === name);
  const growthColumns: Column<GrowthRow>[] = [
    { key: 'month', header: 'Month', kind: 'figure', render: (r) => monthName(r.month) },
    { key: 'revenue', header: 'Revenue', kind: 'figure', align: 'right', render: (r) => <MoneyText value={r.revenue} /> },
    { key: 'growth', header: 'Growth', kind: 'figure', align: 'right', render: (r) => <TrendText change={r.growth} /> },
  ];
  const detailColumns: Column<DetailRow>[] = [
    { key: 'customer', header: 'Customer', kind: 'name', maxWidth: 240, render: (r) => r.customer },
    { key: 'service', header: 'Service', nowrap: true, render: (r) => r.service },
    { key: 'volume', header: 'Volume', kind: 'figure', align: 'right', render: (r) => count(r.volume) },
    { key: 'revenue', header: 'Revenue', kind: 'figure', align: 'right', render: (r) => <MoneyText value={r.revenue} /> },
    { key: 'asr', header: 'ASR', kind: 'figure', align: 'right', render: (r) => (r.asr === null ? '—' : percent(r.asr)) },
    { key: 'date', header: 'Date', kind: 'figure', render: (r) => <DateText value={r.date} /> },
  ];
  return (
    <Stack gap="md">
      <ReportTiles
        tiles={[
          { label: 'Total Revenue', trend: report.overview.totalSpend, format: formatUsd, icon: IconCurrencyDollar },
          ...(['SMS', 'Voice', 'Numbers'] as const).map((name) => ({
            label: `${name} Revenue`,
            value: formatUsd(share(name)?.cost ?? 0),
            detail: `${percent(share(name)?.percent ?? 0)} of revenue`,
          })),
        ]}
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <ChartPanel
            title="Revenue Growth"
            rows={a.revenueGrowth.map((g) => ({ ...monthBucket(g.month), revenue: g.revenue }))}
            bucket="month"
            series={[{ name: 'revenue', label: 'Revenue', color: 'blue.6' }]}
            money
            yAxisLabel="Revenue"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Panel title="Revenue by Service">
            <ShareBars
              label="Revenue by Service"
              rows={a.revenueByService.map((s) => ({ name: s.service, amount: s.cost, percent: s.percent }))}
            />
          </Panel>
        </Grid.Col>
      </Grid>
      <Panel title="Monthly Revenue">
        <DataTable label="Monthly Revenue" columns={growthColumns} rows={a.revenueGrowth} rowKey={(r) => r.month} emptyText={NO_DATA} />
      </Panel>
      <Panel title="Detailed Report">
        <FirstRows rows={a.detail}>
          {(rows) => <DataTable label="Detailed Report" columns={detailColumns} rows={rows} emptyText={NO_DATA} />}
        </FirstRows>
      </Panel>
    </Stack>
  );
}

/** Usage Metrics: usage totals, opt-out rate, top 5 customers, and the message and call activity (bars open their records). */
export function UsageTab({ report, onDrill }: ReportTabProps) {
  const a = report.analytics;
  if (!a) return <Missing />;
  const topColumns: Column<TopRow>[] = [
    { key: 'rank', header: '#', kind: 'figure', render: (r) => a.topCustomers.indexOf(r) + 1 },
    { key: 'customer', header: 'Customer', kind: 'name', maxWidth: 260, render: (r) => r.customer },
    { key: 'revenue', header: 'Revenue', kind: 'figure', align: 'right', render: (r) => <MoneyText value={r.revenue} /> },
    { key: 'share', header: 'Share', kind: 'figure', align: 'right', render: (r) => percent(r.share) },
  ];
  return (
    <Stack gap="md">
      <ReportTiles
        tiles={[
          { label: 'Messages', value: count(a.usageTotals.messages), detail: 'Sent and received' },
          { label: 'Calls', value: count(a.usageTotals.calls), detail: 'Inbound and outbound' },
          { label: 'Minutes', value: minutes(a.usageTotals.minutes), detail: 'Billed' },
          { label: 'Active Numbers', value: count(a.usageTotals.numbers), detail: "At the period's end" },
          { label: 'Opt-out Rate', value: percent(a.optOutRate), detail: `${count(report.sms.optOuts)} opt-outs` },
        ]}
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <ActivityChart of="messages" report={report} onDrill={onDrill} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <ActivityChart of="cdrs" report={report} onDrill={onDrill} />
        </Grid.Col>
      </Grid>
      <Panel title="Top 5 Customers">
        <DataTable label="Top 5 Customers" columns={topColumns} rows={a.topCustomers} rowKey={(r) => r.customerId} emptyText={NO_DATA} />
      </Panel>
    </Stack>
  );
}

/** Performance: delivery, ASR and latency with trends, performance by region, and the system health grid. */
export function PerformanceTab({ report }: ReportTabProps) {
  const a = report.analytics;
  if (!a) return <Missing />;
  const o = report.overview;
  const regionColumns: Column<RegionRow>[] = [
    { key: 'region', header: 'Region', kind: 'name', maxWidth: 200, render: (r) => r.region },
    { key: 'customers', header: 'Customers', kind: 'figure', align: 'right', render: (r) => count(r.customers) },
    { key: 'calls', header: 'Calls', kind: 'figure', align: 'right', render: (r) => count(r.calls) },
    { key: 'asr', header: 'ASR', kind: 'figure', align: 'right', render: (r) => (r.asr === null ? '—' : percent(r.asr)) },
    { key: 'messages', header: 'Messages', kind: 'figure', align: 'right', render: (r) => count(r.messages) },
    {
      key: 'deliveryRate',
      header: 'Delivery Rate',
      kind: 'figure',
      align: 'right',
      render: (r) => (r.deliveryRate === null ? '—' : percent(r.deliveryRate)),
    },
    { key: 'revenue', header: 'Revenue', kind: 'figure', align: 'right', render: (r) => <MoneyText value={r.revenue} /> },
  ];
  return (
    <Stack gap="md">
      <ReportTiles
        tiles={[
          ...qualityTiles(o),
          { label: 'Failed Calls', value: count(report.voice.failedCalls), detail: `of ${count(report.voice.totalCalls)} calls` },
        ]}
      />
      <Panel title="Performance by Region">
        <DataTable label="Performance by Region" columns={regionColumns} rows={a.byRegion} rowKey={(r) => r.region} emptyText={NO_DATA} />
      </Panel>
      <Panel title="System Health">
        {a.systemHealth.length === 0 ? (
          <EmptyState text="No services found" />
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="sm" role="list" aria-label="System Health">
            {a.systemHealth.map((s) => (
              <Paper key={s.serviceName} withBorder p="sm" radius="md" role="listitem">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" fw={500} truncate title={s.serviceName}>
                    {s.serviceName}
                  </Text>
                  <StatusBadge status={s.status} />
                </Group>
                <Text size="xs" c="dimmed" mt={4}>
                  Uptime {percent(s.uptime)}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
        )}
      </Panel>
    </Stack>
  );
}

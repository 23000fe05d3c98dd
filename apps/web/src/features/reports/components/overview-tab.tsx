import { Anchor, Grid, Stack, VisuallyHidden } from '@mantine/core';
import type { TUsageDetailRow } from '@portal/contract/reports';
import { IconCurrencyDollar } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatUsd } from '../../../lib/format.ts';
import { type Column, DataTable } from '../../../ui/data-table.tsx';
import { DateText } from '../../../ui/date-text.tsx';
import { MoneyText } from '../../../ui/money-text.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { ChartPanel } from './chart.tsx';
import { drillDownPath } from './drill-down.ts';
import { count } from './format.ts';
import { FirstRows, Panel, ShareBars } from './panels.tsx';
import type { ReportTabProps } from './tab-props.ts';
import { qualityTiles, ReportTiles } from './tiles.tsx';

const COST_SERIES = [
  { name: 'smsCost', label: 'SMS', color: 'blue.6', service: 'sms', target: 'messages' },
  { name: 'voiceCost', label: 'Voice', color: 'teal.6', service: 'voice', target: 'cdrs' },
  { name: 'numbersCost', label: 'Numbers', color: 'grape.5', service: 'numbers', target: null },
] as const;

/**
 * Overview: Total Spend (staff: Total Revenue), SMS Delivery Rate, Voice ASR and Average Latency
 * with their trends; Usage Trends (spend a day by service; a bar opens its records); Service
 * Breakdown; Usage Detail (its SMS and voice days link to their records).
 */
export function OverviewTab({ report, portal, onDrill }: ReportTabProps) {
  const o = report.overview;
  const staff = portal === 'admin';
  const series = COST_SERIES.filter((s) => report.service === 'all' || s.service === report.service);
  const drillable = series.some((s) => s.target);

  const columns: Column<TUsageDetailRow>[] = [
    { key: 'service', header: 'Service Type', nowrap: true, render: (r) => r.service },
    { key: 'volume', header: 'Volume', kind: 'figure', align: 'right', render: (r) => count(r.volume) },
    { key: 'cost', header: staff ? 'Revenue' : 'Cost', kind: 'figure', align: 'right', render: (r) => <MoneyText value={r.cost} /> },
    { key: 'status', header: 'Status', kind: 'badge', render: (r) => <StatusBadge status={r.status} /> },
    {
      key: 'date',
      header: 'Date',
      kind: 'figure',
      render: (r) =>
        r.service === 'Numbers' ? (
          <DateText value={r.date} />
        ) : (
          <Anchor
            component={Link}
            inherit
            to={drillDownPath(portal, r.service === 'SMS' ? 'messages' : 'cdrs', { date: r.date, endDate: r.date })}
          >
            <DateText value={r.date} />
            <VisuallyHidden>: open its {r.service === 'SMS' ? 'messages' : 'calls'}</VisuallyHidden>
          </Anchor>
        ),
    },
  ];

  return (
    <Stack gap="md">
      <ReportTiles
        tiles={[
          {
            label: staff ? 'Total Revenue' : 'Total Spend',
            trend: o.totalSpend,
            format: formatUsd,
            kind: staff ? 'higherIsBetter' : 'cost',
            icon: IconCurrencyDollar,
          },
          ...qualityTiles(o),
        ]}
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <ChartPanel
            title="Usage Trends"
            rows={report.series}
            bucket={report.bucket}
            // stacked segments: the 1 % least height of a segment, so a small service stays in proportion
            series={series.map(({ name, label, color }) => ({ name, label, color, minPercent: 1 }))}
            stacked
            money
            yAxisLabel={staff ? 'Revenue' : 'Spend'}
            drillBySeries
            onDrill={
              drillable
                ? (bucket, name) => {
                    const target = series.find((s) => s.name === name)?.target;
                    if (target) onDrill(target, bucket);
                  }
                : undefined
            }
            note={drillable ? 'Click an SMS or Voice bar to open its records.' : undefined}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Panel title="Service Breakdown">
            <ShareBars label="Service Breakdown" rows={o.breakdown.map((b) => ({ name: b.service, amount: b.cost, percent: b.percent }))} />
          </Panel>
        </Grid.Col>
      </Grid>
      <Panel title="Usage Detail">
        <FirstRows rows={o.usageDetail}>
          {(rows) => (
            <DataTable label="Usage Detail" columns={columns} rows={rows} emptyText="No data found matching your search criteria" />
          )}
        </FirstRows>
      </Panel>
    </Stack>
  );
}

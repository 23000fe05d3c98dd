import { Grid, Stack } from '@mantine/core';
import { IconCurrencyDollar, IconHash, IconStar } from '@tabler/icons-react';
import { formatUsd } from '../../../lib/format.ts';
import { PhoneText } from '../../../ui/phone-text.tsx';
import { SummaryCard } from '../../../ui/summary-card.tsx';
import { ChartPanel } from './chart.tsx';
import { count, percent } from './format.ts';
import { Panel, ShareBars } from './panels.tsx';
import type { ReportTabProps } from './tab-props.ts';
import { ReportTiles, TrendText } from './tiles.tsx';

/**
 * Numbers: Active Numbers, Monthly Fees (with the change of the fees billed, by the cost sign
 * rule), Number Utilization, Porting in Progress, Most Active Number; usage by type; the number fees a day.
 */
export function NumbersTab({ report }: ReportTabProps) {
  const n = report.numbers;
  return (
    <Stack gap="md">
      <ReportTiles
        tiles={[
          { label: 'Active Numbers', value: count(n.activeNumbers), icon: IconHash },
          {
            label: 'Monthly Fees',
            value: formatUsd(n.monthlyFees),
            detail: <TrendText change={n.numberCosts.change} kind="cost" />,
            icon: IconCurrencyDollar,
            color: 'grape',
          },
          { label: 'Number Utilization', value: percent(n.utilization), detail: 'With traffic in the period' },
          { label: 'Porting in Progress', value: count(n.portingInProgress) },
        ]}
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md">
            <SummaryCard
              label="Most Active Number"
              value={n.mostActiveNumber ? <PhoneText value={n.mostActiveNumber.number} /> : 'None'}
              detail={n.mostActiveNumber ? `${count(n.mostActiveNumber.activity)} calls and messages` : 'No traffic in the period'}
              icon={<IconStar size={20} />}
              color="yellow"
            />
            <Panel title="Usage by Type">
              <ShareBars
                label="Usage by Type"
                money={false}
                rows={n.byType.map((t) => ({ name: t.type, amount: t.count, percent: t.percent }))}
                empty="No numbers found"
              />
            </Panel>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <ChartPanel
            title="Number Fees"
            rows={report.series}
            bucket={report.bucket}
            series={[{ name: 'numbersCost', label: 'Number fees', color: 'grape.5' }]}
            money
            yAxisLabel="Fees"
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

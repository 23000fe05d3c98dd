import { Stack } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconClockHour4, IconCurrencyDollar, IconMessage, IconPercentage } from '@tabler/icons-react';
import { formatUsd } from '../../../lib/format.ts';
import { SummaryCard, SummaryCards } from '../../../ui/summary-card.tsx';
import { ChartPanel } from './chart.tsx';
import { count, percent, seconds } from './format.ts';
import { periodName, type ReportTabProps } from './tab-props.ts';
import { Explained, TrendTile } from './tiles.tsx';

/** The contract's definition of Conversion Rate, shown beside the figure. */
export const CONVERSION_RATE_DEFINITION =
  'Inbound replies received in the period per 100 outbound messages delivered: how many conversations the sending started.';

/**
 * SMS: Messages Sent, SMS Costs (the cost sign rule), Delivery Rate, Avg. Latency with trends;
 * Delivered and Failed (count and percent), Opt-out Rate, Conversion Rate (its definition behind
 * the info mark); 'Message Activity - <period>' with Delivered and Failed, a bar opening that day's messages.
 */
export function SmsTab({ report, onDrill }: ReportTabProps) {
  const s = report.sms;
  return (
    <Stack gap="md">
      <SummaryCards testId="report-tiles">
        <TrendTile label="Messages Sent" trend={s.messagesSent} format={count} icon={<IconMessage size={20} />} />
        <TrendTile
          label="SMS Costs"
          trend={s.smsCosts}
          format={(n) => formatUsd(n)}
          kind="cost"
          icon={<IconCurrencyDollar size={20} />}
          color="grape"
        />
        <TrendTile label="Delivery Rate" trend={s.deliveryRate} format={percent} icon={<IconPercentage size={20} />} color="teal" />
        <TrendTile
          label="Avg. Latency"
          trend={s.averageLatency}
          format={seconds}
          kind="lowerIsBetter"
          icon={<IconClockHour4 size={20} />}
          color="orange"
        />
        <SummaryCard
          label="Delivered"
          value={count(s.delivered)}
          detail={`${percent(s.deliveredPercent)} of outbound`}
          icon={<IconCircleCheck size={20} />}
          color="green"
        />
        <SummaryCard
          label="Failed"
          value={count(s.failed)}
          detail={`${percent(s.failedPercent)} of outbound`}
          icon={<IconCircleX size={20} />}
          color="red"
        />
        <SummaryCard label="Opt-out Rate" value={percent(s.optOutRate)} detail={`${count(s.optOuts)} opt-outs`} />
        <SummaryCard
          label="Conversion Rate"
          value={percent(s.conversionRate)}
          detail={
            <Explained name="Conversion Rate" explanation={CONVERSION_RATE_DEFINITION}>
              {count(s.inbound)} replies
            </Explained>
          }
        />
      </SummaryCards>
      <ChartPanel
        title={`Message Activity - ${periodName(report)}`}
        rows={report.series}
        bucket={report.bucket}
        series={[
          { name: 'smsDelivered', label: 'Delivered', color: 'teal.6' },
          { name: 'smsFailed', label: 'Failed', color: 'red.6', minPercent: 1 },
        ]}
        stacked
        yAxisLabel="Messages"
        onDrill={(bucket) => onDrill('messages', bucket)}
      />
    </Stack>
  );
}

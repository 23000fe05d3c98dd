import { Stack } from '@mantine/core';
import type { TReport } from '@portal/contract/reports';
import { IconCircleCheck, IconCircleX, IconClockHour4, IconCurrencyDollar, IconMessage, IconPercentage } from '@tabler/icons-react';
import { formatUsd } from '../../../lib/format.ts';
import { ActivityChart } from './chart.tsx';
import { count, percent, seconds } from './format.ts';
import type { ReportTabProps } from './tab-props.ts';
import { Explained, type ReportTile, ReportTiles } from './tiles.tsx';

/** The contract's definition of Conversion Rate, shown beside the figure. */
export const CONVERSION_RATE_DEFINITION =
  'Inbound replies received in the period per 100 outbound messages delivered: how many conversations the sending started.';

/** Messages Sent, SMS Costs, Delivery Rate and Avg. Latency with their trends; Delivered, Failed, Opt-out Rate, Conversion Rate. */
const smsTiles = (s: TReport['sms']): ReportTile[] => [
  { label: 'Messages Sent', trend: s.messagesSent, format: count, icon: IconMessage },
  { label: 'SMS Costs', trend: s.smsCosts, format: formatUsd, kind: 'cost', icon: IconCurrencyDollar, color: 'grape' },
  { label: 'Delivery Rate', trend: s.deliveryRate, format: percent, icon: IconPercentage, color: 'teal' },
  { label: 'Avg. Latency', trend: s.averageLatency, format: seconds, kind: 'lowerIsBetter', icon: IconClockHour4, color: 'orange' },
  {
    label: 'Delivered',
    value: count(s.delivered),
    detail: `${percent(s.deliveredPercent)} of outbound`,
    icon: IconCircleCheck,
    color: 'green',
  },
  { label: 'Failed', value: count(s.failed), detail: `${percent(s.failedPercent)} of outbound`, icon: IconCircleX, color: 'red' },
  { label: 'Opt-out Rate', value: percent(s.optOutRate), detail: `${count(s.optOuts)} opt-outs` },
  {
    label: 'Conversion Rate',
    value: percent(s.conversionRate),
    detail: (
      <Explained name="Conversion Rate" explanation={CONVERSION_RATE_DEFINITION}>
        {count(s.inbound)} replies
      </Explained>
    ),
  },
];

/**
 * SMS: Messages Sent, SMS Costs (the cost sign rule), Delivery Rate, Avg. Latency with trends;
 * Delivered and Failed (count and percent), Opt-out Rate, Conversion Rate (its definition behind
 * the info mark); 'Message Activity - <period>' with Delivered and Failed, a bar opening that day's messages.
 */
export function SmsTab({ report, onDrill }: ReportTabProps) {
  return (
    <Stack gap="md">
      <ReportTiles tiles={smsTiles(report.sms)} />
      <ActivityChart of="messages" report={report} onDrill={onDrill} />
    </Stack>
  );
}

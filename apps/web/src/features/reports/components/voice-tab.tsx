import { Grid, Stack } from '@mantine/core';
import type { TReport } from '@portal/contract/reports';
import { IconClock, IconCurrencyDollar, IconPhoneCall, IconPhoneOff } from '@tabler/icons-react';
import { formatUsd } from '../../../lib/format.ts';
import { ActivityChart, ChartPanel } from './chart.tsx';
import { callTime, count, minutes, percent } from './format.ts';
import type { ReportTabProps } from './tab-props.ts';
import { type ReportTile, ReportTiles } from './tiles.tsx';

/** Calls Completed, Call Duration, Voice Costs and Answer Success Rate with their trends; Avg. Call Time, Failed, International and all calls. */
const voiceTiles = (v: TReport['voice']): ReportTile[] => [
  { label: 'Calls Completed', trend: v.callsCompleted, format: count, icon: IconPhoneCall },
  { label: 'Call Duration', trend: v.callDuration, format: minutes, icon: IconClock, color: 'teal' },
  { label: 'Voice Costs', trend: v.voiceCosts, format: formatUsd, kind: 'cost', icon: IconCurrencyDollar, color: 'grape' },
  { label: 'Answer Success Rate', trend: v.answerSuccessRate, format: percent },
  { label: 'Avg. Call Time', value: callTime(v.averageCallTime), detail: 'Billed time per completed call' },
  { label: 'Failed Calls', value: count(v.failedCalls), icon: IconPhoneOff, color: 'red' },
  { label: 'International Calls', value: count(v.internationalCalls), detail: 'Outbound outside +1' },
  { label: 'Total Calls', value: count(v.totalCalls), detail: `${count(v.inboundCalls)} inbound` },
];

/**
 * Voice: Calls Completed, Call Duration, Voice Costs (the cost sign rule), Answer Success Rate with
 * trends; Avg. Call Time, Failed Calls, International Calls, all calls; Call Volume Trend and
 * 'Call Activity - <period>' with Completed and Failed, a bar or point opening that day's CDRs.
 */
export function VoiceTab({ report, onDrill }: ReportTabProps) {
  return (
    <Stack gap="md">
      <ReportTiles tiles={voiceTiles(report.voice)} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <ChartPanel
            title="Call Volume Trend"
            kind="line"
            rows={report.series}
            bucket={report.bucket}
            series={[{ name: 'calls', label: 'Calls', color: 'blue.6' }]}
            yAxisLabel="Calls"
            onDrill={(bucket) => onDrill('cdrs', bucket)}
            note="Click a point, or focus the chart and press Enter, to open its CDRs."
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <ActivityChart of="cdrs" report={report} onDrill={onDrill} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

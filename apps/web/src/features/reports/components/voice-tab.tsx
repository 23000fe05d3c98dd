import { Grid, Stack } from '@mantine/core';
import { IconClock, IconCurrencyDollar, IconPhoneCall, IconPhoneOff } from '@tabler/icons-react';
import { formatUsd } from '../../../lib/format.ts';
import { SummaryCard, SummaryCards } from '../../../ui/summary-card.tsx';
import { ChartPanel } from './chart.tsx';
import { callTime, count, minutes, percent } from './format.ts';
import { periodName, type ReportTabProps } from './tab-props.ts';
import { TrendTile } from './tiles.tsx';

/**
 * Voice: Calls Completed, Call Duration, Voice Costs (the cost sign rule), Answer Success Rate with
 * trends; Avg. Call Time, Failed Calls, International Calls, all calls; Call Volume Trend and
 * 'Call Activity - <period>' with Completed and Failed, a bar or point opening that day's CDRs.
 */
export function VoiceTab({ report, onDrill }: ReportTabProps) {
  const v = report.voice;
  const drill = (bucket: { date: string; endDate: string }) => onDrill('cdrs', bucket);
  return (
    <Stack gap="md">
      <SummaryCards testId="report-tiles">
        <TrendTile label="Calls Completed" trend={v.callsCompleted} format={count} icon={<IconPhoneCall size={20} />} />
        <TrendTile label="Call Duration" trend={v.callDuration} format={minutes} icon={<IconClock size={20} />} color="teal" />
        <TrendTile
          label="Voice Costs"
          trend={v.voiceCosts}
          format={(n) => formatUsd(n)}
          kind="cost"
          icon={<IconCurrencyDollar size={20} />}
          color="grape"
        />
        <TrendTile label="Answer Success Rate" trend={v.answerSuccessRate} format={percent} />
        <SummaryCard label="Avg. Call Time" value={callTime(v.averageCallTime)} detail="Billed time per completed call" />
        <SummaryCard label="Failed Calls" value={count(v.failedCalls)} icon={<IconPhoneOff size={20} />} color="red" />
        <SummaryCard label="International Calls" value={count(v.internationalCalls)} detail="Outbound outside +1" />
        <SummaryCard label="Total Calls" value={count(v.totalCalls)} detail={`${count(v.inboundCalls)} inbound`} />
      </SummaryCards>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <ChartPanel
            title="Call Volume Trend"
            kind="line"
            rows={report.series}
            bucket={report.bucket}
            series={[{ name: 'calls', label: 'Calls', color: 'blue.6' }]}
            yAxisLabel="Calls"
            onDrill={drill}
            note="Click a point, or focus the chart and press Enter, to open its CDRs."
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <ChartPanel
            title={`Call Activity - ${periodName(report)}`}
            rows={report.series}
            bucket={report.bucket}
            series={[
              { name: 'callsCompleted', label: 'Completed', color: 'teal.6' },
              { name: 'callsFailed', label: 'Failed', color: 'red.6', minPercent: 1 },
            ]}
            stacked
            yAxisLabel="Calls"
            onDrill={drill}
            note="Click a bar, or focus the chart and press Enter, to open its CDRs."
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

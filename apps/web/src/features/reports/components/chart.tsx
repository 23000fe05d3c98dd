import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { CHART_HEIGHT } from './chart-rules.ts';
import type { DrillTarget } from './drill-down.ts';
import type { ReportChartProps } from './report-chart.tsx';
import { periodName, type ReportTabProps } from './tab-props.ts';

// The chart library loads with the first chart drawn, never with the sign-in page or the shell.
const LazyReportChart = lazy(() => import('./report-chart.tsx'));

/** A titled chart panel; its bars open their records when `onDrill` is given (said under the chart). */
export function ChartPanel({ title, note, ...chart }: { title: string; note?: ReactNode } & Omit<ReportChartProps, 'label'>) {
  return (
    <Paper withBorder p="md" radius="md" miw={0}>
      <Stack gap="xs">
        <Title order={2} size="h5">
          {title}
        </Title>
        <Suspense fallback={<Skeleton h={CHART_HEIGHT} aria-hidden />}>
          <LazyReportChart label={title} {...chart} />
        </Suspense>
        {(note || chart.onDrill) && (
          <Text size="xs" c="dimmed">
            {note ?? 'Click a bar, or focus the chart and press Enter, to open its records.'}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

const CDRS_NOTE = 'Click a bar, or focus the chart and press Enter, to open its CDRs.';
/**
 * The two activity charts: a day's completed part (delivered messages, completed calls) under its
 * failed part, and the records a bar opens.
 */
const ACTIVITY: Record<DrillTarget, { title: string; unit: string; done: [string, string]; failed: string; note?: string }> = {
  messages: { title: 'Message Activity', unit: 'Messages', done: ['smsDelivered', 'Delivered'], failed: 'smsFailed' },
  cdrs: { title: 'Call Activity', unit: 'Calls', done: ['callsCompleted', 'Completed'], failed: 'callsFailed', note: CDRS_NOTE },
};

/** 'Message Activity - <period>' (Delivered, Failed) or 'Call Activity - <period>' (Completed, Failed), stacked by day. */
export function ActivityChart({ of, report, onDrill }: { of: DrillTarget } & Pick<ReportTabProps, 'report' | 'onDrill'>) {
  const a = ACTIVITY[of];
  return (
    <ChartPanel
      title={`${a.title} - ${periodName(report)}`}
      rows={report.series}
      bucket={report.bucket}
      series={[
        { name: a.done[0], label: a.done[1], color: 'teal.6' },
        { name: a.failed, label: 'Failed', color: 'red.6', minPercent: 1 },
      ]}
      stacked
      yAxisLabel={a.unit}
      onDrill={(bucket) => onDrill(of, bucket)}
      note={a.note}
    />
  );
}

import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { CHART_HEIGHT } from './chart-rules.ts';
import type { ReportChartProps } from './report-chart.tsx';

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

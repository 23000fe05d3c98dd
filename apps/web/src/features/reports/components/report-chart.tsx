import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { useLayoutEffect, useRef, useState } from 'react';
import { useActiveTooltipLabel } from 'recharts';
import { formatUsd } from '../../../lib/format.ts';
import { bucketLabel, CHART_HEIGHT, labelSpacing, minBarPx, shownLabels, tickLabel } from './chart-rules.ts';

export type ChartBucket = { date: string; endDate: string };
export type ReportChartSeries = {
  name: string;
  label: string;
  color: string;
  /** The least height of a non-zero bar, in percent of the plot (5 by default; 1 for failed segments). */
  minPercent?: number;
};

export type ReportChartProps = {
  /** Oldest first: each bucket's days and a number per series. */
  rows: (ChartBucket & Record<string, number | string>)[];
  series: ReportChartSeries[];
  bucket: 'day' | 'month';
  /** The chart's accessible name. */
  label: string;
  kind?: 'bar' | 'line';
  stacked?: boolean;
  /** The values are USD. */
  money?: boolean;
  yAxisLabel?: string;
  /** Opens the records behind a bucket; `series` is the bar's series when `drillBySeries`. */
  onDrill?: ((bucket: ChartBucket, series: string | null) => void) | undefined;
  drillBySeries?: boolean;
};

const exact = (money: boolean) => (v: number) => (money ? formatUsd(v) : v.toLocaleString('en-US'));
const compact = (money: boolean) => {
  const f = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
  return (v: number) => (money ? `$${f.format(v)}` : f.format(v));
};

/** Keeps the bucket the tooltip is on (mouse or arrow keys), so Enter opens it. */
function ActiveLabel({ into }: { into: { current: string | undefined } }) {
  into.current = useActiveTooltipLabel() as string | undefined;
  return null;
}

/**
 * A report chart (the chart library loads with the first one drawn): 300 px, the x axis in days
 * (MM/DD, every third of 30 and the last; fewer where the chart is narrow) or months, the y axis compact, the tooltip with the full
 * date and each series' exact value, the legend named as the spec names it. A bar or point opens
 * the records behind it (click, or arrow keys and Enter).
 */
export default function ReportChart({
  rows,
  series,
  bucket,
  label,
  kind = 'bar',
  stacked = false,
  money = false,
  yAxisLabel,
  onDrill,
  drillBySeries = false,
}: ReportChartProps) {
  const figure = useRef<HTMLElement>(null);
  // How far apart the x-axis labels stand: further on a half-width chart (or a phone's), so that
  // none touches the next. Measured before the chart is first drawn, and kept as that number only:
  // a resize that does not change it draws nothing again (a redraw restarts the bars).
  const [spacing, setSpacing] = useState(0);
  useLayoutEffect(() => {
    const box = figure.current;
    if (!box) return;
    const measure = () => setSpacing(labelSpacing(rows.length, box.clientWidth, bucket));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [rows.length, bucket]);
  const data = rows.map((r) => ({ ...r, bucketName: bucketLabel(r.date, r.endDate) }));
  const shown = shownLabels(rows.length, spacing);
  const ticks = rows.map((r) => tickLabel(r.date, bucket));
  const active = useRef<string | undefined>(undefined);
  const bucketAt = (index: unknown) => {
    const row = rows[Number(index)];
    return row ? { date: row.date, endDate: row.endDate } : undefined;
  };
  const bucketNamed = (name: string | undefined) => bucketAt(data.findIndex((d) => d.bucketName === name));

  const common = {
    h: CHART_HEIGHT,
    data,
    dataKey: 'bucketName',
    series: series.map(({ name, label: l, color }) => ({ name, label: l, color })),
    valueFormatter: exact(money),
    withLegend: true,
    // the legend in the series' order (recharts sorts it by name otherwise)
    legendProps: { verticalAlign: 'top' as const, height: 36, itemSorter: null },
    tickLine: 'y' as const,
    gridAxis: 'x' as const,
    ...(yAxisLabel ? { yAxisLabel } : {}),
    xAxisProps: {
      interval: 0 as const,
      tickFormatter: (_: string, index: number) => (shown.has(index) ? (ticks[index] ?? '') : ''),
    },
    yAxisProps: { width: 60, tickFormatter: compact(money), allowDecimals: money },
    children: onDrill ? <ActiveLabel into={active} /> : null,
  };
  // A line's point: the bucket under the pointer (a click without one, e.g. before any hover, opens nothing).
  const lineClick = (state: { activeTooltipIndex?: unknown }) => {
    const index = state.activeTooltipIndex;
    if (index === null || index === undefined || index === '') return;
    const b = bucketAt(index);
    if (b) onDrill?.(b, null);
  };
  const drillable = Boolean(onDrill);

  return (
    <figure
      ref={figure}
      aria-label={label}
      style={{ margin: 0, minHeight: CHART_HEIGHT, cursor: drillable ? 'pointer' : undefined }}
      onKeyDown={(e) => {
        if (!onDrill || e.key !== 'Enter') return;
        const b = bucketNamed(active.current);
        if (b) onDrill(b, drillBySeries ? (series[0]?.name ?? null) : null);
      }}
    >
      {spacing === 0 ? null : kind === 'line' ? (
        <LineChart {...common} curveType="monotone" withDots={rows.length <= 31} lineChartProps={drillable ? { onClick: lineClick } : {}} />
      ) : (
        <BarChart
          {...common}
          type={stacked ? 'stacked' : 'default'}
          maxBarWidth={48}
          barProps={(s) => {
            const minPercent = series.find((x) => x.name === s.name)?.minPercent ?? 5;
            return {
              minPointSize: (value: number | undefined | null) => minBarPx(Number(value ?? 0), minPercent),
              // each bar knows its own bucket (the chart's pointer state may lag a click)
              ...(drillable
                ? {
                    onClick: (d: { payload?: ChartBucket }) => {
                      if (d.payload) onDrill?.({ date: d.payload.date, endDate: d.payload.endDate }, drillBySeries ? s.name : null);
                    },
                  }
                : {}),
            };
          }}
        />
      )}
    </figure>
  );
}

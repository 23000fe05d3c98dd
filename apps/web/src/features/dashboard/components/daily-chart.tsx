import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { formatDate } from '../../../lib/format.ts';

export type DailyChartProps = {
  /** One row a day, oldest first: `day` (YYYY-MM-DD) and a number for each series. */
  data: ({ day: string } & Record<string, number | string>)[];
  series: { name: string; label: string; color: string }[];
  /** The chart's accessible name, e.g. 'Messages per day, last 30 days'. */
  label: string;
  yAxisLabel: string;
  kind?: 'bar' | 'line';
};

const count = (n: number) => n.toLocaleString('en-US');

/**
 * A daily chart with the chart library's axes, dates and tooltips (loaded with the screen that
 * shows it, never before). The x axis reads MM/DD, the tooltip the full date and each series' value.
 */
export default function DailyChart({ data, series, label, yAxisLabel, kind = 'bar' }: DailyChartProps) {
  const rows = data.map((d) => ({ ...d, date: formatDate(d.day) }));
  const common = {
    h: 220,
    data: rows,
    dataKey: 'date',
    series,
    valueFormatter: count,
    yAxisLabel,
    tickLine: 'y' as const,
    gridAxis: 'x' as const,
    withLegend: series.length > 1,
    xAxisProps: { tickFormatter: (date: string) => date.slice(0, 5), minTickGap: 16, interval: 'preserveStartEnd' as const },
    yAxisProps: { allowDecimals: false, width: 56 },
  };
  return (
    <figure aria-label={label} style={{ margin: 0 }}>
      {kind === 'line' ? <LineChart {...common} curveType="stepAfter" withDots={false} /> : <BarChart {...common} />}
    </figure>
  );
}

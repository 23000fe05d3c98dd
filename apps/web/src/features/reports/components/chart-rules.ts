import { formatDate } from '../../../lib/format.ts';

/** The spec's chart rules (customer spec, display): 300 px high, bars at least 5 % of it when not zero. */
export const CHART_HEIGHT = 300;
/** About what the axes and the legend leave of the 300 px for the bars. */
const PLOT_HEIGHT = 230;

/** The least height of a bar that is not zero, in px: `percent` of the plot (5 %; 1 % for failed segments); zero draws nothing. */
export const minBarPx = (value: number, percent = 5) => (value > 0 ? Math.ceil((PLOT_HEIGHT * percent) / 100) : 0);

/**
 * Which x-axis labels show, so that they never overlap: all of up to 12 points; beyond, every
 * n-th so that about ten show (every third of 30 days), and always the last point. `spacing` is
 * how many points apart two labels must stand on a narrow chart (labelSpacing): the n-th grows to
 * it, and a label standing closer than that to the last one is left out.
 */
export function shownLabels(points: number, spacing = 1): Set<number> {
  const step = Math.max(points <= 12 ? 1 : Math.ceil(points / 10), spacing);
  const last = points - 1;
  const shown = new Set<number>();
  for (let i = 0; i < last; i += step) if (last - i >= spacing) shown.add(i);
  if (points > 0) shown.add(last);
  return shown;
}

/** About the width an axis label takes (MM/DD, or 'Mar 26'), with the gap that keeps it apart from the next. */
const LABEL_PX = { day: 42, month: 50 } as const;
/** What the y axis, its title and the plot's margins take of the chart's width. */
const Y_AXIS_PX = 80;

/** How many points apart two x-axis labels must stand on a chart `width` px wide (1 while it is not measured yet). */
export function labelSpacing(points: number, width: number, bucket: 'day' | 'month'): number {
  if (points === 0 || width <= Y_AXIS_PX) return 1;
  return Math.max(1, Math.ceil(LABEL_PX[bucket] / ((width - Y_AXIS_PX) / points)));
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A bucket's axis label: MM/DD for a day, "Mar 26" for a month. */
export function tickLabel(date: string, bucket: 'day' | 'month'): string {
  if (bucket === 'month') return `${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(2, 4)}`;
  return `${date.slice(5, 7)}/${date.slice(8, 10)}`;
}

/** A bucket's full name for the tooltip: the day, or the first and last day of the month's part in the period. */
export function bucketLabel(date: string, endDate: string): string {
  return date === endDate ? formatDate(date) : `${formatDate(date)} - ${formatDate(endDate)}`;
}
